import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 class 8, in more languages (pages written from a helper's probes of stores outside
 * the US): a sold-out notice with a notify-me control, sold-out words and pre-order buttons read
 * as a person reads them. A wrong "in stock" would hide a later "back in stock" alert.
 */
function stockOf(
  lang: string,
  url: string,
  body: string,
  ld?: { price: string; currency: string; availability?: string },
) {
  const head = ld
    ? `<script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Item",
        offers: {
          "@type": "Offer",
          price: ld.price,
          priceCurrency: ld.currency,
          availability: `https://schema.org/${ld.availability ?? "InStock"}`,
        },
      })}</script>`
    : "";
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Item</title>${head}</head><body><h1>Item</h1>${body}</body></html>`;
  return extractProduct(html, url).availability;
}

describe("a sold-out notice and a notify-me control overrule structured data's 'in stock'", () => {
  it.each([
    [
      "de",
      "https://shop.example.de/p/1",
      "89,95 €",
      "Ausverkauft",
      "Benachrichtigen, wenn verfügbar",
      "89.95",
      "EUR",
    ],
    [
      "fr",
      "https://shop.example.fr/p/1",
      "599,00 €",
      "Rupture de stock",
      "M'alerter du retour en stock",
      "599.00",
      "EUR",
    ],
    [
      "it",
      "https://shop.example.it/p/1",
      "189,00 €",
      "Esaurito",
      "Avvisami quando disponibile",
      "189.00",
      "EUR",
    ],
    [
      "es",
      "https://shop.example.es/p/1",
      "49,00 €",
      "Agotado",
      "Avísame cuando esté disponible",
      "49.00",
      "EUR",
    ],
    ["ko", "https://shop.example.co.kr/p/1", "₩1,290,000", "품절", "재입고 알림", "1290000", "KRW"],
  ])("%s", (lang, url, price, notice, notify, amount, currency) => {
    const body = `<div>${price}</div><p>${notice}</p><button>${notify}</button>`;
    expect(stockOf(lang, url, body, { price: amount, currency })).toBe("out_of_stock");
  });

  it("de: a price-drop alert on a page in stock is no notify-me control", () => {
    const body = `<div>89,95 €</div><p>Auf Lager</p><button>In den Warenkorb</button><button>Benachrichtigen bei Preissenkung</button>`;
    expect(
      stockOf("de", "https://shop.example.de/p/1", body, { price: "89.95", currency: "EUR" }),
    ).toBe("in_stock");
  });
});

describe("sold-out words", () => {
  it.each([
    ["sv", "https://shop.example.se/p/1", "249 kr", "Tillfälligt slut", "Bevaka produkten"],
    ["da", "https://shop.example.dk/p/1", "249,00 kr.", "Ikke på lager", "Giv mig besked"],
    ["cs", "https://shop.example.cz/p/1", "2 490 Kč", "Není skladem", "Hlídat dostupnost"],
    ["ja", "https://shop.example.jp/p/1", "¥2,490（税込）", "在庫なし", "入荷お知らせメール"],
  ])("%s: '%s'", (lang, url, price, notice, button) => {
    expect(
      stockOf(lang, url, `<div>${price}</div><p>${notice}</p><button>${button}</button>`),
    ).toBe("out_of_stock");
  });
});

describe("pre-order buttons and words", () => {
  it.each([
    [
      "es",
      "https://shop.example.es/p/1",
      "24,99 €",
      "Preventa – disponible a partir del 15 de julio",
      "Reservar",
    ],
    ["it", "https://shop.example.it/p/1", "24,99 €", "Preordine", "Preordina"],
    ["pl", "https://shop.example.pl/p/1", "249,00 zł", "Przedsprzedaż", "Zamów w przedsprzedaży"],
    ["pt-BR", "https://shop.example.com.br/p/1", "R$ 249,90", "Pré-venda", "Comprar na pré-venda"],
    ["ja", "https://shop.example.jp/p/1", "5,400円（税込）", "予約受付中", "予約する"],
    ["nl", "https://shop.example.nl/p/1", "€ 24,99", "Verwacht: 12 augustus", "Pre-order"],
  ])("%s: '%s'", (lang, url, price, notice, button) => {
    expect(
      stockOf(lang, url, `<div>${price}</div><p>${notice}</p><button>${button}</button>`),
    ).toBe("preorder");
  });
});

describe("a buy box showing the product for sale overrules structured data's 'out of stock'", () => {
  const ld = { price: "135.00", currency: "USD", availability: "OutOfStock" };
  const url = "https://shop.example.com/p/boots";
  it("a live add-to-cart, nothing sold out on the page: in stock", () => {
    expect(
      stockOf("en", url, `<div>$135.00</div><p>In stock</p><button>Add to cart</button>`, ld),
    ).toBe("in_stock");
  });
  it("a sold-out notice beside it keeps structured data's answer", () => {
    expect(
      stockOf("en", url, `<div>$135.00</div><p>Sold out</p><button>Add to cart</button>`, ld),
    ).toBe("out_of_stock");
  });
  it("only a wishlist link: structured data's answer", () => {
    expect(
      stockOf("en", url, `<div>$135.00</div><a href="/wishlist">Add to wishlist</a>`, ld),
    ).toBe("out_of_stock");
  });
});

describe("a variant's 'out of stock' in structured data stays its own", () => {
  it("the page's one add-to-cart is the shown variant's, not the tracked one's", () => {
    const variant = (sku: string, price: string, stock: string) => ({
      "@type": "Product",
      sku,
      name: `Tee ${sku}`,
      offers: {
        "@type": "Offer",
        price,
        priceCurrency: "USD",
        availability: `https://schema.org/${stock}`,
      },
    });
    const data = {
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: "Linen Tee",
      hasVariant: [variant("TEE-S", "19.90", "InStock"), variant("TEE-L", "24.90", "OutOfStock")],
    };
    const html = `<!doctype html><html lang="en"><head><title>Linen Tee</title><script type="application/ld+json">${JSON.stringify(data)}</script></head><body><h1>Linen Tee</h1><button>Add to cart</button></body></html>`;
    const r = extractProduct(html, "https://shop.example.com/p/tee", { variantId: "TEE-L" });
    expect(r.price).toEqual({ amountMinor: 2490, currency: "USD" });
    expect(r.availability).toBe("out_of_stock");
  });
});

describe("a marketplace listing that sold or ended", () => {
  // The notice stands above the title; the last price is still shown, and no buy button is left
  // (the site's search button is none). It was read in stock; now it is not (unknown: a notice
  // above the title is not read as the product's out-of-stock state).
  it.each([
    [
      "en",
      "https://www.market.example.com/itm/1",
      "This listing sold on Fri, Nov 21 at 7:42 PM.",
      "US $64.00",
      "Winning bid",
    ],
    ["en", "https://www.market.example.com/itm/2", "This item has sold.", "US $64.00", "9 bids"],
    [
      "de",
      "https://www.markt.example.de/itm/1",
      "Dieses Angebot wurde beendet.",
      "EUR 64,00",
      "Höchstgebot",
    ],
  ])("%s: %s", (lang, url, notice, amount, bids) => {
    const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Mixing Bowl</title></head><body>
<header><a href="/">Market</a><form><input name="q"><button>Search</button></form><a href="/cart">Cart</a></header>
<div class="m1"><span>${notice}</span> <a href="/sell">Sell one like this</a></div>
<h1>Mixing Bowl</h1><div class="p1"><div class="p2"><span>${amount}</span></div><div><span>${bids}</span></div></div></body></html>`;
    expect(extractProduct(html, url).availability).not.toBe("in_stock");
  });
});
