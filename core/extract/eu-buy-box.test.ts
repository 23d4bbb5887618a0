import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 (pages written for these tests): European buy boxes in their own words —
 * recommended and crossed-out prices, savings, tax and eco-fee parts, unit prices, instalments
 * and delivery thresholds — with class names that say nothing and no structured data.
 */
const wrap = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title></head><body><header><a href="/">Brand</a></header><main>${body}</main><footer>©</footer></body></html>`;
const B: Record<string, string> = {
  de: "In den Warenkorb",
  fr: "Ajouter au panier",
  it: "Aggiungi al carrello",
  es: "Añadir al carrito",
  nl: "In winkelwagen",
  pl: "Dodaj do koszyka",
  sv: "Lägg i varukorgen",
  da: "Læg i kurv",
  en: "Add to basket",
  cs: "Do košíku",
  pt: "Adicionar ao carrinho",
  fi: "Lisää ostoskoriin",
};
const cases: [string, string, string, string, number][] = [
  [
    "de",
    "laden.example.de",
    "statt",
    `<div class="x"><span>Statt 59,99 €</span> <span>jetzt 39,99 €</span></div>`,
    3999,
  ],
  [
    "de",
    "laden.example.de",
    "uvp",
    `<div class="x"><div>UVP 59,99 €</div><div>39,99 €</div><div>inkl. MwSt. zzgl. Versand</div><div>Grundpreis: 9,99 € / kg</div></div>`,
    3999,
  ],
  [
    "de",
    "laden.example.de",
    "sparen",
    `<div class="x"><div>39,99 €</div><div>Sie sparen 20,00 €</div><div>ab 4,99 € Versand</div></div>`,
    3999,
  ],
  [
    "fr",
    "boutique.example.fr",
    "auLieuDe",
    `<div class="x"><span>39,99 €</span> <span>au lieu de 59,99 €</span></div>`,
    3999,
  ],
  [
    "fr",
    "boutique.example.fr",
    "ecoPart",
    `<div class="x"><div>39,99 €</div><div>dont éco-participation : 0,50 €</div><div>Payez en 3x 13,33 €</div></div>`,
    3999,
  ],
  [
    "fr",
    "boutique.example.fr",
    "prixConseille",
    `<div class="x"><div>Prix conseillé : 59,99 €</div><div>39,99 €</div></div>`,
    3999,
  ],
  [
    "fr",
    "boutique.example.fr",
    "3xFirst",
    `<div class="y">Payez en 4x sans frais : <b>9,99 €</b></div><div class="x"><div>39,99 €</div></div>`,
    3999,
  ],
  [
    "it",
    "negozio.example.it",
    "consigliato",
    `<div class="x"><div>Prezzo consigliato: 59,99 €</div><div>39,99 €</div><div>Risparmi 20,00 €</div><div>3 rate da 13,33 € senza interessi</div></div>`,
    3999,
  ],
  [
    "es",
    "tienda.example.es",
    "pvp",
    `<div class="x"><div>PVP recomendado: 59,99 €</div><div>39,99 €</div><div>Envío gratis a partir de 50 €</div></div>`,
    3999,
  ],
  [
    "es",
    "tienda.example.es",
    "plazos",
    `<div class="y">Paga en 3 plazos de <b>13,33 €</b></div><div class="x">39,99 €</div>`,
    3999,
  ],
  [
    "nl",
    "winkel.example.nl",
    "adviesprijs",
    `<div class="x"><div>Adviesprijs € 59,99</div><div>€ 39,99</div><div>Gratis verzending vanaf € 20</div></div>`,
    3999,
  ],
  [
    "pl",
    "sklep.example.pl",
    "cenaRegularna",
    `<div class="x"><div>399,00 zł</div><div>Cena regularna: 499,00 zł</div><div>Najniższa cena z 30 dni: 429,00 zł</div><div>Raty 0% już od 39,90 zł</div></div>`,
    39900,
  ],
  [
    "sv",
    "butik.example.se",
    "ordPris",
    `<div class="x"><div>399 kr</div><div>Ord.pris 599 kr</div><div>Spara 200 kr</div><div>Fri frakt över 499 kr</div></div>`,
    39900,
  ],
  [
    "da",
    "butik.example.dk",
    "forpris",
    `<div class="x"><div>Førpris 599,-</div><div>399,-</div></div>`,
    39900,
  ],
  [
    "de",
    "laden.example.de",
    "strich",
    `<div class="x"><div>Bisher 59,-</div><div>Jetzt 39,- €</div></div>`,
    3900,
  ],
  [
    "en",
    "shop.example.co.uk",
    "rrp",
    `<div class="x"><div>RRP £59.99</div><div>£39.99</div><div>Save £20.00</div><div>Or 3 interest-free payments of £13.33 with Klarna</div></div>`,
    3999,
  ],
  [
    "en",
    "shop.example.co.uk",
    "klarnaFirst",
    `<div class="y">Pay in 3 instalments of <b>£13.33</b></div><div class="x">£39.99</div>`,
    3999,
  ],
  [
    "cs",
    "obchod.example.cz",
    "puvodne",
    `<div class="x"><div>Původně 1 299 Kč</div><div>999 Kč</div><div>Ušetříte 300 Kč</div></div>`,
    99900,
  ],
  [
    "pt",
    "loja.example.pt",
    "pvpr",
    `<div class="x"><div>PVPR 59,99 €</div><div>39,99 €</div></div>`,
    3999,
  ],
  [
    "fi",
    "kauppa.example.fi",
    "norm",
    `<div class="x"><div>39,99 €</div><div>Norm. 59,99 €</div></div>`,
    3999,
  ],
  // "from OLD for NEW" in one text or two elements (decision 0082).
  ["pt", "loja.example.com.br", "de-por", `<div class="x">De R$ 199,90 por R$ 149,90</div>`, 14990],
  [
    "pt",
    "loja.example.com.br",
    "de-por split",
    `<div class="x"><span>De R$ 199,90</span> <span>por R$ 149,90</span></div>`,
    14990,
  ],
  ["es", "tienda.example.es", "de-por", `<div class="x">De 59,99 € por 44,99 €</div>`, 4499],
  ["pt", "loja.example.com.br", "DE-POR", `<div class="x">DE R$ 199,90 POR R$ 149,90</div>`, 14990],
  ["it", "negozio.example.it", "da-a", `<div class="x">Da 59,99 € a 44,99 €</div>`, 4499],
  // A range written "de … a …" rises: not a reduction, its low end or nothing.
  ["pt", "loja.example.com.br", "range", `<div class="x">De R$ 100,00 a R$ 200,00</div>`, 10000],
];

describe("a European buy box, by the general rules alone", () => {
  it.each(cases)("%s %s %s", (lang, host, _name, box, expected) => {
    const html = wrap(lang, `<h1>Produkt X</h1>${box}<button>${B[lang]}</button>`);
    expect(extractProduct(html, `https://${host}/p/1`).price?.amountMinor).toBe(expected);
  });
});

