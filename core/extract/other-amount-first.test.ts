import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 classes 3 and 4 (pages written for these tests): in a US buy box, an amount of
 * another kind stands right under the title, before the price — an old price under a label not
 * listed before ("Compare", "Comp. value", "Valued at", "Typical price", "Previous price"), a
 * bundle's price, a reward, a club member's price. Its words make it so; the price after it is
 * the one paid. No class names that say anything, no structured data.
 */
const page = (body: string) =>
  `<!doctype html><html lang="en-US"><head><title>Shop</title></head><body><main><h1>Desk Lamp</h1>${body}<div>$24.99</div><button>Add to cart</button></main></body></html>`;

/** The price read from a page whose title is followed by `other`, then the price `shown`. */
const priceOf = (lang: string, host: string, other: string, shown: string, buy = "Add to cart") =>
  extractProduct(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title></head><body><main><h1>Produkt</h1><div>${other}</div><div>${shown}</div><button>${buy}</button></main></body></html>`,
    `https://${host}/p/1`,
  ).price?.amountMinor;

describe("another amount right under the title, then the price", () => {
  it.each([
    "Compare $39.99",
    "Comp. value $39.99",
    "Compare value: $39.99",
    "Valued at $39.99",
    "Typical price $39.99",
    "Previous price $39.99",
    "Bundle price $49.98",
    "Earn a $10 reward",
    "Get a $15 gift card",
    "Club price $19.99",
    "Rewards price $21.99",
  ])("%s", (other) => {
    const read = extractProduct(page(`<div>${other}</div>`), "https://www.example-lamps.com/p/1");
    expect(read.price).toEqual({ amountMinor: 2499, currency: "USD" });
  });
});

describe("an old price's label in a European language right under the title, then the price", () => {
  it.each([
    ["de-DE", "laden.example.de", "Vergleichspreis 59,99 €", "44,99 €"],
    ["de-DE", "laden.example.de", "Streichpreis 59,99 €", "44,99 €"],
    ["de-DE", "laden.example.de", "Listenpreis 59,99 €", "44,99 €"],
    ["de-DE", "laden.example.de", "Ursprünglich 59,99 €", "44,99 €"],
    ["de-DE", "laden.example.de", "Alter Preis 59,99 €", "44,99 €"],
    ["de-DE", "laden.example.de", "Unverbindliche Preisempfehlung 59,99 €", "44,99 €"],
    ["fr-FR", "boutique.example.fr", "Prix public conseillé 59,99 €", "44,99 €"],
    ["fr-FR", "boutique.example.fr", "Ancien prix 59,99 €", "44,99 €"],
    ["es-ES", "tienda.example.es", "PVP 59,99 €", "44,99 €"],
    ["es-ES", "tienda.example.es", "Precio recomendado 59,99 €", "44,99 €"],
    ["it-IT", "negozio.example.it", "Prezzo precedente 59,99 €", "44,99 €"],
    ["nl-NL", "winkel.example.nl", "Oude prijs € 59,99", "€ 44,99"],
    ["pl-PL", "sklep.example.pl", "Cena katalogowa 59,99 zł", "44,99 zł"],
    ["pl-PL", "sklep.example.pl", "Poprzednia cena 59,99 zł", "44,99 zł"],
  ])("%s: %s", (lang, host, other, shown) => {
    expect(priceOf(lang, host, other, shown, "In den Warenkorb")).toBe(4499);
  });
});

