import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Shipping } from "../../../core/money/landed-total.ts";
import { landedTotal } from "../../../core/money/landed-total.ts";
import type { UnitPrice } from "../../../core/money/unit-price.ts";
import { describeShipping, describeUnitPrice, LandedLine } from "./landed-line.tsx";

const usd = (amountMinor: number) => ({ amountMinor, currency: "USD" });
const ship = (costMinor: number | null, freeAboveMinor?: number): Shipping => ({
  costMinor,
  ...(freeAboveMinor !== undefined ? { freeAboveMinor } : {}),
  currency: "USD",
});
const perGrams: UnitPrice = { amountMinor: 42, currency: "USD", perQuantity: 100, unit: "g" };

function render(price: number, shipping: Shipping | null, unitPrice: UnitPrice | null): string {
  const html = renderToString(
    <LandedLine
      price={usd(price)}
      shipping={shipping}
      unitPrice={unitPrice}
      landedPrice={landedTotal(usd(price), shipping)}
    />,
  );
  return html.replace(/<!-- -->/g, "");
}

describe("the landed price beside the price", () => {
  it.each([
    ["a cost", 1999, ship(499), "+ $4.99 shipping"],
    [
      "a cost and a threshold not reached",
      1999,
      ship(499, 3500),
      "+ $4.99 shipping, free over $35.00",
    ],
    ["a threshold reached", 3999, ship(499, 3500), "Free shipping over $35.00"],
    ["a threshold only", 1999, ship(null, 3500), "Free shipping over $35.00"],
    ["free", 1999, ship(0), "Free shipping"],
    ["nothing stated", 1999, null, null],
  ])("%s: %s", (_name, price, shipping, words) => {
    expect(describeShipping(usd(price), shipping)).toBe(words);
  });

  it("says the unit price as the page stated it", () => {
    expect(describeUnitPrice(perGrams)).toBe("$0.42 / 100 g");
    expect(describeUnitPrice({ ...perGrams, perQuantity: 1, unit: "fl_oz" })).toBe("$0.42 / fl oz");
  });

  it("shows the shipping, the total with shipping and the unit price on the card", () => {
    const html = render(2499, ship(499), perGrams);
    expect(html).toContain('data-testid="landed-shipping">+ $4.99 shipping</span>');
    expect(html).toContain(
      'data-testid="landed-total" class="font-semibold text-fg">$29.98 with shipping</span>',
    );
    expect(html).toContain('data-testid="landed-unit">$0.42 / 100 g</span>');
  });

  it("no total when delivery is free or its cost unknown; nothing at all when nothing is stated", () => {
    const free = render(3999, ship(499, 3500), null);
    expect(free).toContain("Free shipping over $35.00");
    expect(free).not.toContain("with shipping");
    expect(render(1999, ship(null, 3500), null)).not.toContain("with shipping");
    expect(render(1999, null, null)).toBe("");
    expect(render(1999, null, perGrams)).toContain("$0.42 / 100 g");
  });
});
