import { describe, expect, it } from "vitest";
import { availabilityFromText } from "./availability.ts";
import { extractProduct } from "./extract-product.ts";

/**
 * Stock state on small pages written for these tests (#12, failure class 8): a live buy control
 * next to the price is in stock; out of stock needs positive evidence; one sold-out size is not
 * a sold-out product. Several languages, since the words are the page's.
 */
function page(body: string, options: { lang: string; head?: string; url?: string }) {
  const html = `<!doctype html><html lang="${options.lang}"><head><title>Shop</title>${options.head ?? ""}</head><body>
<nav><a href="/">Home</a></nav>${body}<footer><p>Contact</p></footer></body></html>`;
  return extractProduct(html, options.url ?? "https://shop.example.com/p/1");
}
const jsonLd = (offers: unknown) =>
  `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Item",
    offers,
  })}</script>`;
/** One schema.org Offer (availability as the page writes it: a URL or the bare word). */
const offer = (price: string, priceCurrency: string, availability: string, sku?: string) => ({
  "@type": "Offer",
  ...(sku ? { sku } : {}),
  price,
  priceCurrency,
  availability,
});

describe("a live buy control next to the price: in stock", () => {
  it("it: a link styled as a button whose words put the item in the cart", () => {
    const r = page(
      `<h1>Puzzle 4x42</h1><div class="box"><strong>16,90 €</strong></div>
       <a href="/cart/add?id=1" class="btn btn-green">Aggiungi al carrello</a>`,
      { lang: "it", url: "https://negozio.example.it/p/1" },
    );
    expect(r.availability).toBe("in_stock");
  });
  it("en: button words split by a screen-reader span still read as one phrase", () => {
    const r = page(
      `<h1>Kettle</h1><p><span>£34.99</span></p>
       <button type="button"><span>Add<span class="sr-only"> </span> to Trolley</span></button>`,
      { lang: "en", url: "https://shop.example.co.uk/p/1" },
    );
    expect(r.availability).toBe("in_stock");
  });
  it("en: an image that is the buy button (add-to-cart id, alt words)", () => {
    const r = page(
      `<h1>Crib mattress</h1><div>$169.99</div>
       <img id="addToCartButton" alt="Add to Cart" src="/b.png">`,
      { lang: "en-US" },
    );
    expect(r.availability).toBe("in_stock");
  });
  it("fr: an add-product link named for the cart only in its title", () => {
    const r = page(
      `<h1>Montre</h1><div><b>259,00 €</b></div>
       <a href="#add" class="btn add-product" title="Ajouter la montre à votre panier">Je fonce</a>`,
      { lang: "fr", url: "https://boutique.example.fr/p/1" },
    );
    expect(r.availability).toBe("in_stock");
  });
  it("ja: カートに入れる", () => {
    const r = page(`<h1>時計</h1><div>¥12,800</div><button>カートに入れる</button>`, {
      lang: "ja",
      url: "https://shop.example.jp/p/1",
    });
    expect(r.availability).toBe("in_stock");
  });
});

describe("out of stock needs positive evidence", () => {
  it("sk: a disabled cart button under a 'cannot be bought' notice overrules structured InStock", () => {
    const r = page(
      `<h1>Garni 570</h1><div class="availability"><strong>Momentálne nie je možné produkt kúpiť</strong></div>
       <div>54,50 €</div><div class="buy-btn"><button type="submit" disabled value="Do košíka">Do košíka</button></div>`,
      {
        lang: "sk",
        url: "https://obchod.example.sk/p/1",
        head: jsonLd(offer("54.50", "EUR", "https://schema.org/InStock")),
      },
    );
    expect(r.availability).toBe("out_of_stock");
  });
  it("cs: a wrapper named for the buy button is not a live control by its class alone", () => {
    const r = page(
      `<h1>Brýle</h1><div>1 299 Kč</div><div class="buy-btn"><button disabled>Vyprodáno</button></div>`,
      { lang: "cs", url: "https://obchod.example.cz/p/1" },
    );
    expect(r.availability).toBe("out_of_stock");
  });
  it("ko: a disabled 품절 (sold out) button", () => {
    const r = page(`<h1>상품</h1><div>2,900원</div><button disabled>품절</button>`, {
      lang: "ko",
      url: "https://shop.example.co.kr/p/1",
    });
    expect(r.availability).toBe("out_of_stock");
  });
  it("en: a disabled add-to-cart button with no sold-out words waits for a size: not out of stock", () => {
    const r = page(
      `<h1>Boots</h1><div>$89.00</div><select name="size"><option>Choose a size</option><option>42</option></select>
       <button class="add-to-cart" disabled>Add to cart</button>`,
      { lang: "en" },
    );
    expect(r.availability).not.toBe("out_of_stock");
  });
  it("de: a cart link before the title is not the buy box's control", () => {
    const r = page(
      `<div class="top"><a href="/warenkorb">In den Warenkorb</a></div>
       <h1>Jacke</h1><div>89,00 €</div><p class="notice">Leider ausverkauft</p>`,
      { lang: "de", url: "https://laden.example.de/p/1" },
    );
    expect(r.availability).toBe("out_of_stock");
  });
  it("schema OutOfStock is read", () => {
    const r = page(`<h1>Lamp</h1><div>$20.00</div>`, {
      lang: "en",
      head: jsonLd(offer("20.00", "USD", "https://schema.org/OutOfStock")),
    });
    expect(r.availability).toBe("out_of_stock");
  });
});

