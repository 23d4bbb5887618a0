import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createFetcher, type Fetcher, type FetcherOptions } from "../../core/fetch/index.ts";

export type StorePage = {
  status?: number;
  /** A Buffer for binary answers (pictures). */
  body: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Answer after this long (a slow store; tests of work in flight). */
  delayMs?: number;
  /**
   * What Dropwave's own fetcher gets instead (its user agent names Dropwave): a store that
   * shows servers a bot wall and people's browsers the real page.
   */
  forServer?: Omit<StorePage, "forServer">;
};

/**
 * A local "store" on 127.0.0.1 for tests: serves whatever page each path is set to, counts
 * every request per path, and lets a test change a page (a price change) at any time.
 */
export async function startStoreServer() {
  const pages = new Map<string, StorePage>();
  const hits = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://store.test").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const entry = pages.get(path);
    const isServer = /Dropwave\//.test(req.headers["user-agent"] ?? "");
    const page = entry && isServer && entry.forServer ? entry.forServer : entry;
    if (!page) {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<!doctype html><title>Not found</title><h1>Not found</h1>");
      return;
    }
    const send = () => {
      res.writeHead(page.status ?? 200, {
        "content-type": page.contentType ?? "text/html; charset=utf-8",
        ...page.headers,
      });
      res.end(page.body);
    };
    if (page.delayMs) setTimeout(send, page.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    setPage(path: string, page: StorePage | string) {
      pages.set(path, typeof page === "string" ? { body: page } : page);
    },
    hitsFor: (path: string) => hits.get(path) ?? 0,
    totalHits: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A product page whose structured data names two prices (a member price first, then today's),
 * so extraction cannot tell which is the product's; the buy box shows both with their words.
 */
export const ambiguousProductPage = (
  title: string,
  today: string,
  member: string,
) => `<!doctype html>
<html lang="en"><head><title>${title}</title>
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: title,
  offers: [
    { "@type": "Offer", price: member, priceCurrency: "USD" },
    { "@type": "Offer", price: today, priceCurrency: "USD" },
  ],
})}</script></head>
<body><h1>${title}</h1>
<div class="pdp-prices"><span class="tag">Member price</span> <span class="p-member">$${member}</span>
<span class="tag">Today</span> <span class="p-today">$${today}</span></div>
<button>Add to cart</button></body></html>`;

/** A minimal product page with JSON-LD, for tests that need a price to change. */
export function productPage(options: {
  title: string;
  price: string | null;
  currency?: string;
  availability?: "InStock" | "OutOfStock";
  image?: string;
  /** More of the buy box after the price ("<p>Shipping: $4.99</p>"). */
  extra?: string;
}): string {
  const offers =
    options.price === null
      ? {
          "@type": "Offer",
          availability: `https://schema.org/${options.availability ?? "OutOfStock"}`,
        }
      : {
          "@type": "Offer",
          price: options.price,
          priceCurrency: options.currency ?? "USD",
          availability: `https://schema.org/${options.availability ?? "InStock"}`,
        };
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: options.title,
    image: options.image ?? "https://img.store.test/p.jpg",
    offers,
  };
  return `<!doctype html><html lang="en"><head><title>${options.title}</title>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><h1>${options.title}</h1>${options.price === null ? "<p>Sold out</p>" : `<p class="price">$${options.price}</p>`}${options.extra ?? ""}
<button>Add to cart</button></body></html>`;
}

/** A fetcher allowed to reach the local store (127.0.0.1), without politeness spacing (options may be overridden). */
export function testFetcher(overrides: Partial<FetcherOptions> = {}): Fetcher {
  return createFetcher({
    version: "test",
    publicUrl: "http://dropwave.test",
    allowPrivate: ["127.0.0.1/32"],
    hostSpacingMs: 0,
    hostConcurrency: 8,
    ...overrides,
  });
}

/**
 * A product page with the identities grouping reads (GTIN, brand, SKU) and, when given, a
 * "was" price (JSON-LD ListPrice): one product sold by several stores (issue #37).
 */
export function identifiedProductPage(options: {
  title: string;
  price: string;
  currency: string;
  gtin?: string;
  brand?: string;
  sku?: string;
  listPrice?: string;
  availability?: "InStock" | "OutOfStock";
}): string {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: options.title,
    image: "https://img.store.test/p.jpg",
    ...(options.gtin ? { gtin13: options.gtin } : {}),
    ...(options.brand ? { brand: { "@type": "Brand", name: options.brand } } : {}),
    ...(options.sku ? { sku: options.sku } : {}),
    offers: {
      "@type": "Offer",
      price: options.price,
      priceCurrency: options.currency,
      availability: `https://schema.org/${options.availability ?? "InStock"}`,
      ...(options.listPrice
        ? {
            priceSpecification: [
              {
                "@type": "UnitPriceSpecification",
                priceType: "https://schema.org/ListPrice",
                price: options.listPrice,
                priceCurrency: options.currency,
              },
            ],
          }
        : {}),
    },
  };
  return `<!doctype html><html lang="en"><head><title>${options.title}</title>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><h1>${options.title}</h1><p class="price">${options.price} ${options.currency}</p>
${options.availability === "OutOfStock" ? "<p>Sold out</p>" : "<button>Add to cart</button>"}</body></html>`;
}

/** A stand-in for the ECB's eurofxref-daily.xml: units of each currency per euro on `date`. */
export function referenceRatesFeed(date: string, perEur: Record<string, string>): string {
  const cubes = Object.entries(perEur)
    .map(([currency, rate]) => `<Cube currency='${currency}' rate='${rate}'/>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<gesmes:subject>Reference rates</gesmes:subject><Cube><Cube time='${date}'>${cubes}</Cube></Cube></gesmes:Envelope>`;
}
