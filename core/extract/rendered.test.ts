import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * A page read in a browser (the extension, the Chromium fetch) carries `data-dw-unrendered` on
 * what the browser did not show (core/page/read-rendered.ts): those texts are no price and no
 * visible text, whatever their markup says.
 */
const page = (box: string) =>
  `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main>
<h1>Tee</h1>${box}<button>Add to cart</button></main></body></html>`;
const money = (html: string) => {
  const r = extractProduct(html, "https://shop.example.com/p/tee");
  return r.price && `${r.price.amountMinor} ${r.price.currency}`;
};

describe("what the browser did not render", () => {
  it("another size's price hidden by a stylesheet is not the price", () => {
    const box = `<div><span class="p-alt">$19.99</span><span>$24.99</span></div>`;
    expect(money(page(box))).toBe("1999 USD");
    expect(money(page(box.replace('class="p-alt"', 'class="p-alt" data-dw-unrendered=""')))).toBe(
      "2499 USD",
    );
  });

  it("a screen-reader copy and everything inside an unrendered block are not prices", () => {
    const box = `<div data-dw-unrendered=""><p><span>$9.99</span></p></div>
<p><span data-dw-unrendered="">Sale price $14.99</span></p><p><span>$24.99</span></p>`;
    expect(money(page(box))).toBe("2499 USD");
  });

  it("a price drawn in pieces beside its clipped screen-reader copy reads once, as shown", () => {
    const box = `<div class="x"><span data-dw-unrendered="">$24.99</span>$<span>24</span><sup>99</sup></div>`;
    expect(money(page(box))).toBe("2499 USD");
  });

  it("microdata in an element that is not rendered is still read (it is markup, not text)", () => {
    const box = `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Tee</span>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
<span itemprop="price" data-dw-unrendered="">24.99</span><meta itemprop="priceCurrency" content="USD"></div></div>`;
    const r = extractProduct(page(box), "https://shop.example.com/p/tee");
    expect(r.price).toEqual({ amountMinor: 2499, currency: "USD" });
    expect(r.candidates.some((c) => c.source === "microdata" && c.price.amountMinor === 2499)).toBe(
      true,
    );
  });

  it("a declarative shadow root's template is shown (a web component rendered on the server)", () => {
    const box = `<x-price><template shadowrootmode="open"><div part="price"><span>$29.00</span></div></template></x-price>`;
    expect(money(page(box))).toBe("2900 USD");
    expect(money(page(box.replace("shadowrootmode", "shadowroot")))).toBe("2900 USD");
    // A plain <template> is still not shown.
    expect(money(page(box.replace(' shadowrootmode="open"', "")))).toBe(null);
  });
});
