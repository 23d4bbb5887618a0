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
