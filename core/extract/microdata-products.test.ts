import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * A page whose own product and a row of related items each carry microdata (issue #34,
 * precision): the items' prices are other products', whatever their class names say. The page's
 * product is the first one with a price.
 */
function page(lang: string, host: string, own: string, others: readonly string[]) {
  const item = (name: string, price: string, currency: string, shown: string) =>
    `<div class="c3" itemscope itemtype="https://schema.org/Product"><a href="/p/x" itemprop="name">${name}</a>
     <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${price}">
     <meta itemprop="priceCurrency" content="${currency}"><span class="c4">${shown}</span></div></div>`;
  const currency = host.endsWith(".com") ? "USD" : "EUR";
  const shown = (amount: string) =>
    currency === "USD" ? `$${amount}` : `${amount.replace(".", ",")} €`;
  const html = `<!doctype html><html lang="${lang}"><head><title>Watch</title></head><body><main>
<div class="c1" itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Field watch</h1>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${own}">
<meta itemprop="priceCurrency" content="${currency}"><p class="c2">${shown(own)}</p></div>
<button>${lang === "de" ? "In den Warenkorb" : "Add to cart"}</button></div>
<section class="c5"><div class="c6">${others.map((o, i) => item(`Watch ${i}`, o, currency, shown(o))).join("")}</div></section>
</main></body></html>`;
  return extractProduct(html, `https://${host}/p/1`);
}

describe("several products with microdata on one page", () => {
  it("en: the page's own price, not the related items'", () => {
    const r = page("en", "shop.example.com", "259.00", ["529.00", "44.99", "49.99"]);
    expect(r.status).toBe("ok");
    expect(r.price?.amountMinor).toBe(25900);
  });
  it("de: the same in euros", () => {
    const r = page("de", "laden.example.de", "36.99", ["29.90", "59.90", "49.90"]);
    expect(r.status).toBe("ok");
    expect(r.price?.amountMinor).toBe(3699);
  });
});

describe("variants nested in the page's product stay its own", () => {
  it("two variants with their prices: both remain candidates", () => {
    const html = `<!doctype html><html lang="en"><head><title>Tee</title></head><body><main>
<div itemscope itemtype="https://schema.org/ProductGroup"><h1 itemprop="name">Tee</h1>
<div itemprop="hasVariant" itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Tee S">
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="10.00"><meta itemprop="priceCurrency" content="USD"></div></div>
<div itemprop="hasVariant" itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Tee XL">
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="12.00"><meta itemprop="priceCurrency" content="USD"></div></div>
</div><button>Add to cart</button></main></body></html>`;
    const r = extractProduct(html, "https://shop.example.com/p/1");
    const structured = r.candidates
      .filter((c) => c.source === "microdata")
      .map((c) => c.price.amountMinor);
    expect(structured).toEqual([1000, 1200]);
  });
});

describe("a related item nested in the page's product is another product", () => {
  it("an item with no itemprop inside the product's box, and an isRelatedTo one", () => {
    const html = `<!doctype html><html lang="en"><head><title>Watch</title></head><body><main>
<section itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Field watch</h1>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="259.00"><meta itemprop="priceCurrency" content="USD"></div>
<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Strap</span>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="44.99"><meta itemprop="priceCurrency" content="USD"></div></div>
<div itemprop="isRelatedTo" itemscope itemtype="https://schema.org/Product"><span itemprop="name">Case</span>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="49.99"><meta itemprop="priceCurrency" content="USD"></div></div>
</section><button>Add to cart</button></main></body></html>`;
    const r = extractProduct(html, "https://shop.example.com/p/1");
    const structured = r.candidates
      .filter((c) => c.source === "microdata")
      .map((c) => c.price.amountMinor);
    expect(structured).toEqual([25900]);
    expect(r.price?.amountMinor).toBe(25900);
  });
});
