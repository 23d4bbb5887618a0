import { describe, expect, it } from "vitest";
import { okOutcome } from "../../tests/helpers/fixtures.ts";
import { EncodedPage } from "../page/page-input.ts";
import type { FetchOutcome } from "./outcome.ts";
import { createRecentPages } from "./recent-pages.ts";
import type { FetchPageOptions } from "./types.ts";

function fakeStore() {
  const calls: Array<{ url: string; options: FetchPageOptions }> = [];
  const pages = new Map<string, string>();
  return {
    calls,
    pages,
    async fetchPage(url: string, options: FetchPageOptions = {}): Promise<FetchOutcome> {
      calls.push({ url, options });
      const body = pages.get(url);
      if (body === undefined) {
        return { kind: "http_error", url, finalUrl: url, status: 503 };
      }
      return okOutcome(url, { body, bytes: body.length });
    },
  };
}

const bodyOf = (outcome: FetchOutcome) => (outcome.kind === "ok" ? outcome.body : outcome.kind);

describe("createRecentPages", () => {
  it("saves the page the person was shown, within the time limit", async () => {
    const store = fakeStore();
    const url = "https://shop.test/p/1";
    store.pages.set(url, "<p>10.00</p>");
    let clock = 0;
    const recent = createRecentPages(store, { ttlMs: 1_000, now: () => clock });
    await recent.recording("alice").fetchPage(url);
    store.pages.set(url, "<p>9.00</p>");
    clock = 1_000;
    expect(bodyOf(await recent.reusing("alice").fetchPage(url))).toBe("<p>10.00</p>");
    expect(store.calls).toHaveLength(1);
    clock = 1_001;
    expect(bodyOf(await recent.reusing("alice").fetchPage(url))).toBe("<p>9.00</p>");
    expect(store.calls).toHaveLength(2);
  });

  it("keeps a page's bytes for the save when the preview's reading takes a fetched page over", async () => {
    const url = "https://shop.test/p/9";
    const html = "<p>Bouilloire 10,00 €</p>";
    // As the fetcher makes it: the body's own buffer, which a reader may move to its thread.
    const fetched = () =>
      okOutcome(url, {
        body: html,
        page: new EncodedPage(new TextEncoder().encode(html), "utf-8", { isOwnBuffer: true }),
      });
    const recent = createRecentPages({ fetchPage: async () => fetched() });
    const shown = await recent.recording("alice").fetchPage(url);
    // The preview is read (what the extraction pool does with a fetched page)…
    const preview = shown.kind === "ok" ? shown.page?.handOver() : undefined;
    expect(preview?.transferList).toEqual([]);
    // …and the save reads the same page again.
    const saved = await recent.reusing("alice").fetchPage(url);
    expect(saved).toBe(shown);
    const again = saved.kind === "ok" ? saved.page?.handOver() : undefined;
    expect(new TextDecoder().decode(again?.bytes)).toBe(html);
  });

  it("never shows anyone an old page: previews fetch, and pages are per person", async () => {
    const store = fakeStore();
    const url = "https://shop.test/p/2";
    store.pages.set(url, "<p>old</p>");
    const recent = createRecentPages(store);
    await recent.recording("alice").fetchPage(url);
    store.pages.set(url, "<p>new</p>");
    expect(bodyOf(await recent.recording("alice").fetchPage(url))).toBe("<p>new</p>");
    expect(bodyOf(await recent.reusing("alice").fetchPage(url))).toBe("<p>new</p>");
    store.pages.set(url, "<p>newer</p>");
    expect(bodyOf(await recent.reusing("bob").fetchPage(url))).toBe("<p>newer</p>");
    expect(store.calls).toHaveLength(3);
  });

  it("keeps pages apart by language and rendering, and never keeps a failure", async () => {
    const store = fakeStore();
    const url = "https://shop.test/p/3";
    store.pages.set(url, "<p>page</p>");
    const recent = createRecentPages(store);
    await recent.recording("alice").fetchPage(url, { acceptLanguage: "de-DE" });
    await recent.reusing("alice").fetchPage(url, { acceptLanguage: "fr-FR" });
    await recent.reusing("alice").fetchPage(url, { acceptLanguage: "de-DE", render: true });
    await recent.reusing("alice").fetchPage(url, { acceptLanguage: "de-DE" });
    expect(store.calls).toHaveLength(3);
    const down = "https://shop.test/p/down";
    await recent.recording("alice").fetchPage(down);
    expect((await recent.reusing("alice").fetchPage(down)).kind).toBe("http_error");
    expect(store.calls.filter((c) => c.url === down)).toHaveLength(2);
  });

  it("holds at most maxBytes of pages, dropping the oldest first", async () => {
    const store = fakeStore();
    for (const n of [1, 2, 3]) store.pages.set(`https://shop.test/${n}`, "x".repeat(100));
    const recent = createRecentPages(store, { maxBytes: 450 }); // two 200-byte pages fit
    for (const n of [1, 2, 3]) await recent.recording("a").fetchPage(`https://shop.test/${n}`);
    await recent.reusing("a").fetchPage("https://shop.test/3");
    await recent.reusing("a").fetchPage("https://shop.test/2");
    expect(store.calls).toHaveLength(3);
    await recent.reusing("a").fetchPage("https://shop.test/1");
    expect(store.calls).toHaveLength(4);
    // A page larger than the whole budget is passed through, not kept.
    store.pages.set("https://shop.test/big", "x".repeat(1_000));
    await recent.recording("a").fetchPage("https://shop.test/big");
    await recent.reusing("a").fetchPage("https://shop.test/big");
    expect(store.calls.filter((c) => c.url.endsWith("/big"))).toHaveLength(2);
  });
});
