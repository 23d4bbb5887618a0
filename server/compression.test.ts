import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, constants, createBrotliCompress, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import {
  compressResponses,
  flushingCompressor,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  precompressDirectory,
  precompressedAssets,
} from "./compression.ts";

const html = `<!doctype html><html><body>${"<p>Price dropped to 12.99 EUR</p>".repeat(200)}</body></html>`;
const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, t: "x" })) });

async function bodyBytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

function decode(bytes: Buffer, encoding: string | null): string {
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

describe("negotiateEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0.1", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["identity", undefined],
    ["*", "br"],
    ["*;q=0.2, br;q=0", "gzip"],
    ["BR", "br"],
    ["", undefined],
  ])("%j → %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it("picks only among the variants that exist", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBeUndefined();
  });
});

describe("compressResponses", () => {
  const app = new Hono();
  app.use(compressResponses());
  app.get("/page", (c) => c.html(html));
  app.get("/json", (c) => c.json(JSON.parse(json)));
  app.get("/tiny", (c) => c.json({ ok: true }));
  app.get("/png", (c) => c.body(new Uint8Array(4096), 200, { "content-type": "image/png" }));
  app.get("/encoded", (c) =>
    c.body(new Uint8Array(4096), 200, { "content-type": "text/plain", "content-encoding": "gzip" }),
  );
  app.get("/no-transform", (c) =>
    c.body("x".repeat(4096), 200, {
      "content-type": "text/plain",
      "cache-control": "no-transform",
    }),
  );
  app.get("/cookie", (c) => {
    c.header("set-cookie", "a=1; Path=/", { append: true });
    c.header("set-cookie", "b=2; Path=/", { append: true });
    return c.html(html);
  });
  app.get("/stream", () => {
    let step = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    (globalThis as { __release?: () => void }).__release = release;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        step += 1;
        if (step === 1) controller.enqueue(new TextEncoder().encode(`<head>${"h".repeat(2000)}`));
        else if (step === 2) {
          await gate;
          controller.enqueue(new TextEncoder().encode("<body>late</body>"));
        } else controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
  });

  const get = (path: string, acceptEncoding?: string) =>
    app.request(path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends HTML and JSON in Brotli when asked, and the body decodes to the original", async () => {
    for (const [path, original] of [
      ["/page", html],
      ["/json", json],
    ] as const) {
      const response = await get(path, "gzip, deflate, br");
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("content-length")).toBeNull();
      const bytes = await bodyBytes(response);
      expect(bytes.length).toBeLessThan(Buffer.byteLength(original) / 3);
      expect(decode(bytes, "br")).toBe(original);
    }
  });

  it("falls back to gzip, and to identity (still varying) when nothing is accepted", async () => {
    const gzipped = await get("/page", "gzip;q=1.0, identity; q=0.5");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(decode(await bodyBytes(gzipped), "gzip")).toBe(html);

    const plain = await get("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(html);
  });

  it("leaves tiny bodies, images, encoded and no-transform bodies as they are", async () => {
    const tiny = await get("/tiny", "br");
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.json()).toEqual({ ok: true });
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(MIN_COMPRESS_BYTES);

    const png = await get("/png", "br");
    expect(png.headers.get("content-encoding")).toBeNull();
    expect(png.headers.get("vary")).toBeNull();
    expect((await bodyBytes(png)).length).toBe(4096);

    const encoded = await get("/encoded", "br");
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect((await bodyBytes(encoded)).length).toBe(4096);

    const noTransform = await get("/no-transform", "br");
    expect(noTransform.headers.get("content-encoding")).toBeNull();
  });

  it("keeps every Set-Cookie header once", async () => {
    const response = await get("/cookie", "br");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("streams: the first chunk arrives decoded before the producer has finished", async () => {
    const response = await get("/stream", "br");
    expect(response.headers.get("content-encoding")).toBe("br");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The head is decodable on its own (a flushed Brotli block) while the body is still held.
    const { createBrotliDecompress } = await import("node:zlib");
    const decoder = createBrotliDecompress();
    const decoded: Buffer[] = [];
    decoder.on("data", (d: Buffer) => decoded.push(d));
    decoder.write(first.value);
    await new Promise<void>((resolve) => decoder.flush(constants.BROTLI_OPERATION_FLUSH, resolve));
    expect(Buffer.concat(decoded).toString()).toBe(`<head>${"h".repeat(2000)}`);
    (globalThis as { __release?: () => void }).__release?.();
    const rest: Uint8Array[] = [];
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      rest.push(next.value);
    }
    for (const chunk of rest) decoder.write(chunk);
    await new Promise<void>((resolve) => decoder.end(resolve));
    expect(Buffer.concat(decoded).toString()).toBe(`<head>${"h".repeat(2000)}<body>late</body>`);
  });
});

