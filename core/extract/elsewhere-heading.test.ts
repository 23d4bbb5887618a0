import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Precision (issue #34): a row of other products under a heading that names them ("Customers
 * also viewed", "Ähnliche Artikel") is not the product's box, whatever its class names. When the
 * buy box shows no price ("See price in cart"), their prices must not be taken for it.
 */
function page(lang: string, host: string, body: string) {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body>
<nav><a href="/">Home</a></nav><main>${body}</main><footer><p>Contact</p></footer></body></html>`;
  return extractProduct(html, `https://${host}/p/1`);
}

describe("other products under a heading that names them", () => {
  it("en: no price in the buy box; 'Customers also viewed' below", () => {
    const r = page(
      "en",
      "shop.example.com",
      `<h1>Desk lamp</h1><p>See price in cart</p><button>Add to cart</button>
       <section><h2>Customers also viewed</h2><ul class="grid">
       <li><a href="/p/2">Floor lamp</a><span>$89.99</span></li>
       <li><a href="/p/3">Table lamp</a><span>$39.99</span></li></ul></section>`,
    );
    expect(r.price).toBeNull();
  });

  it("en: one item under 'You might also like'", () => {
    const r = page(
      "en",
      "shop.example.com",
      `<h1>Desk lamp</h1><p>Add to cart to see the price</p><button>Add to cart</button>
       <section><h2>You might also like</h2><div class="tile"><a href="/p/2">Floor lamp</a><span>$89.99</span></div></section>`,
    );
    expect(r.price).toBeNull();
  });

  it("de: 'Ähnliche Artikel' below the buy box", () => {
    const r = page(
      "de",
      "laden.example.de",
      `<h1>Schreibtischlampe</h1><p>Preis im Warenkorb</p><button>In den Warenkorb</button>
       <div><h3>Ähnliche Artikel</h3><div class="kachel"><a href="/p/2">Stehlampe</a><span>89,99 €</span></div></div>`,
    );
    expect(r.price).toBeNull();
  });

  it("the product's own price above such a row is still read", () => {
    const r = page(
      "en",
      "shop.example.com",
      `<h1>Desk lamp</h1><div class="price"><span>$49.99</span></div><button>Add to cart</button>
       <section><h2>Customers also viewed</h2><div class="tile"><a href="/p/2">Floor lamp</a><span>$89.99</span></div></section>`,
    );
    expect(r.price?.amountMinor).toBe(4999);
  });

  it.each([
    ["en", "shop.example.com", "Use it with", "$40.00", "Add to basket"],
    ["en", "shop.example.com", "Goes well with", "$40.00", "Add to basket"],
    ["en", "shop.example.com", "Complete the look", "$40.00", "Add to basket"],
    ["en", "shop.example.com", "Frequently bought together", "$40.00", "Add to basket"],
    ["de", "laden.example.de", "Passend dazu", "40,00 €", "In den Warenkorb"],
    ["fr", "boutique.example.fr", "Souvent achetés ensemble", "40,00 €", "Ajouter au panier"],
    ["es", "tienda.example.es", "Completa el look", "40,00 €", "Añadir a la cesta"],
  ])('$0: a cross-sell under "$2" is another product', (lang, host, heading, price, buy) => {
    // The buy box shows no price; the first item under the heading must not stand in for it.
    const r = page(
      lang,
      host,
      `<h1>Setting spray</h1><p>-</p><button>${buy}</button>
       <div><h3>${heading}</h3><div><a href="/p/2"><img src="/a.jpg" alt=""></a>
       <div><span>${price}</span></div><a href="/p/2"><span>Liquid foundation</span></a></div></div>`,
    );
    expect(r.price).toBeNull();
  });

  it.each([
    ["en", "shop.example.com", "Similar products", "$89.99", "Add to cart"],
    ["ar", "shop.example.sa", "منتجات مشابهة", "89 ر.س", "أضف إلى الحقيبة"],
    [
      "et",
      "pood.example.ee",
      "Külastajad on olnud huvitatud ka järgnevast:",
      "89,99 €",
      "Lisa ostukorvi",
    ],
    ["pt", "loja.example.pt", "Produtos semelhantes", "89,99 €", "Adicionar ao carrinho"],
    ["ru", "magazin.example.ru", "Похожие товары", "8 999 ₽", "В корзину"],
  ])(
    '$0: a <div> first in its section saying "$2" is that row\'s heading',
    (lang, host, heading, price, buy) => {
      const r = page(
        lang,
        host,
        `<h1>Desk lamp</h1><p>-</p><button>${buy}</button>
       <section><div class="t1">${heading}</div><div class="t2"><a href="/p/2">Floor lamp</a><span>${price}</span></div></section>`,
      );
      expect(r.price).toBeNull();
    },
  );

  it("a short text that is not first in its parent is no heading ('Recommended retail price')", () => {
    const r = page(
      "en",
      "shop.example.com",
      `<h1>Desk lamp</h1><div class="b1"><span class="p1">$49.99</span> <span class="r1">Recommended</span></div><button>Add to cart</button>`,
    );
    expect(r.price?.amountMinor).toBe(4999);
  });
});

/**
 * A <header> inside a <section> is that section's header (HTML's rule), not the site's banner:
 * a product's box may open with one holding its price, on a page with no <main>.
 */
describe("a section's <header> is not the site's", () => {
  it("en: the price in the product section's header is read", () => {
    const html = `<!doctype html><html lang="en"><head><title>Shop</title></head><body>
<header><a href="/">Shop</a><span>Free shipping over $50</span></header>
<div class="w1"><section class="s1"><div class="d1"><header><h1>Desk lamp</h1><p class="p1">$49.99</p></header>
<button>Add to cart</button></div></section>
<section class="s2"><h2>Customers also viewed</h2><div><a href="/p/2">Floor lamp</a><span>$89.99</span></div></section></div>
</body></html>`;
    expect(extractProduct(html, "https://shop.example.com/p/1").price?.amountMinor).toBe(4999);
  });
});

describe("other products' prices inside links to their pages", () => {
  // The product shows no price of its own (sold only by other sellers, unavailable); a row of
  // other items follows, each a link with a truncated name and a link with its price, and no
  // heading the scan reads as the row's (it sits in a wrapper of its own).
  const row = (lang: string, heading: string, price: (n: number) => string) =>
    `<html lang="${lang}"><head><title>Pet Hair Dye Cream Blue 80 g : Shop</title></head><body>
<div class="w1"><h1 class="w2">Pet Hair Dye Cream Blue 80 g</h1><p>${lang === "it" ? "Disponibile presso questi venditori." : "Available from these sellers."}</p></div>
<div class="w3"><div class="w4"><div class="w5"><h2 class="w6">${heading}</h2></div><div class="w7"><span>1 / 1</span></div></div>
<ol class="w8">${[1, 2, 3]
      .map(
        (n) =>
          `<li><div><a href="/item-${n}00${n}/dp/B0${n}XK${n}"><div>Other Pet Hair Colour Cream ${n}…</div></a><div><a href="/item-${n}00${n}/dp/B0${n}XK${n}"><span>${price(n)}</span></a></div></div></li>`,
      )
      .join("")}</ol></div></body></html>`;

  it.each([
    [
      "en",
      "https://www.shop.example.com/dp/B0756B4GVG",
      "Customers who viewed this item also viewed",
      (n: number) => `$${n + 1}.86`,
    ],
    [
      "it",
      "https://www.shop.example.it/dp/B0756B4GVG",
      "I clienti che hanno visto questo articolo hanno visto anche",
      (n: number) => `${n + 1},86 €`,
    ],
  ])("%s: no price", (lang, url, heading, price) => {
    expect(extractProduct(row(lang, heading, price), url).price).toBeNull();
  });

  it("en: a link to the product's own offers still gives its price", () => {
    const html = `<html lang="en"><head><title>Pet Hair Dye Cream Blue 80 g : Shop</title></head><body>
<div class="w1"><h1 class="w2">Pet Hair Dye Cream Blue 80 g</h1>
<a href="/gp/offer-listing/B0756B4GVG?condition=all"><span>New &amp; used (7) from</span> <span>$9.12</span></a></div></body></html>`;
    const r = extractProduct(html, "https://www.shop.example.com/dp/B0756B4GVG");
    expect(r.price).toEqual({ amountMinor: 912, currency: "USD" });
  });
});

describe("'customers who viewed this also viewed' in more languages", () => {
  it.each([
    [
      "de",
      "shop.example.de",
      "Kunden, die diesen Artikel angesehen haben, sahen sich auch an",
      "89,99 €",
    ],
    [
      "it",
      "shop.example.it",
      "I clienti che hanno visto questo articolo hanno visto anche",
      "89,99 €",
    ],
    [
      "it",
      "shop.example.it",
      "I clienti che hanno acquistato questo articolo hanno acquistato anche",
      "89,99 €",
    ],
    [
      "fr",
      "shop.example.fr",
      "Les clients ayant consulté cet article ont également consulté",
      "89,99 €",
    ],
    ["fr", "shop.example.fr", "Les clients ayant acheté cet article ont aussi acheté", "89,99 €"],
    ["es", "shop.example.es", "Los clientes que vieron este producto también vieron", "89,99 €"],
    [
      "es",
      "shop.example.es",
      "Los clientes que compraron este producto también compraron",
      "89,99 €",
    ],
    ["nl", "shop.example.nl", "Klanten die dit artikel bekeken, bekeken ook", "€ 89,99"],
    ["nl", "shop.example.nl", "Klanten die dit artikel kochten, kochten ook", "€ 89,99"],
    ["en", "shop.example.com", "Customer reviews", "$89.99"],
    ["en", "shop.example.com", "Ratings & reviews", "$89.99"],
    ["en", "shop.example.com", "Reviews", "$89.99"],
    ["en", "shop.example.com", "Reviews (1,287)", "$89.99"],
    ["en", "shop.example.com", "Protect your laptop", "$89.99"],
    ["en", "shop.example.com", "Add protection", "$89.99"],
    ["en", "shop.example.com", "Questions & answers", "$89.99"],
    ["de", "shop.example.de", "Kundenrezensionen", "89,99 €"],
    ["de", "shop.example.de", "Kundenbewertungen", "89,99 €"],
    ["fr", "shop.example.fr", "Avis clients", "89,99 €"],
    ["es", "shop.example.es", "Opiniones de clientes", "89,99 €"],
    ["it", "shop.example.it", "Recensioni dei clienti", "89,99 €"],
  ])("%s on %s: the row's heading names other products", (lang, host, heading, amount) => {
    const r = page(
      lang,
      host,
      `<h1>Lampe</h1><p>—</p><button>Add to cart</button>
       <section><h2>${heading}</h2><ul><li><span>Stehlampe</span><span>${amount}</span></li></ul></section>`,
    );
    expect(r.price).toBeNull();
  });
});

describe("a section headed 'Reviews' alone (probe round nine (b))", () => {
  it("a review's amount in a sentence is no price when the buy box shows none", () => {
    const r = page(
      "en",
      "shop.example.com",
      `<h1>Fire Station Building Set</h1><p>See price in cart</p><button>Add to cart</button>
       <section id="reviews"><h2>Reviews</h2><p>4.5 out of 5 stars</p><ul><li><h3>Great value</h3>
       <p>Bought two of these on sale for $18 each. Holding up well after 3 months.</p></li></ul></section>`,
    );
    expect(r.price).toBeNull();
  });

  it("a heading naming the product's reviews by count in the buy box names no section", () => {
    const r = page(
      "en",
      "shop.example.com",
      `<h1>Desk lamp</h1><h3>4.6 stars · 212 reviews</h3><p>$39.99</p><button>Add to cart</button>`,
    );
    expect(r.price?.amountMinor).toBe(3999);
  });
});

describe("a marketplace seller's other listings", () => {
  // The listing's price stands above its title (a handmade marketplace's buy box); the seller's
  // other listings follow under a heading naming them, each with its own price.
  it.each([
    ["en", "market.example.com", "$68.00", "More from this shop", "$39.00", 6800],
    ["en", "market.example.com", "$68.00", "Other items from this seller", "$39.00", 6800],
    ["de", "markt.example.de", "68,00 €", "Mehr von diesem Verkäufer", "39,00 €", 6800],
    ["fr", "marche.example.fr", "68,00 €", "Articles du membre", "39,00 €", 6800],
    ["es", "mercado.example.es", "68,00 €", "Más de este vendedor", "39,00 €", 6800],
  ])("$0: the row under '$3' is another listing", (lang, host, own, heading, other, minor) => {
    const r = page(
      lang,
      host,
      `<div class="b1"><p class="b2"><span class="b3">Price:</span>${own}</p></div>
       <h1>Walnut cutting board</h1><button>Add to cart</button>
       <section><h2>${heading}</h2>
       <div class="c1"><a href="/p/2">Cheese board</a><span>${other}</span></div>
       <div class="c1"><a href="/p/3">Serving tray</a><span>${other.replace("39", "74")}</span></div></section>`,
    );
    expect(r.price?.amountMinor).toBe(minor);
  });
});

describe("a shop's page: its grid under 'All items'", () => {
  // A marketplace seller's shop: the shop's name in the <h1>, no buy button, and each listing a
  // card with its own price in pieces (the first priced "from", with a "+"; one on sale).
  it.each([
    [
      "en",
      "market.example.com",
      "All items",
      (a: string) => `<span class="c2">$</span><span class="c3">${a}</span>`,
    ],
    [
      "de",
      "markt.example.de",
      "Alle Artikel",
      (a: string) => `<span class="c3">${a.replace(".", ",")}</span><span class="c2"> €</span>`,
    ],
    [
      "fr",
      "marche.example.fr",
      "Tous les articles",
      (a: string) => `<span class="c3">${a.replace(".", ",")}</span><span class="c2"> €</span>`,
    ],
    [
      "es",
      "mercado.example.es",
      "Todos los artículos",
      (a: string) => `<span class="c3">${a.replace(".", ",")}</span><span class="c2"> €</span>`,
    ],
  ])("%s: no price", (lang, host, heading, price) => {
    const card = (n: number, amount: string, more = "") =>
      `<div class="c1"><a href="/listing/${n}"><h3>Board ${n}</h3></a><p>${price(amount)}${n === 1 ? "+" : ""}</p>${more}</div>`;
    const html = `<!doctype html><html lang="${lang}"><head><title>OakAndEmber - shop | Market</title></head><body>
<header class="h1"><a href="/">Market</a><form><input placeholder="Search"></form><a href="/cart">Cart</a></header>
<div class="s1"><h1>OakAndEmber</h1><p>Heirloom wooden kitchenware, engraved in Vermont</p><p>12,044 Sales</p>
<h2>${heading}</h2><div class="g1">${card(1, "42.00")}${card(2, "39.00")}${card(3, "74.00", `<p class="strike">${price("92.50")}</p>`)}${card(4, "28.00")}</div></div></body></html>`;
    expect(extractProduct(html, `https://www.${host}/shop/OakAndEmber`).price).toBeNull();
  });
});

describe("a protection plan's section above the price (probe round nine (b))", () => {
  it("'Starting at $99.99' under 'Protect your laptop' is no price of the laptop", () => {
    const r = page(
      "en",
      "shop.example.com",
      `<h1>Laptop 15.6"</h1><div><h3>Protect your laptop</h3><p>Starting at <b>$99.99</b></p></div>
       <div><span>$799.99</span></div><button>Add to cart</button>`,
    );
    expect(r.price?.amountMinor).toBe(79999);
  });
});
