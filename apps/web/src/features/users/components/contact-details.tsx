import type { TPublicUser } from "@waterside/shared/users";
import { Link, useLocation } from "react-router";
import { withSignal } from "~/lib/api-client";
import { authedTransport, rememberReturnRoute, useSession } from "~/lib/session";
import { getUser } from "../api/get-user";
import { useLoad } from "~/lib/use-load";

/**
 * The server renders every profile as a visitor sees it, without email and phone (decision 033). Once the
 * browser knows someone is signed in, it asks again with their token: the email, and the phone number only on one's
 * own profile (others' numbers are revealed on their ads, decision 072).
 */
function useContact(user: TPublicUser) {
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const fetched = useLoad(
    signedIn && user.email === null ? (signal) => getUser(withSignal(authedTransport, signal), user.id) : null,
    user.id,
  );

  if (user.email !== null) return { state: "shown", contact: user } as const;
  if (!signedIn) return { state: "visitor" } as const;
  if (fetched.error) return { state: "error" } as const;
  if (!fetched.data) return { state: "loading" } as const;
  return { state: "shown", contact: fetched.data } as const;
}

/**
 * Spec §2 /profile/{userId}: the email for signed-in users, visitors asked to log in first; a seller's phone number is
 * revealed on their ads (decision 072), which the section says.
 */
export function ContactDetails({ user }: { user: TPublicUser }) {
  const location = useLocation();
  const contact = useContact(user);
  const session = useSession();
  const own = session.status === "signed-in" && session.user.id === user.id;
  return (
    <div aria-live="polite" aria-busy={contact.state === "loading"}>
      {contact.state === "visitor" && (
        <p className="text-slate-700">
          <Link
            to="/auth"
            onClick={() => rememberReturnRoute(location.pathname + location.search)}
            className="font-medium text-emerald-800 underline"
          >
            Log in
          </Link>{" "}
          to see {user.name}&apos;s email.
        </p>
      )}
      {contact.state === "loading" && <p className="text-slate-600">Loading contact details…</p>}
      {contact.state === "error" && (
        <p role="alert" className="text-slate-700">
          Contact details could not be loaded. Please reload the page.
        </p>
      )}
      {contact.state === "shown" && !contact.contact.phone_number && !contact.contact.email && (
        <p className="text-slate-600">No email shared.</p>
      )}
      {contact.state === "shown" && (contact.contact.phone_number || contact.contact.email) && (
        <ul className="space-y-1 text-slate-700">
          {contact.contact.phone_number && (
            <li>
              Phone:{" "}
              <a
                href={`tel:+${contact.contact.phone_number.replace(/\D/g, "")}`}
                className="font-medium text-emerald-800 underline"
              >
                {contact.contact.phone_number}
              </a>
            </li>
          )}
          {contact.contact.email && (
            <li>
              Email:{" "}
              <a href={`mailto:${contact.contact.email}`} className="font-medium text-emerald-800 underline">
                {contact.contact.email}
              </a>
            </li>
          )}
        </ul>
      )}
      {!own && (
        <p className="mt-2 text-sm text-slate-600">
          To call {user.name}, open one of their ads and choose Show phone number.
        </p>
      )}
    </div>
  );
}