describe("flushingCompressor", () => {
  it("cancels the producer when the reader goes away mid-stream", async () => {
    let cancelled = false;
    let n = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        n += 1;
        controller.enqueue(new TextEncoder().encode(`<p>row ${n}</p>`.repeat(50)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const reader = source.pipeThrough(flushingCompressor(createBrotliCompress(), "br")).getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await expect.poll(() => cancelled).toBe(true);
  });

  it("survives the reader going away while the last bytes are compressed (no uncaught error)", async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      const zlib = createBrotliCompress();
      const compressor = flushingCompressor(zlib, "br");
      const writer = compressor.writable.getWriter();
      const reader = compressor.readable.getReader();
      // Incompressible, so zlib still has output to give after the page is fully written.
      void writer.write(new Uint8Array(randomBytes(300_000))).catch(() => {});
      void writer.close().catch(() => {});
      await reader.read();
      await new Promise((resolve) => setImmediate(resolve));
      await reader.cancel("the browser closed the tab").catch(() => {});
      await expect.poll(() => zlib.destroyed).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
    }
  });

  it("round-trips many chunks", async () => {
    const parts = Array.from({ length: 500 }, (_, i) => `chunk ${i} `.repeat(i % 7));
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    const compressed = source.pipeThrough(
      flushingCompressor(
        createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
        "br",
      ),
    );
    const bytes = Buffer.from(await new Response(compressed).arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(parts.join(""));
  });
});

describe("precompressed build assets", () => {
  const root = mkdtempSync(join(tmpdir(), "dropwave-precompress-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "assets"));
  const script = `export const prices = [${Array.from({ length: 400 }, (_, i) => i * 3).join(",")}];\n`;
  writeFileSync(join(root, "assets", "app-abc123.js"), script);
  writeFileSync(join(root, "assets", "tiny-abc123.js"), "export {};\n");
  writeFileSync(join(root, "favicon.svg"), `<svg>${"<g/>".repeat(400)}</svg>`);
  writeFileSync(join(root, "picture.png"), Buffer.alloc(4096));
  const written = precompressDirectory(root);

  const app = new Hono();
  app.use("*", precompressedAssets({ root }));
  app.get("*", (c) => c.text("identity fallback", 200, { "content-type": "text/javascript" }));

  it("writes .br and .gz for compressible files big enough to gain from it", () => {
    const names = written.map((w) => `${w.file.slice(root.length)} ${w.encoding}`).sort();
    expect(names).toEqual([
      "/assets/app-abc123.js br",
      "/assets/app-abc123.js gzip",
      "/favicon.svg br",
      "/favicon.svg gzip",
    ]);
  });

  it("serves the Brotli file with the original type, Vary and a year's immutable cache", async () => {
    const response = await app.request("/assets/app-abc123.js", {
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = await bodyBytes(response);
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    expect(decode(bytes, "br")).toBe(script);
  });

  it("serves gzip to a gzip-only client, and hands identity and ranges to the plain handler", async () => {
    const gz = await app.request("/assets/app-abc123.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(decode(await bodyBytes(gz), "gzip")).toBe(script);

    const identity = await app.request("/assets/app-abc123.js");
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(identity.headers.get("vary")).toBe("Accept-Encoding");
    expect(await identity.text()).toBe("identity fallback");

    const ranged = await app.request("/assets/app-abc123.js", {
      headers: { "accept-encoding": "br", range: "bytes=0-10" },
    });
    expect(ranged.headers.get("content-encoding")).toBeNull();
  });

  it("only ever serves files that were compressed at build", async () => {
    const svg = await app.request("/favicon.svg", { headers: { "accept-encoding": "br" } });
    expect(svg.headers.get("content-encoding")).toBe("br");
    expect(svg.headers.get("cache-control")).toBeNull();
    for (const path of ["/assets/tiny-abc123.js", "/picture.png", "/assets/missing.js"]) {
      const response = await app.request(path, { headers: { "accept-encoding": "br" } });
      expect(response.headers.get("content-encoding")).toBeNull();
    }
    expect(readFileSync(join(root, "favicon.svg.br")).length).toBeGreaterThan(0);
  });
});
