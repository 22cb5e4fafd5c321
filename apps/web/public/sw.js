// Waterside's service worker: it shows chat notifications pushed while the site is closed (decision 042) and opens
// the chat on a tap. It caches nothing.
self.addEventListener("push", (event) => {
  const message = event.data ? event.data.json() : null;
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      renotify: true,
      icon: "/favicon.svg",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/chat", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith("/chat"));
      if (open) return open.navigate(url.href).then((client) => client && client.focus());
      return self.clients.openWindow(url.href);
    }),
  );
});