describe("a fee, a voucher, an eco part or a deposit right under the title, then the price", () => {
  it.each([
    ["en-US", "www.example-lamps.com", "Service fee $2.00", "$44.99"],
    ["en-US", "www.example-lamps.com", "Handling $3.00", "$44.99"],
    ["en-US", "www.example-lamps.com", "Haul away $20.00", "$44.99"],
    ["en-US", "www.example-lamps.com", "Core charge $15.00", "$44.99"],
    ["en-US", "www.example-lamps.com", "Environmental fee $3.00", "$44.99"],
    ["en-US", "www.example-lamps.com", "Engraving $10.00", "$44.99"],
    ["en-US", "www.example-lamps.com", "Personalization +$8.00", "$44.99"],
    ["en-US", "www.example-lamps.com", "Coupon $5.00", "$44.99"],
    ["de-DE", "laden.example.de", "Gutschein 5,00 €", "44,99 €"],
    ["de-DE", "laden.example.de", "Ab 2 Stück 39,99 €", "44,99 €"],
    ["fr-FR", "boutique.example.fr", "Éco-participation 2,00 €", "44,99 €"],
    ["fr-FR", "boutique.example.fr", "Dont éco-part. 2,00 €", "44,99 €"],
    ["es-ES", "tienda.example.es", "Cupón 5,00 €", "44,99 €"],
    ["it-IT", "negozio.example.it", "Contributo RAEE 2,00 €", "44,99 €"],
    ["nl-NL", "winkel.example.nl", "Statiegeld € 0,25", "€ 44,99"],
    // A word holding "fee" is no fee.
    ["en-US", "www.example-lamps.com", "Coffee grinder included", "$44.99"],
  ])("%s: %s", (lang, host, other, shown) => {
    expect(priceOf(lang, host, other, shown)).toBe(4499);
  });
});

describe("another amount right under the title in the Nordic, Czech, Polish, Finnish and Portuguese stores", () => {
  it.each([
    ["pl-PL", "sklep.example.pl", "Kaucja 0,50 zł", "44,99 zł", 4499],
    ["pl-PL", "sklep.example.pl", "Cena poprzednia 59,99 zł", "44,99 zł", 4499],
    ["sv-SE", "butik.example.se", "Spara 150 kr", "449 kr", 44900],
    ["sv-SE", "butik.example.se", "Ord. pris 599 kr", "449 kr", 44900],
    ["sv-SE", "butik.example.se", "Pant 1 kr", "449 kr", 44900],
    ["da-DK", "butik.example.dk", "Spar 150 kr.", "449 kr.", 44900],
    ["cs-CZ", "obchod.example.cz", "Ušetříte 150 Kč", "449 Kč", 44900],
    ["cs-CZ", "obchod.example.cz", "Původní cena 599 Kč", "449 Kč", 44900],
    ["fi-FI", "kauppa.example.fi", "Säästä 15,00 €", "44,99 €", 4499],
    ["fi-FI", "kauppa.example.fi", "Norm. 59,99 €", "44,99 €", 4499],
    ["fi-FI", "kauppa.example.fi", "Ovh. 59,99 €", "44,99 €", 4499],
    ["pt-PT", "loja.example.pt", "Portes 4,99 €", "44,99 €", 4499],
    ["pt-PT", "loja.example.pt", "Poupe 15,00 €", "44,99 €", 4499],
    ["pt-PT", "loja.example.pt", "Preço anterior 59,99 €", "44,99 €", 4499],
  ])("%s: %s", (lang, host, other, shown, expected) => {
    expect(priceOf(lang, host, other, shown)).toBe(expected);
  });
});

describe("more kinds and languages (a helper's probes of stores outside the US)", () => {
  it.each([
    ["en-IN", "shop.example.in", "MRP ₹2,850", "₹2,199", 219900],
    ["en-IN", "shop.example.in", "M.R.P.: ₹2,850", "₹2,199", 219900],
    ["fr", "shop.example.fr", "<span>7,13 €</span> Prix adhérent", "7,50 €", 750],
    ["sv", "shop.example.se", "<span>1 699 kr</span> Medlemspris", "1 999 kr", 199900],
    ["sv", "shop.example.se", "Medlemspris 1 699 kr", "1 999 kr", 199900],
    ["es-MX", "shop.example.com.mx", "12 MSI de $158.25", "$1,899.00", 189900],
    ["de", "shop.example.de", "Kaution: 50,00 €", "15,00 €", 1500],
  ])("%s: %s, then %s", (lang, host, other, shown, want) => {
    expect(priceOf(lang, host, other, shown)).toBe(want);
  });

  it.each([
    ["ko", "shop.example.co.kr", "할인가 1,290,000원", 1290000],
    ["ja", "shop.example.jp", "割引価格 19,900円", 19900],
  ])("%s: a discounted price's own label ('%s') is the price's", (lang, host, shown, want) => {
    expect(
      extractProduct(
        `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Item</title></head><body><h1>Item</h1><div>${shown}</div><button>Add to cart</button></body></html>`,
        `https://${host}/p/1`,
      ).price?.amountMinor,
    ).toBe(want);
  });
});

