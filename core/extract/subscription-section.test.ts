import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 class 3 (pages written for these tests): a subscription offer laid out as a box of
 * its own, its heading on one line and its amount lines further down ("Autoship & Save 35%",
 * then the terms, then "$35.74"), beside the one-time purchase. The heading opening the box names
 * the amounts in it: the one-time price is the price. No class names that say anything, no
 * structured data.
 */
const page = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title></head><body><main>${body}</main></body></html>`;

const cases: [string, string, string, string, number][] = [
  [
    "en, the subscription's box first",
    "en-US",
    "https://www.example-pets.com/p/dog-food",
    `<div class="a"><h1>Salmon Dog Food, 30 lb</h1>
<div class="b"><div class="c"><div class="d">Autoship &amp; Save 35%</div><div class="e">35% off your first order, then 5% on every delivery.</div><div class="f">Skip or cancel any time.</div><div class="g">$35.74</div></div>
<div class="c"><div class="d">Buy once</div><div class="g">$54.99</div></div></div>
<button>Add to Cart</button></div>`,
    5499,
  ],
  [
    "en, a heading in a wrapper of its own",
    "en-US",
    "https://www.example-coffee.com/p/beans",
    `<div class="a"><h1>House Blend Beans</h1>
<div class="b"><div class="c"><div class="h"><span>Subscribe &amp; Save</span></div><p>Delivered every 4 weeks.</p><p>$12.74</p></div>
<div class="c"><div class="h"><span>One-time purchase</span></div><p>$14.99</p></div></div>
<button>Add to Cart</button></div>`,
    1499,
  ],
  [
    "de",
    "de-DE",
    "https://www.beispiel-laden.de/p/bodylotion",
    `<div class="a"><h1>Bodylotion Zitrus, 200 ml</h1>
<div class="b"><div class="c"><div class="h">Spar-Abo</div><div>Lieferung alle 2 Wochen bis alle 6 Monate.</div><div>8,27 €</div></div>
<div class="c"><div class="h">Einmaliger Kauf</div><div>8,71 €</div></div></div>
<button>In den Einkaufswagen</button></div>`,
    871,
  ],
  [
    "fr",
    "fr-FR",
    "https://www.exemple-boutique.fr/p/cafe",
    `<div class="a"><h1>Café en grains, 1 kg</h1>
<div class="b"><div class="c"><div class="h">Abonnez-vous et économisez 10 %</div><div>Livré tous les mois, sans engagement.</div><div>17,91 €</div></div>
<div class="c"><div class="h">Achat unique</div><div>19,90 €</div></div></div>
<button>Ajouter au panier</button></div>`,
    1990,
  ],
];

describe("a subscription offer's box", () => {
  it.each(cases)("%s: the one-time price is the price", (_name, lang, url, body, expected) => {
    expect(extractProduct(page(lang, body), url).price?.amountMinor).toBe(expected);
  });

  it("does not reach past the product's title: a subscription product's own price stays", () => {
    const body = `<div class="a"><div class="t">Subscribe &amp; save 10% on every order</div>
<h1>Monthly Coffee Box</h1><div class="p">$29.00</div><button>Add to Cart</button></div>`;
    const read = extractProduct(page("en-US", body), "https://www.example-box.com/p/monthly");
    expect(read.price).toEqual({ amountMinor: 2900, currency: "USD" });
  });

  it("takes no amount with a price in its heading for a subscription heading", () => {
    // "Subscribe & Save $12.74" is a price text of its own (its words on its line say what it
    // is): not a heading that opens a section.
    const body = `<div class="a"><h1>House Blend Beans</h1><div class="b"><div class="c">Subscribe &amp; Save $12.74</div>
<div class="c">$14.99</div></div><button>Add to Cart</button></div>`;
    const read = extractProduct(page("en-US", body), "https://www.example-coffee.com/p/beans");
    expect(read.price).toEqual({ amountMinor: 1499, currency: "USD" });
  });
});