describe("one sold-out size is not a sold-out product", () => {
  it("structured offers per size: the first sold out, another in stock", () => {
    const r = page(`<h1>Shirt</h1><div>29,95 €</div><button>In den Warenkorb</button>`, {
      lang: "de",
      url: "https://laden.example.de/p/2",
      head: jsonLd([
        offer("29.95", "EUR", "OutOfStock", "S"),
        offer("29.95", "EUR", "InStock", "M"),
      ]),
    });
    expect(r.availability).toBe("in_stock");
  });
  it("pl: a sold-out size swatch next to a live cart button", () => {
    const r = page(
      `<h1>Kurtka</h1><div>249,00 zł</div>
       <ul class="sizes"><li><button>M</button></li><li><button disabled>L (wyprzedane)</button></li></ul>
       <button>Dodaj do koszyka</button>`,
      { lang: "pl", url: "https://sklep.example.pl/p/1" },
    );
    expect(r.availability).toBe("in_stock");
  });
});

describe("stock words", () => {
  it.each([
    ["Actuellement indisponible.", "out_of_stock"],
    ["Non disponibile", "out_of_stock"],
    ["Disponibile", "in_stock"],
    ["Skladom", "in_stock"],
    ["En stock", "in_stock"],
    ["Nicht mehr bestellbar", "out_of_stock"],
    ["Esgotado", "out_of_stock"],
    ["In stock", "in_stock"],
    ["Unavailable", "out_of_stock"],
  ])("%s → %s", (text, expected) => {
    expect(availabilityFromText(text)).toBe(expected);
  });
});

describe("not on sale yet", () => {
  it.each([
    ["en", "https://shop.example.com/p/1", "$20.00", "Coming Soon"],
    ["de", "https://laden.example.de/p/1", "20,00 €", "Demnächst erhältlich"],
    ["es", "https://tienda.example.es/p/1", "20,00 €", "Próximamente"],
  ])("%s %s %s: a disabled button with these words is out of stock", (lang, url, shown, words) => {
    const r = page(
      `<main><h1>Tee</h1><div>${shown}</div><button disabled>${words}</button></main>`,
      {
        lang,
        url,
      },
    );
    expect(r.availability).toBe("out_of_stock");
  });
});

describe("stock read from a US buy box's words (issue #34 class 8)", () => {
  const read = (body: string) =>
    extractProduct(
      `<!doctype html><html lang="en-US"><head><title>Shop</title></head><body><main>${body}</main></body></html>`,
      "https://www.example-shop.com/p/item",
    );

  it("a buy button that offers to pre-order: preorder, not in stock", () => {
    expect(
      read("<h1>Racing Game</h1><div>$69.99</div><button>Pre-order now</button>").availability,
    ).toBe("preorder");
    // Beside a live Add to Cart, a pre-order of another edition leaves the product in stock.
    const both =
      "<h1>Racing Game</h1><div>$69.99</div><button>Add to Cart</button><button>Pre-order the Deluxe Edition</button>";
    expect(read(both).availability).toBe("in_stock");
  });

  it("'Discontinued' under the title with no buy control: out of stock", () => {
    expect(read("<h1>Desk Lamp</h1><div>$49.00</div><div>Discontinued</div>").availability).toBe(
      "out_of_stock",
    );
  });
});