describe("a price before tax, its label in an element of its own (a trade shop's buy box)", () => {
  it.each([
    [
      "en-GB",
      "shop.example.co.uk",
      "<span>£69.99</span> <span>ex. VAT</span>",
      "<span>£83.99</span> <span>inc. VAT</span>",
      8399,
    ],
    ["en-GB", "shop.example.co.uk", "£69.99 exc. VAT", "£83.99 inc. VAT", 8399],
    [
      "de",
      "shop.example.de",
      "<span>69,99 €</span> <span>zzgl. MwSt.</span>",
      "<span>83,29 €</span> <span>inkl. MwSt.</span>",
      8329,
    ],
    [
      "fr",
      "shop.example.fr",
      "<span>69,99 €</span> <span>HT</span>",
      "<span>83,99 €</span> <span>TTC</span>",
      8399,
    ],
    [
      "es",
      "shop.example.es",
      "<span>69,99 €</span> <span>sin IVA</span>",
      "<span>84,69 €</span> <span>IVA incluido</span>",
      8469,
    ],
  ])("%s: %s, then %s", (lang, host, net, gross, want) => {
    expect(priceOf(lang, host, net, gross)).toBe(want);
  });
});

// Probe round nine (a): an instalment and the price on one line, in inline boxes ("12x de R$
// 24,99" then "R$ 299,90"): the instalment's words, before its own amount, were read as the
// price's too (the words before an amount on its line), and the page had no price.
describe("words before another price on the line are that one's", () => {
  it.each([
    ["pt-BR", "loja.example.com.br", "<span>12x de R$ 24,99</span> <span>R$ 299,90</span>", 29990],
    ["en", "shop.example.com", "<span>4 payments of $12.50</span> <span>$49.99</span>", 4999],
  ])("%s: %s", (lang, host, line, want) => {
    const html = `<!doctype html><html lang="${lang}"><head><title>Headset</title></head><body><main><h1>Headset</h1><div>${line}</div><button>Add to cart</button></main></body></html>`;
    expect(extractProduct(html, `https://${host}/p/1`).price?.amountMinor).toBe(want);
  });
  it("a delivery cost's words with no price before them still name it", () => {
    const html = `<!doctype html><html lang="en"><head><title>Headset</title></head><body><main><h1>Headset</h1><div>$49.99</div><div><span>Delivery in 3-5 days</span> <b>$5.99</b></div><button>Add to cart</button></main></body></html>`;
    expect(extractProduct(html, "https://shop.example.com/p/1").price?.amountMinor).toBe(4999);
  });
});

// Probe round nine (a): a Japanese buy box shows the price with tax ("¥12,800税込") and under it
// the price before tax "(税抜 ¥11,636)", whose JSON-LD gives the price before tax (an open case
// of rounds six and seven). The words in the parenthesis are the other amount's, and structured
// data the page names the price before tax gives way to the price with tax a person pays.
describe("structured data giving the price before tax", () => {
  const ld = (price: string, currency: string) =>
    `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Item","offers":{"@type":"Offer","price":"${price}","priceCurrency":"${currency}"}}</script>`;
  const read = (lang: string, host: string, head: string, box: string) =>
    extractProduct(
      `<!doctype html><html lang="${lang}"><head><title>Item</title>${head}</head><body><main><h1>Item</h1>${box}<button>Add to cart</button></main></body></html>`,
      `https://${host}/p/item`,
    ).price?.amountMinor ?? null;
  it.each([
    [
      "ja",
      "shop.example.jp",
      ld("11636", "JPY"),
      `<p>¥12,800<span>税込</span></p><p>(税抜 ¥11,636)</p>`,
      12800,
    ],
    [
      "en-GB",
      "shop.example.co.uk",
      ld("69.99", "GBP"),
      `<p>£83.99</p><p>(ex. VAT £69.99)</p>`,
      8399,
    ],
  ])("%s", (lang, host, head, box, want) => {
    expect(read(lang, host, head, box)).toBe(want);
  });
  it("a page showing only the price before tax keeps it", () => {
    expect(
      read("en-GB", "shop.example.co.uk", ld("69.99", "GBP"), `<p>£69.99</p><p>ex. VAT</p>`),
    ).toBe(6999);
  });
});

