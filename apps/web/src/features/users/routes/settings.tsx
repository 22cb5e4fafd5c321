import { BRAND } from "@waterside/shared/brand";
import { Link } from "react-router";
import type { Route } from "./+types/settings";
import { requireSession } from "~/lib/require-session";
import { ContactPreference } from "../components/contact-preference";

export const meta: Route.MetaFunction = () => [
  { title: `Settings | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { user: requireSession(request).user };
}

export function HydrateFallback() {
  return <div className="mx-auto min-h-[40vh] max-w-2xl px-4 py-8" aria-busy="true" />;
}

/** Spec §2 /settings: where a password change lands. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const links = [
    { tab: "details", label: "Personal details", text: "Name, email, phone, picture." },
    { tab: "password", label: "Change password", text: "Other devices are signed out when you change it." },
    { tab: "delete-account", label: "Delete account", text: "Remove your account and data for good." },
  ];
  const pages = [
    { to: "/settings/notifications", label: "Notifications", text: "Email and browser notifications of messages." },
  ];
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <p className="text-slate-600">Signed in as {loaderData.user.email ?? loaderData.user.phone_number}.</p>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {[...links.map((link) => ({ ...link, to: `/profile?tab=${link.tab}` })), ...pages].map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block px-4 py-3 hover:bg-slate-50">
              <span className="font-medium">{link.label}</span>
              <span className="block text-sm text-slate-600">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ContactPreference user={loaderData.user} />
    </div>
  );
}
