/**
 * Chat notifications pushed while the site is closed (decision 042): shown, and a tap opens the chat. This was the
 * whole worker before it cached anything (decision 102).
 */
declare const self: ServiceWorkerGlobalScope;

interface PushedMessage {
  title: string;
  body: string;
  tag: string;
  url?: string;
}

export function handlePushNotifications() {
  self.addEventListener("push", (event) => {
    const message = event.data ? (event.data.json() as PushedMessage | null) : null;
    if (!message) return;
    event.waitUntil(
      self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        // Not in TypeScript's NotificationOptions yet: a new message in the same chat alerts again.
        ...{ renotify: true },
        icon: "/favicon.svg",
        data: { url: message.url },
      }),
    );
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/chat", self.location.origin);
    if (url.origin !== self.location.origin) return;
    event.waitUntil(
      self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
        const open = windows.find((client) => new URL(client.url).pathname.startsWith("/chat"));
        if (open) return open.navigate(url.href).then((client) => client?.focus());
        return self.clients.openWindow(url.href);
      }),
    );
  });
}
