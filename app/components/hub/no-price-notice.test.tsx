import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { AlertRule } from "../../../core/checks/alert-rule.ts";
import { NoPriceNotice, noPriceReason } from "./no-price-notice.tsx";

const price = { amountMinor: 4999, currency: "USD" };

describe("noPriceReason", () => {
  it.each([
    ["a price", { price, extractStatus: "ok" }, null],
    ["a price kept from an earlier reading", { price, extractStatus: "ambiguous" }, null],
    ["prices it cannot tell apart", { price: null, extractStatus: "ambiguous" }, "unclear"],
    ["no price on the page", { price: null, extractStatus: "no_price" }, "missing"],
    ["not read yet", { price: null, extractStatus: null }, null],
  ] as const)("%s", (_name, watch, expected) => {
    expect(noPriceReason(watch)).toBe(expected);
  });
});

function render(reason: "unclear" | "missing", rule: AlertRule): string {
  const router = createMemoryRouter([
    { path: "/", element: <NoPriceNotice watchId="w1" reason={reason} rule={rule} /> },
  ]);
  return renderToString(<RouterProvider router={router} />).replace(/<!-- -->/g, "");
}

describe("NoPriceNotice", () => {
  it("says what happened and offers the extension's picker or stock only", () => {
    const html = render("unclear", { kind: "any_drop" });
    expect(html).toContain("prices Dropwave cannot tell apart");
    expect(html).toContain('href="/user#connect-extension"');
    expect(html).toContain("Pick the price");
    expect(html).toContain('href="/hub/watch/w1"');
    expect(html).toContain("Back in stock");
  });

  it("does not offer stock only to a product that tracks its stock already", () => {
    const html = render("unclear", { kind: "back_in_stock" });
    expect(html).toContain("its stock is tracked");
    expect(html).not.toContain("/hub/watch/w1");
  });
});
