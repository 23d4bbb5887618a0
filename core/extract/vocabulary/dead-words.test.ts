import { describe, expect, it } from "vitest";
import { extractProduct } from "../extract-product.ts";
import { scanHtml } from "../scan/index.ts";

/**
 * Issue #34, failure class 9: words and class names that were listed but could never take
 * effect, because the pre-filter in front of them did not know them (and an old price that took
 * the place of the first price after the title).
 */
const page = (body: string, lang = "en") =>
  `<html lang="${lang}"><head><title>Lamp</title></head><body><h1>Desk lamp</h1>${body}</body></html>`;
const read = (html: string) => extractProduct(html, "https://shop.example.com/p/1");

describe("dead vocabulary made live", () => {
  it("a <button class=checkout> is a buy control, and the price beside it is read", () => {
    expect(scanHtml('<button class="checkout">Checkout</button>').buyControls).toHaveLength(1);
    expect(scanHtml('<button class="btn-order">Go</button>').buyControls).toHaveLength(1);
    // "order" as a word of its own: a border is not an order.
    expect(scanHtml('<button class="border-0">Close</button>').buyControls).toHaveLength(0);
    const result = read(
      page('<span class="price">44,99 €</span><button class="checkout">Checkout</button>'),
    );
    expect(result.status).toBe("ok");
    expect(result.price).toEqual({ amountMinor: 4499, currency: "EUR" });
  });

  it("pr_disc marks an old price: the price to pay is the other one", () => {
    const result = read(
      page(
        '<span class="pr_disc">59,99 €</span> <span class="price">44,99 €</span><button>Add to cart</button>',
      ),
    );
    expect(result.price).toEqual({ amountMinor: 4499, currency: "EUR" });
    expect(result.listPrice).toEqual({ amountMinor: 5999, currency: "EUR" });
  });

  it("an old-price class beside a price gives the price, not no_price (English and German)", () => {
    const pair = '<span class="old-price">59,99 €</span> <span class="price">44,99 €</span>';
    for (const html of [
      page(`${pair}<button>Add to cart</button>`),
      page(`${pair}<button>In den Warenkorb</button>`, "de"),
    ]) {
      const result = read(html);
      expect(result.status).toBe("ok");
      expect(result.price).toEqual({ amountMinor: 4499, currency: "EUR" });
      expect(result.listPrice).toEqual({ amountMinor: 5999, currency: "EUR" });
    }
  });

  it("an old-price class alone (no current price beside it) is still the price", () => {
    const result = read(
      page('<span class="price-old-live">59,99 €</span><button>Add to cart</button>'),
    );
    expect(result.price).toEqual({ amountMinor: 5999, currency: "EUR" });
  });
});