describe("an old-price class beside the price, then a price before tax (probe round six)", () => {
  it("cs: '189 Kč' (price-standard), '149 Kč', '123 Kč bez DPH': 149 Kč, the price before tax no pair's", () => {
    const html = `<html lang="cs"><head><title>Čaj Earl Grey</title></head><body><main><h1>Čaj Earl Grey sypaný 100 g</h1>
<div class="w"><span class="price-standard"><span>189 Kč</span></span><strong class="f"><span class="h">149 Kč</span></strong>
<span class="a">123 Kč bez DPH</span></div><button>Do košíku</button></main></body></html>`;
    const read = extractProduct(html, "https://www.obchod.example.cz/caj-earl-grey/");
    expect(read.price).toEqual({ amountMinor: 14900, currency: "CZK" });
  });
});

describe("a quantity tier table above the price of one (probe round six)", () => {
  it("de: 'ab 5 Packungen 6,49 €' in a table, then 'Stückpreis 6,99 €': 6,99 €", () => {
    const html = `<html lang="de"><head><title>Nitril-Handschuhe</title></head><body><main><h1>Nitril-Einmalhandschuhe blau, Gr. M</h1>
<table class="t"><caption>Mengenrabatt</caption><tr><th>ab 5 Packungen</th><td>6,49 €</td></tr><tr><th>ab 10 Packungen</th><td>5,99 €</td></tr></table>
<div class="p"><span class="l">Stückpreis</span> <strong>6,99 €</strong></div><button>In den Warenkorb</button></main></body></html>`;
    expect(extractProduct(html, "https://www.laden.example.de/p/1").price).toEqual({
      amountMinor: 699,
      currency: "EUR",
    });
  });
});
