// A store stand-in for the container test and benchmark, run in the stack itself
// (compose.test.yaml) on the Dropwave image's Node. Plain JavaScript: no dependencies.
//   GET  /p/NAME                 a product page (JSON-LD), price 10.00 EUR unless set
//   PUT  /price/NAME?value=9.00  sets that page's price
//   GET  /hits/NAME              how often that page was requested
import { createServer } from "node:http";

const prices = new Map();
const hits = new Map();

function page(name, price) {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: `Kettle ${name}`,
    sku: name,
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
    },
  };
  return `<!doctype html><html lang="en"><head><title>Kettle ${name}</title>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><h1>Kettle ${name}</h1><p class="price">${price} €</p><button>Add to cart</button></body></html>`;
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://store");
  const [, kind, name] = url.pathname.split("/");
  if (kind === "p" && name && request.method === "GET") {
    hits.set(name, (hits.get(name) ?? 0) + 1);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(page(name, prices.get(name) ?? "10.00"));
  } else if (kind === "price" && name && request.method === "PUT") {
    prices.set(name, url.searchParams.get("value") ?? "10.00");
    response.writeHead(204).end();
  } else if (kind === "hits" && name) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ hits: hits.get(name) ?? 0 }));
  } else {
    response.writeHead(404).end();
  }
});
server.listen(8080, "0.0.0.0", () => console.log("store listening on 8080"));
for (const signal of ["SIGTERM", "SIGINT"])
  process.once(signal, () => server.close(() => process.exit(0)));
