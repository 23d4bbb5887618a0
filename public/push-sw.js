/*
 * Dropwave's service worker for browser push: shows each alert as a notification and opens
 * the product's page in the hub on click. The payload is the JSON built by core/notify
 * (buildPushPayload): { title, body, url, icon?, tag?, idempotencyKey? }.
 * Register it from the page with navigator.serviceWorker.register("/push-sw.js").
 */

/** Only pages of this Dropwave are opened; anything else falls back to the hub. */
function safeUrl(value) {
  try {
    const url = new URL(String(value), self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // fall through
  }
  return new URL("/hub", self.location.origin).href;
}

function readPayload(data) {
  if (!data) return {};
  try {
    const value = data.json();
    return value && typeof value === "object" ? value : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === "string" && payload.title ? payload.title : "Dropwave";
  const options = {
    body: typeof payload.body === "string" ? payload.body : "",
    data: { url: safeUrl(payload.url ?? "/hub") },
  };
  if (typeof payload.icon === "string") options.icon = payload.icon;
  if (typeof payload.tag === "string") {
    // One notification per watch: a newer alert replaces the older one and rings again.
    options.tag = payload.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data?.url ?? "/hub");
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
