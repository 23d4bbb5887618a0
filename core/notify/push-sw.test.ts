import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sampleAlert } from "../../tests/helpers/notify.ts";
import { buildPushPayload } from "./deliver.ts";

type Listener = (event: Record<string, unknown>) => void;

/** Runs public/push-sw.js against a fake ServiceWorkerGlobalScope. */
async function loadWorker(origin = "https://dropwave.example") {
  const code = await readFile(path.join(import.meta.dirname, "../../public/push-sw.js"), "utf8");
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const windows: Array<{ url: string; focus: () => Promise<void> }> = [];
  const self = {
    location: { origin },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  new Function("self", code)(self);

  async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return {
    shown,
    opened,
    focused,
    windows,
    push: (body: string | null) =>
      dispatch("push", {
        data: body === null ? null : { json: () => JSON.parse(body), text: () => body },
      }),
    click: (data: unknown) => {
      const notification = {
        data,
        isClosed: false,
        close() {
          this.isClosed = true;
        },
      };
      return dispatch("notificationclick", { notification }).then(() => notification);
    },
  };
}

describe("push service worker", () => {
  it("shows the alert and opens the product page on click", async () => {
    const sw = await loadWorker();
    const payload = buildPushPayload(sampleAlert(), "k1");
    await sw.push(JSON.stringify(payload));
    expect(sw.shown).toEqual([
      {
        title: "Price drop: Kettle now $39.99 (was $49.99)",
        options: {
          body: "Kettle is now $39.99 (was $49.99), −20.0 %.",
          icon: "https://shop.example/img/kettle.jpg",
          tag: "watch-6f1c2a34-0000-4000-8000-00000000000a",
          renotify: true,
          data: { url: payload.url },
        },
      },
    ]);
    const notification = await sw.click(sw.shown[0]?.options.data);
    expect(notification.isClosed).toBe(true);
    expect(sw.opened).toEqual([payload.url]);
  });

  it("focuses an open tab of the page instead of opening another", async () => {
    const sw = await loadWorker();
    const url = "https://dropwave.example/hub/watch/w1";
    const focused: string[] = [];
    sw.windows.push({ url, focus: async () => void focused.push(url) });
    await sw.click({ url });
    expect(focused).toEqual([url]);
    expect(sw.opened).toEqual([]);
  });

  it("never opens another origin, and survives a non-JSON or empty push", async () => {
    const sw = await loadWorker();
    await sw.click({ url: "https://evil.example/phish" });
    await sw.click({ url: "javascript:alert(1)" });
    expect(sw.opened).toEqual(["https://dropwave.example/hub", "https://dropwave.example/hub"]);
    await sw.push("not json");
    await sw.push(null);
    expect(sw.shown.map((s) => [s.title, s.options.body])).toEqual([
      ["Dropwave", "not json"],
      ["Dropwave", ""],
    ]);
  });
});
