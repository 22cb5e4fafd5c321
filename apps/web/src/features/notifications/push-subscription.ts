import type { TPushSubscription } from "@waterside/shared/notifications";
import { SERVICE_WORKER_URL } from "~/lib/offline-caches";
import { authedTransport } from "~/lib/session";
import { deletePushSubscription } from "./api/delete-push-subscription";
import { getPushKey } from "./api/get-push-key";
import { savePushSubscription } from "./api/save-push-subscription";

/** Whether this browser can receive Web Push at all (iOS only from the home screen, old Androids not). */
export const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function registration() {
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
}

/** This browser's current subscription, if it has one. */
export async function currentSubscription() {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration("/");
  return (await existing?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the user (the browser's own prompt, only on their click), subscribes this browser with the server's key and
 * registers the subscription. Returns why it could not, in words for the screen.
 */
export async function subscribeThisBrowser(): Promise<string | null> {
  if (!pushSupported()) return "This browser cannot show notifications.";
  const key = await getPushKey(authedTransport);
  if (!key) return "Notifications are not available right now.";
  if ((await Notification.requestPermission()) !== "granted") {
    return "Notifications are blocked for this site in your browser settings.";
  }
  const worker = await registration();
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await savePushSubscription(authedTransport, subscription.toJSON() as TPushSubscription);
  return null;
}

export async function unsubscribeThisBrowser() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await deletePushSubscription(authedTransport, subscription.endpoint).catch(() => {});
  await subscription.unsubscribe();
}
