import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { preloadsLastInHead } from "./script-priority.server.ts";

const PAGE =
  '<!DOCTYPE html><html><head><link rel="icon" href="/i.svg"/>' +
  '<link rel="preload" as="image" href="/img/p.jpg" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/x.css"/></head>' +
  '<body><pre>&lt;link rel="modulepreload" </pre><link rel="modulepreload" href="/late.js"/></body></html>';

async function run(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(preloadsLastInHead()));
}

describe("preloadsLastInHead", () => {
  it("puts the preloads in <head> after the stylesheet, module preloads at low priority, and leaves the rest alone", async () => {
    const out = await run([PAGE]);
    expect(out).toBe(
      '<!DOCTYPE html><html><head><link rel="icon" href="/i.svg"/><link rel="stylesheet" href="/x.css"/>' +
        '<link rel="preload" as="image" href="/img/p.jpg" fetchPriority="high"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/></head>' +
        // after </head>: untouched
        '<body><pre>&lt;link rel="modulepreload" </pre><link rel="modulepreload" href="/late.js"/></body></html>',
    );
  });

  it("gives the same bytes whichever way the stream is cut", async () => {
    const expected = await run([PAGE]);
    for (let size = 1; size <= 40; size++) {
      const chunks: string[] = [];
      for (let at = 0; at < PAGE.length; at += size) chunks.push(PAGE.slice(at, at + size));
      expect(await run(chunks)).toBe(expected);
    }
  });

  it("keeps multi-byte text whole when a chunk ends inside a character", async () => {
    const page = "<html><head><title>Prix — café</title></head><body>€ 12,99</body></html>";
    const bytes = Buffer.from(page);
    const chunks = Readable.from([
      bytes.subarray(0, 27),
      bytes.subarray(27, 61),
      bytes.subarray(61),
    ]);
    expect(await text(chunks.pipe(preloadsLastInHead()))).toBe(page);
  });

  it("passes a page without a <head> end through whole", async () => {
    expect(await run(['<p>a</p><link rel="modul', "epreload"])).toBe(
      '<p>a</p><link rel="modulepreload',
    );
  });
});

describe("preloadsLastInHead as the response body", () => {
  it("says when the whole page has been written, not before", async () => {
    let finals = 0;
    const body = preloadsLastInHead({ onFinal: () => finals++ });
    body.write(Buffer.from("<html><head></head>"));
    expect(finals).toBe(0);
    body.end(Buffer.from("<body></body></html>"));
    expect(await text(body)).toBe("<html><head></head><body></body></html>");
    expect(finals).toBe(1);
  });
});