// Probe round nine (a), second batch: a Czech buy box labels its old price "Běžná cena" (the usual
// price) and its price "Naše cena" (our price); the usual price, first under the title, was taken.
describe("Czech and Slovak labels of the usual price and of the store's price", () => {
  it.each([
    ["cs", "<p>Běžná cena: <span>3 490 Kč</span></p>", "<p><strong>2 990 Kč</strong></p>", 299000],
    ["cs", "<p><span>3 490 Kč</span></p>", "<p>Naše cena: <strong>2 990 Kč</strong></p>", 299000],
    ["sk", "<p>Bežná cena: <span>49,90 €</span></p>", "<p><strong>39,90 €</strong></p>", 3990],
    ["sk", "<p><span>49,90 €</span></p>", "<p>Naša cena: <strong>39,90 €</strong></p>", 3990],
  ])("%s: %s %s", (lang, other, shown, want) => {
    expect(
      priceOf(lang, `shop.example.${lang === "cs" ? "cz" : "sk"}`, other, shown, "Do košíku"),
    ).toBe(want);
  });
});

// Probe round nine (a), third batch: the price with tax and, in the same text, the price before
// tax in a parenthesis ("2,200円（税込）(税抜 2,000円)"): the parenthesis's words were read as the
// first amount's own (its words run to the next number), so it was never the price under the title.
describe("a parenthesis opening before the next number is that number's", () => {
  it.each([
    ["ja", "shop.example.jp", `<p>2,200円（税込）<span>(税抜 2,000円)</span></p>`, 2200],
    ["en-GB", "shop.example.co.uk", `<p>£83.99 <span>(ex. VAT £69.99)</span></p>`, 8399],
  ])("%s: %s", (lang, host, box, want) => {
    const html = `<!doctype html><html lang="${lang}"><head><title>Item</title></head><body><main><h1>Item</h1>${box}<button>Add to cart</button></main></body></html>`;
    expect(extractProduct(html, `https://${host}/p/item`).price?.amountMinor).toBe(want);
  });
});

// Probe round nine (a), fourth batch: prices with and without tax in rows of a table, each row's
// header before its amount ("税込価格 | 5,500円", "税抜価格 | 5,000円"): the next row's header was
// read as the words right after the first amount (a price before tax), and the second was taken.
describe("a table row's words end at the row", () => {
  it.each([
    ["ja", "shop.example.jp", "税込価格", "5,500円", "税抜価格", "5,000円", 5500],
    ["de", "shop.example.de", "Preis inkl. MwSt.", "59,50 €", "netto", "50,00 €", 5950],
  ])("%s: %s %s / %s %s", (lang, host, label1, amount1, label2, amount2, want) => {
    const html = `<!doctype html><html lang="${lang}"><head><title>Item</title></head><body><main><h1>Item</h1><table><tr><th>${label1}</th><td>${amount1}</td></tr><tr><th>${label2}</th><td>${amount2}</td></tr></table><button>Add to cart</button></main></body></html>`;
    expect(extractProduct(html, `https://${host}/p/item`).price?.amountMinor).toBe(want);
  });
});

// Probe round nine (a), fifth batch: a Swedish recommended price ("Rek. pris 899 kr") before the
// price; it was taken.
describe("Swedish 'Rek. pris' names the recommended price, an old one", () => {
  it.each([["Rek. pris 899 kr"], ["Rekommenderat pris 899 kr"]])("%s", (old) => {
    expect(
      priceOf("sv", "shop.example.se", `<span>${old}</span>`, "<span>699 kr</span>", "Köp"),
    ).toBe(69900);
  });
});
