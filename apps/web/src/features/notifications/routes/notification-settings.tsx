import { BRAND } from "@waterside/shared/brand";
import type { TNotificationSettings } from "@waterside/shared/notifications";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/notification-settings";
import { notify } from "~/lib/notify";
import { requireSession } from "~/lib/require-session";
import { authedTransport } from "~/lib/session";
import { getNotificationSettings } from "../api/get-notification-settings";
import { updateNotificationSettings } from "../api/update-notification-settings";
import { currentSubscription, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from "../push-subscription";

export const meta: Route.MetaFunction = () => [
  { title: `Notifications | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireSession(request);
  const [settings, subscription] = await Promise.all([getNotificationSettings(authedTransport), currentSubscription()]);
  return { settings, subscribedHere: subscription !== null };
}

export function HydrateFallback() {
  return <div className="mx-auto min-h-[40vh] max-w-2xl px-4 py-8" aria-busy="true" />;
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-2xl space-y-3 px-4 py-8">
      <h1 className="text-2xl font-semibold">Notifications</h1>
      <p role="alert">Your notification settings could not be loaded. Please reload the page.</p>
    </div>
  );
}

/** Beyond the spec (decision 042): how chat messages reach the user while they are away, per channel. */
export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const [settings, setSettings] = useState<TNotificationSettings>(loaderData.settings);
  const [subscribedHere, setSubscribedHere] = useState(loaderData.subscribedHere);
  const [busy, setBusy] = useState(false);
  // Rendered in the browser only (the server renders HydrateFallback), so the browser can be asked directly.
  const supported = pushSupported();

  async function save(changes: Partial<TNotificationSettings>) {
    setBusy(true);
    try {
      setSettings(await updateNotificationSettings(authedTransport, changes));
      notify("success", "Updated!");
    } catch {
      notify("error", "Your settings could not be saved. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  async function togglePushHere(on: boolean) {
    setBusy(true);
    try {
      if (on) {
        const problem = await subscribeThisBrowser();
        if (problem) notify("error", problem);
        else {
          setSubscribedHere(true);
          if (!settings.push) await save({ push: true });
        }
      } else {
        await unsubscribeThisBrowser();
        setSubscribedHere(false);
      }
    } catch {
      notify("error", "Notifications could not be turned on in this browser.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-semibold">Notifications</h1>
      <p className="text-slate-600">How we tell you of a chat message while you are away from {BRAND}.</p>
      <fieldset className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4" disabled={busy}>
        <legend className="sr-only">Channels</legend>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5"
            checked={settings.email}
            onChange={(event) => void save({ email: event.target.checked })}
          />
          <span>
            <span className="font-medium">Email</span>
            <span className="block text-sm text-slate-600">
              When a message waits unread for 10 minutes; at most one email an hour per chat.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5"
            checked={settings.push}
            onChange={(event) => void save({ push: event.target.checked })}
          />
          <span>
            <span className="font-medium">Browser notifications</span>
            <span className="block text-sm text-slate-600">On every device where you turned them on below.</span>
          </span>
        </label>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5"
            checked={subscribedHere}
            disabled={!supported}
            onChange={(event) => void togglePushHere(event.target.checked)}
          />
          <span>
            <span className="font-medium">Notifications on this device</span>
            <span className="block text-sm text-slate-600">
              {supported
                ? "Your browser asks for permission the first time."
                : "This browser cannot show notifications."}
            </span>
          </span>
        </label>
      </fieldset>
      <Link to="/settings" className="inline-block text-emerald-800 underline">
        Back to settings
      </Link>
    </div>
  );
}
