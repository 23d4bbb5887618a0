import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Stock words that speak of one way of buying, not of the product everywhere. "In-store only",
 * "Not sold online", "Nur im Markt erhältlich": the product is shown with its
 * price but cannot be bought here online. For a tracker that buys online it is out of stock
 * (decision 0088), as "Sold out online, available in store" is; the price stays the price.
 * Pages written for it; none names a store.
 */
function read(lang: string, body: string, availability?: string) {
  const host = lang === "en" ? "shop.example.com" : `shop.example.${lang}`;
  const ld = availability
    ? `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Leaf Blower", offers: { "@type": "Offer", price: "64.97", priceCurrency: "USD", availability: `https://schema.org/${availability}` } })}</script>`
    : "";
  const page = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Leaf Blower</title>${ld}</head><body><main><h1>Leaf Blower</h1>${body}</main></body></html>`;
  const r = extractProduct(page, `https://www.${host}/p/leaf-blower`);
  return `${r.price?.amountMinor ?? null} ${r.availability}`;
}

describe("in the store only, not sold online: out of stock, the price kept", () => {
  it.each([
    [
      "en",
      '<div>$89.00</div><span class="badge">In-store only</span><p><strong>Not sold online.</strong> In stock at 3 stores near you.</p><button type="button">Check other stores</button>',
      "8900 out_of_stock",
    ],
    [
      "de",
      '<div>12,99 €</div><p><strong>Nur im Markt erhältlich</strong></p><p>Dieser Artikel ist nicht online bestellbar. Verfügbar in 5 Märkten.</p><button type="button">Verfügbarkeit im Markt prüfen</button>',
      "1299 out_of_stock",
    ],
    [
      "fr",
      "<div>79,90 €</div><span>Disponible uniquement en magasin</span><p>Non vendu en ligne.</p><button>Voir la disponibilité en magasin</button>",
      "7990 out_of_stock",
    ],
  ])("%s: %s", (lang, body, want) => {
    expect(read(lang, body)).toBe(want);
  });

  it("schema.org's InStoreOnly is out of stock online too", () => {
    expect(
      read("en", '<div>$64.97</div><button type="button">Find in store</button>', "InStoreOnly"),
    ).toBe("6497 out_of_stock");
  });
});

describe("guards", () => {
  it("bought online and picked up in the store: in stock", () => {
    expect(
      read("en", "<div>$64.97</div><p>Free pickup in store today</p><button>Add to cart</button>"),
    ).toBe("6497 in_stock");
  });

  it("a live buy button beside a policy naming the store: in stock", () => {
    expect(
      read(
        "en",
        "<div>$64.97</div><button>Add to cart</button><p>Gift cards are redeemable in-store only.</p>",
      ),
    ).toBe("6497 in_stock");
  });
});

/**
 * "Currently unavailable from this seller." above "New (3) from $64.87": one seller's offer is
 * gone while others sell it new (a link to their offers, with its price, close by); the notice
 * speaks of that seller, as "Size L is sold out" speaks of a size.
 */
describe("unavailable from one seller, offered by others", () => {
  it.each([
    [
      "en",
      '<p>Currently unavailable from this seller.</p><div><a href="/offer-listing/B01?condition=new"><span>New (3) from</span> <span>$64.87</span></a></div><a href="/offer-listing/B01">See All Buying Options</a>',
    ],
    [
      "de",
      '<p>Bei diesem Verkäufer derzeit nicht verfügbar.</p><div><a href="/angebote/B01?zustand=neu"><span>Neu (4) ab</span> <span>29,99 €</span></a></div><a href="/angebote/B01">Alle Angebote ansehen</a>',
    ],
  ])("%s: no 'out of stock' from one seller's notice", (lang, body) => {
    expect(read(lang, body)).not.toMatch(/out_of_stock/);
  });

  it("one seller's notice with no other offer: out of stock", () => {
    expect(read("en", "<div>$64.87</div><p>Currently unavailable from this seller.</p>")).toBe(
      "6487 out_of_stock",
    );
  });
});
