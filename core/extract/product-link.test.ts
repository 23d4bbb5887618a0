import { describe, expect, it } from "vitest";
import { linksToOtherProduct } from "./product-link.ts";

describe("linksToOtherProduct", () => {
  it.each([
    ["/dp/B08KZGF9P5/ref=pd_sbs_1", "https://www.shop.example.com/dp/B0756B4GVG", true],
    ["/gp/offer-listing/B0756B4GVG/ref=olp", "https://www.shop.example.com/dp/B0756B4GVG", false],
    ["/products/walnut-desk#reviews", "https://shop.example.com/products/walnut-desk", false],
    ["/products/walnut-desk?variant=42", "https://shop.example.com/products/walnut-desk", false],
    ["/products/oak-desk", "https://shop.example.com/products/walnut-desk", true],
    ["https://shop.example.com/p/12345/reviews", "https://shop.example.com/p/12345", false],
    ["/item.aspx?id=998877", "https://shop.example.com/item.aspx?id=112233", true],
    ["/item.aspx?id=112233&tab=specs", "https://shop.example.com/item.aspx?id=112233", false],
    ["mailto:help@shop.example.com", "https://shop.example.com/p/12345", false],
    ["http://[bad", "https://shop.example.com/p/12345", false],
  ])("%s from %s: %s", (href, page, want) => {
    expect(linksToOtherProduct(href, page)).toBe(want);
  });
});
