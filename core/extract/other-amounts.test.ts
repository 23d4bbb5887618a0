import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 class 3 (pages written for these tests): an amount of another kind right under the
 * title, before the price — a shipping cost, an instalment, a member price, an add-on, a coupon,
 * a multi-buy — is never the price: its own words say what it is, so the price after it keeps
 * "first after the title".
 */
const BUY: Record<string, string> = {
  en: "Add to cart",
  de: "In den Warenkorb",
  fr: "Ajouter au panier",
  es: "Añadir al carrito",
  it: "Aggiungi al carrello",
  et: "Lisa ostukorvi",
  fi: "Lisää ostoskoriin",
  pl: "Dodaj do koszyka",
  cs: "Do košíku",
  lv: "Ielikt grozā",
  ro: "Adaugă în coș",
  ru: "В корзину",
};
function price(other: string, lang: string, host: string, shown: string): number | null {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<nav><a href="/">Home</a></nav><main><h1>Desk lamp</h1><div class="banner"><span>${other}</span></div>
<div class="price"><span>${shown}</span></div><button>${BUY[lang]}</button></main><footer>Contact</footer></body></html>`;
  return extractProduct(html, `https://${host}/p/1`).price?.amountMinor ?? null;
}

describe("another kind of amount before the price (en)", () => {
  it.each([
    "or 4 interest-free payments of $12.50 with Afterpay",
    "Pay in 4 installments of $12.50",
    "Get $10 off with code SAVE10",
    "Get it for $40 with a new store card",
    "Members pay $45.00",
    "Member price $45.00",
    "$5.00 shipping",
    "Ships for $5.99",
    "Buy 2 for $80",
    "Extra 20% off orders $75+",
    "Protection plan $7.99",
    "Add a 2-year protection plan for $9.99",
    "Gift wrap $4.99",
  ])("%s", (other) => {
    expect(price(other, "en", "shop.example.com", "$50.00")).toBe(5000);
  });
});

describe("another kind of amount before the price (de, fr)", () => {
  it.each([
    ["de", "laden.example.de", "Versand 4,95 €"],
    ["de", "laden.example.de", "Montage 49,00 €"],
    ["fr", "boutique.example.fr", "Emballage cadeau 4,99 €"],
    ["fr", "boutique.example.fr", "Garantie 2 ans 19,00 €"],
  ])("%s (%s): %s", (lang, host, other) => {
    expect(price(other, lang, host, "50,00 €")).toBe(5000);
  });
});

describe("a rebate's or a trade-in's price before the price (en)", () => {
  it.each([
    "<span>$49.99</span> after $10 mail-in rebate",
    "$49.99 after $10 mail-in rebate",
    "$9.99 with trade-in",
    "Only $9.99 with a trade-in",
  ])("%s", (other) => {
    expect(price(other, "en", "shop.example.com", "$59.99")).toBe(5999);
  });
});

describe("a term of months with an amount: a warranty's or a plan's, not the price", () => {
  it.each([
    ["en", "shop.example.com", "24 months $195.60", "$978.00", 97800],
    ["et", "pood.example.ee", "12 kuud:146,70 €", "978,00 €", 97800],
    ["it", "negozio.example.it", "24 mesi: 195,60 €", "978,00 €", 97800],
    ["es", "tienda.example.es", "12 meses: 81,50 €", "978,00 €", 97800],
    ["fi", "kauppa.example.fi", "12 kuukautta 146,70 €", "978,00 €", 97800],
  ])("%s (%s): %s", (lang, host, other, shown, expected) => {
    expect(price(other, lang, host, shown)).toBe(expected);
  });
});

describe("a delivery cost in an inflected form before the price", () => {
  it.each([
    ["pl", "sklep.example.pl", "Koszt dostawy 10,99 zł", "99,00 zł", 9900],
    ["ru", "magazin.example.ru", "Стоимость доставки 300 ₽", "2 990 ₽", 299000],
    ["lv", "veikals.example.lv", "Piegādes maksa 4,99 €", "49,00 €", 4900],
    ["cs", "obchod.example.cz", "Cena dopravy 99 Kč", "1 290 Kč", 129000],
    ["et", "pood.example.ee", "Kohaletoimetamise summa alates 10,99 €", "978,00 €", 97800],
    ["fi", "kauppa.example.fi", "Toimitus 4,90 €", "49,00 €", 4900],
    ["ro", "magazin.example.ro", "Livrare 15,99 lei", "199,00 lei", 19900],
  ])("%s (%s): %s", (lang, host, other, shown, expected) => {
    expect(price(other, lang, host, shown)).toBe(expected);
  });
});

describe("words before the amount on its own line name its kind", () => {
  it.each([
    ["de", "laden.example.de", "Spar-Abo <b>8,27 €</b>", "8,71 €", 871],
    ["fr", "boutique.example.fr", "Livraison express <b>9,99 €</b>", "49,00 €", 4900],
    ["es", "tienda.example.es", "Suscripción mensual <b>12,74 €</b>", "14,99 €", 1499],
    ["en", "shop.example.com", "2-Year Accident Protection <b>$7.99</b>", "$49.99", 4999],
  ])("%s (%s): %s", (lang, host, other, shown, expected) => {
    expect(price(other, lang, host, shown)).toBe(expected);
  });
});

describe("a store card's or club's price first, then the price for everyone (probe round six)", () => {
  const page = (lang: string, host: string, box: string, buy: string) =>
    extractProduct(
      `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body><header><a href="/">Shop</a></header>
<main><h1>Robot vacuum cleaner</h1>${box}<button>${buy}</button></main><footer>© 2026</footer></body></html>`,
      `https://${host}/p/1`,
    ).price?.amountMinor ?? null;
  it.each([
    [
      "nl",
      "winkel.example.nl",
      `<div class="a"><span>Met Plus-kaart</span> <span class="amount">€ 17,49</span></div><div class="b"><span>Normale prijs</span> <span class="amount">€ 24,99</span></div><div>€ 0,94 / kg</div>`,
      "In winkelmandje",
      2499,
    ],
    [
      "ru",
      "magazin.example.ru",
      `<div class="a"><span>49 990 ₽</span> <span>с Картой банка</span></div><div class="b"><span>54 319 ₽</span> <s>89 990 ₽</s> <span>без Карты</span></div>`,
      "Добавить в корзину",
      5431900,
    ],
    [
      "he",
      "shop.example.co.il",
      `<div class="a">מחיר מועדון: <span>₪449</span></div><div class="b">מחיר: <span>₪549.90</span></div>`,
      "הוספה לסל",
      54990,
    ],
    [
      "fi",
      "kauppa.example.fi",
      `<div class="a"><span>Kanta-asiakkaille 39,90 €</span><br><span>49,90 €</span> <s>Norm. 64,00 €</s></div>`,
      "Lisää ostoskoriin",
      4990,
    ],
    [
      "es",
      "tienda.example.cl",
      `<ol><li><span>$ 119.990</span> <span>Precio con tarjeta CMR</span></li><li><span>$ 139.990</span> <span>Internet</span></li><li><span class="crossed">$ 199.990</span> <span>Normal</span></li></ol>`,
      "Agregar al Carro",
      139990,
    ],
    [
      "es",
      "tienda.example.pe",
      `<div class="a"><span class="l">Precio regular S/ 259.90</span><span class="b">S/ 199.90</span></div><p class="c">Con tarjeta Oh!: S/ 179.90</p><p>En stock</p>`,
      "Agregar",
      19990,
    ],
  ])("%s %s", (lang, host, box, buy, want) => {
    expect(page(lang, host, box, buy)).toBe(want);
  });
});
