import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../tests/helpers/fixtures.ts";
import { extractProduct } from "../extract/index.ts";
import { classifyChallenge } from "../page/challenge/index.ts";
import { EncodedPage } from "../page/page-input.ts";
import {
  createExtractPool,
  type ExtractPool,
  extractTaskFile,
  inlineExtractor,
} from "./extract-pool.ts";

/** Megabytes of unclosed tags (4.5 MB by default): ~1 s of work per 4.5 MB, quiet machine. */
function hostilePage(megabytes = 4.5): string {
  return "<div>".repeat(Math.round((megabytes * 1_000_000) / 5));
}

const PAGE = `<!doctype html><html><head><title>Kettle</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Steel kettle",
"offers":{"@type":"Offer","price":"24.90","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Steel kettle</h1><p class="price">24,90 €</p><button>Add to cart</button></body></html>`;

describe("extraction pool", () => {
  let pool: ExtractPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it("reads a page on a worker thread exactly as extractProduct does inline", async () => {
    pool = createExtractPool({ threads: 1 });
    const read = await pool.extract(PAGE, "https://shop.example/kettle");
    expect(read).toEqual({
      kind: "ok",
      result: extractProduct(PAGE, "https://shop.example/kettle"),
    });
    expect(read.kind === "ok" && read.result.price).toEqual({ amountMinor: 2490, currency: "EUR" });
  });

  it("checks a page for a bot challenge when asked, and only when it gives no price", async () => {
    pool = createExtractPool({ threads: 1 });
    const url = "https://shop.example/kettle";
    const captcha = readFileSync(
      path.join(repoRoot, "tests/fixtures/challenges/amazon-captcha.html"),
      "utf8",
    );
    const check = { status: 200, headers: { "content-type": "text/html; charset=utf-8" } };
    // The store's page with PerimeterX's captcha box on it: a challenge by the rules alone, but
    // it gives its price, so it is read as the store's page (docs/decisions/0040).
    const priced = PAGE.replace("<h1>", '<div id="px-captcha"></div><h1>');
    expect(classifyChallenge(200, {}, priced)).toEqual({
      vendor: "perimeterx",
      challenge: "captcha",
    });
    const bytesOf = (html: string) => new EncodedPage(new TextEncoder().encode(html), "utf-8");
    for (const extract of [pool.extract, inlineExtractor]) {
      expect(await extract(bytesOf(captcha), url, {}, check)).toMatchObject({
        kind: "ok",
        result: { status: "not_product" },
        challenge: { vendor: "amazon", challenge: "captcha" },
      });
      expect(await extract(captcha, url, {}, check)).toMatchObject({
        challenge: { vendor: "amazon", challenge: "captcha" },
      });
      // Not asked (the fetcher checked it already): no check here.
      expect(await extract(bytesOf(captcha), url)).not.toHaveProperty("challenge");
      expect(await extract(bytesOf(priced), url, {}, check)).toEqual({
        kind: "ok",
        result: extractProduct(priced, url),
      });
    }
  });

  it("reads fetched bytes on the thread, decoded in their charset", async () => {
    pool = createExtractPool({ threads: 1 });
    const latin = PAGE.replace("24,90 €", "24,90 EUR").replace("Steel kettle", "Bouilloire à thé");
    const bytes = new EncodedPage(Buffer.from(latin, "latin1"), "windows-1252");
    const read = await pool.extract(bytes, "https://shop.example/kettle");
    expect(read).toEqual({
      kind: "ok",
      result: extractProduct(latin, "https://shop.example/kettle"),
    });
    expect(read.kind === "ok" && read.result.title).toBe("Bouilloire à thé");
    expect(await inlineExtractor(bytes, "https://shop.example/kettle")).toEqual(read);
  });

  it("reads a long page's bytes, decoded in pieces there, as the page in one string", async () => {
    pool = createExtractPool({ threads: 1 });
    // ~200 KB: the price comes after several pieces, and an é and a € straddle their ends.
    const filler = '<p class="note">Thé à la menthe, 5 € de remise. </p>\n'.repeat(3_800);
    const long = PAGE.replace("<h1>", `${filler}<h1>`);
    const bytes = new TextEncoder().encode(long);
    expect(bytes.length).toBeGreaterThan(4 * 32_768);
    const url = "https://shop.example/kettle";
    const read = await pool.extract(new EncodedPage(bytes, "utf-8"), url);
    expect(read).toEqual({ kind: "ok", result: extractProduct(long, url) });
    expect(read.kind === "ok" && read.result.price).toEqual({ amountMinor: 2490, currency: "EUR" });
  });

  it("moves the bytes of a page that owns its buffer to the thread, and copies any other", async () => {
    pool = createExtractPool({ threads: 1 });
    const url = "https://shop.example/kettle";
    const own = new Uint8Array(new TextEncoder().encode(PAGE));
    const moved = new EncodedPage(own, "utf-8", { isOwnBuffer: true });
    expect(await pool.extract(moved, url)).toEqual({
      kind: "ok",
      result: extractProduct(PAGE, url),
    });
    // Moved, not copied: the buffer is gone from this thread, and the page says so.
    expect(own.buffer.byteLength).toBe(0);
    expect(() => moved.text).toThrow(/handed over/);

    // A slice of a larger buffer (Node's pool of small buffers), or a page that does not own
    // its buffer, crosses as a copy and stays readable here.
    const slice = Buffer.from(PAGE);
    const sliced = new EncodedPage(slice, "utf-8", { isOwnBuffer: true });
    const whole = new EncodedPage(new TextEncoder().encode(PAGE), "utf-8");
    for (const page of [sliced, whole]) {
      expect(await pool.extract(page, url)).toEqual({
        kind: "ok",
        result: extractProduct(PAGE, url),
      });
      expect(page.text).toBe(PAGE);
    }
  });

  it("gives its threads the young generation asked, and V8's own by default", async () => {
    pool = createExtractPool({ threads: 1, youngGenerationMb: 16 });
    const read = await pool.extract(PAGE, "https://shop.example/kettle");
    expect(read).toEqual({
      kind: "ok",
      result: extractProduct(PAGE, "https://shop.example/kettle"),
    });
    expect(pool.stats()).toMatchObject({ threads: 1, youngGenerationMb: 16 });
    await pool.close();
    pool = createExtractPool({ threads: 1 });
    expect(pool.stats().youngGenerationMb).not.toBe(16);
  });

  it("passes the extraction options to the thread", async () => {
    pool = createExtractPool({ threads: 1 });
    const options = { preferredCandidateKey: "json_ld:$.offers.price" };
    const read = await pool.extract(PAGE, "https://shop.example/kettle", options);
    expect(read).toEqual({
      kind: "ok",
      result: extractProduct(PAGE, "https://shop.example/kettle", options),
    });
  });

  it("cuts a page that runs past the time budget, and reads the next page on the same thread", async () => {
    pool = createExtractPool({ threads: 1, timeBudgetMs: 400 });
    for (const page of [hostilePage(12), new EncodedPage(Buffer.from(hostilePage(12)), "utf-8")]) {
      const cut = await pool.extract(page, "https://shop.example/hostile");
      // Not waited on: answered once reading ran past the budget, not after the seconds the
      // page would take (counted from the moment the thread started reading).
      expect(cut.kind).toBe("cut");
      expect(cut.kind === "cut" && cut.afterMs).toBeGreaterThanOrEqual(400);
      expect(cut.kind === "cut" && cut.afterMs).toBeLessThan(1_500);
      // Reading stopped by itself between two pieces of the page: no thread was terminated
      // (terminating one while another starts can crash the process: nodejs/node#56312).
      expect(pool.stats()).toMatchObject({ running: 0, queued: 0, stopped: 0 });
      const next = await pool.extract(PAGE, "https://shop.example/kettle");
      expect(next.kind === "ok" && next.result.status).toBe("ok");
    }
  });

  it("stops a thread from outside when its reading does not stop by itself, and replaces it", async () => {
    const neverStops = path.join(repoRoot, "tests/fixtures/workers/never-stops-task.ts");
    pool = createExtractPool({ threads: 1, timeBudgetMs: 200, filename: neverStops });
    const cut = await pool.extract(PAGE, "https://shop.example/kettle");
    expect(cut.kind).toBe("cut");
    // The hard stop: twice the budget, and at least the budget and a second.
    expect(cut.kind === "cut" && cut.afterMs).toBeGreaterThanOrEqual(1_200);
    expect(cut.kind === "cut" && cut.afterMs).toBeLessThan(3_000);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, stopped: 1 });
  });

  it("answers busy when its queue is full instead of queueing without bound", async () => {
    pool = createExtractPool({ threads: 1, maxQueue: 1, timeBudgetMs: 400 });
    const reading = pool.extract(hostilePage(12), "https://shop.example/a");
    const waiting = pool.extract(PAGE, "https://shop.example/b");
    expect(pool.stats()).toMatchObject({ threads: 1, running: 1, queued: 1 });
    expect(await pool.extract(PAGE, "https://shop.example/c")).toEqual({ kind: "busy" });
    expect((await reading).kind).toBe("cut");
    // The budget counts reading, not waiting: the page queued behind the cut one is read.
    expect((await waiting).kind).toBe("ok");
  });

  it("runs pages on as many threads as asked, side by side", async () => {
    pool = createExtractPool({ threads: 2, timeBudgetMs: 60_000 });
    const both = [pool.extract(PAGE, "https://shop.example/1"), pool.extract(PAGE, "https://a/2")];
    expect(pool.stats()).toMatchObject({ threads: 2, running: 2, queued: 0 });
    expect((await Promise.all(both)).map((r) => r.kind)).toEqual(["ok", "ok"]);
  });
});

describe("extractTaskFile", () => {
  it("uses the .ts source next to the module when running from source", () => {
    expect(extractTaskFile(pathToFileURL("/app/core/extract-pool/extract-pool.ts").href)).toBe(
      "/app/core/extract-pool/extract-task.ts",
    );
  });

  it("finds the built entry beside the bundle or one level up from a chunk", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "extract-task-"));
    try {
      mkdirSync(path.join(dir, "assets"));
      const chunk = pathToFileURL(path.join(dir, "assets", "chunk-abc.js")).href;
      expect(() => extractTaskFile(chunk)).toThrow(/not found/);
      writeFileSync(path.join(dir, "extract-task.js"), "export default () => null;\n");
      expect(extractTaskFile(chunk)).toBe(path.join(dir, "extract-task.js"));
      const bundle = pathToFileURL(path.join(dir, "index.js")).href;
      expect(extractTaskFile(bundle)).toBe(path.join(dir, "extract-task.js"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
