/**
 * The benchmark's store: a child process serving `/p/<i>` product pages on loopback, with
 * prices that change on a schedule, counting every request per product.
 *   node bench/checks/store.ts <products> <pages: small|corpus>
 * Prints its origin on stdout; GET /__stats answers {hits, doubleChecks, missed}.
 * Price schedule: every 2 s, one product in ten drops by 5 % (and goes back the next slot),
 * so the alert decision and the event insert are exercised, never the hold for steep drops.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const products = Number(process.argv[2] ?? 10_000);
const pagesKind = process.argv[3] ?? "small";
const hits = new Uint32Array(products);
const startedAt = Date.now();

/** Base price of product i in cents, and the price it shows now. */
export function priceAt(i: number, nowMs: number): number {
  const base = 1_000 + (i % 500) * 10;
  const slot = Math.floor((nowMs - startedAt) / 2_000);
  return (i + slot) % 10 === 0 ? Math.round(base * 0.95) : base;
}

function smallPage(i: number, cents: number): string {
  const price = (cents / 100).toFixed(2);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: `Bench product ${i}`,
    image: `https://img.store.test/${i}.jpg`,
    sku: `SKU-${i}`,
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    },
  };
  const filler = Array.from(
    { length: 40 },
    (_, k) => `<li><a href="/c/${k}">Category ${k}</a> <span>Related item ${k}</span></li>`,
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench product ${i}</title>
<meta property="og:title" content="Bench product ${i}"><meta property="og:type" content="product">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><header><nav><ul>${filler}</ul></nav></header><main><h1>Bench product ${i}</h1>
<p class="price">$${price}</p><button>Add to cart</button><p>${"Lorem ipsum dolor sit amet. ".repeat(40)}</p></main></body></html>`;
}

/**
 * Real saved pages, served as they were saved (encoded once: this server stands in for a store
 * elsewhere, so encoding a page per request would bill its CPU to the checks being measured).
 */
function corpusPages(): Buffer[] {
  // The shared saved pages: beside the checkout (../shared) or beside the worktrees (../../shared).
  const dir =
    [
      process.env.CORPUS_DIR,
      "../shared/corpus/benchmark",
      "../../shared/corpus/benchmark",
      "../shared/corpus",
    ]
      .filter((d): d is string => Boolean(d))
      .map((d) => path.resolve(d))
      .find((d) => existsSync(path.join(d, "manifest.jsonl"))) ?? path.resolve("../shared/corpus");
  const lines = readFileSync(path.join(dir, "manifest.jsonl"), "utf8").split("\n").filter(Boolean);
  const pages: Buffer[] = [];
  for (const line of lines) {
    const entry = JSON.parse(line) as { file?: string; path?: string };
    const file = entry.file ?? entry.path;
    if (!file) continue;
    try {
      pages.push(readFileSync(path.join(dir, file)));
    } catch {}
  }
  return pages;
}

const corpus = pagesKind === "corpus" ? corpusPages() : [];

const server = createServer((req, res) => {
  const url = req.url ?? "/";
  if (url === "/__stats") {
    let doubleChecks = 0;
    let missed = 0;
    let total = 0;
    for (const n of hits) {
      total += n;
      if (n === 0) missed += 1;
      if (n > 1) doubleChecks += n - 1;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ hits: total, doubleChecks, missed }));
    return;
  }
  const match = /^\/p\/(\d+)$/.exec(url);
  const i = match ? Number(match[1]) : -1;
  if (i < 0 || i >= products) {
    res.writeHead(404, { "content-type": "text/html" });
    res.end("not found");
    return;
  }
  hits[i] = (hits[i] ?? 0) + 1;
  const cents = priceAt(i, Date.now());
  const body = corpus.length > 0 ? corpus[i % corpus.length]! : smallPage(i, cents);
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`http://127.0.0.1:${port}\n`);
});
