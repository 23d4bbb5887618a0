import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { WatchListItem } from "../../../core/tracking/watch-page.ts";
import { WatchTable } from "./watch-table.tsx";

const usd = (amountMinor: number) => ({ amountMinor, currency: "USD" });

function row(overrides: Partial<WatchListItem> = {}): WatchListItem {
  return {
    id: "w1",
    productId: "p1",
    title: "Lamp oil",
    store: "Shop Example",
    imageUrl: null,
    price: usd(2499),
    changeSinceAdded: null,
    isLowestEver: false,
    target: null,
    toTargetPercent: null,
    availability: "in_stock",
    isPaused: false,
    hasError: false,
    sparkline: [],
    shipping: null,
    unitPrice: null,
    landedPrice: null,
    ...overrides,
  };
}

function render(items: WatchListItem[]): string {
  const element = (
    <WatchTable
      page={{ items, nextCursor: null, total: items.length }}
      filters={{ sort: "newest", q: "", show: "all", store: "" }}
      stores={[]}
    />
  );
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(<RouterProvider router={router} />).replace(/<!-- -->/g, "");
}

describe("the dense list's landed price (decision 0079)", () => {
  it("shows shipping, the price with shipping and the unit price as the card does", () => {
    const html = render([
      row({
        shipping: { costMinor: 499, freeAboveMinor: 3500, currency: "USD" },
        unitPrice: { amountMinor: 42, currency: "USD", perQuantity: 100, unit: "g" },
        landedPrice: usd(2998),
      }),
    ]);
    expect(html).toContain(
      'data-testid="landed-shipping">+ $4.99 shipping, free over $35.00</span>',
    );
    expect(html).toContain(">$29.98 with shipping</span>");
    expect(html).toContain('data-testid="landed-unit">$0.42 / 100 g</span>');
  });

  it("shows nothing more where the page states neither", () => {
    expect(render([row()])).not.toContain('data-testid="landed');
  });
});
