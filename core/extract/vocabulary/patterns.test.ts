import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLATFORM_WORD, PLATFORMS, STRUCK } from "./patterns.ts";

describe("PLATFORM_WORD", () => {
  it("matches every script that a platform pattern matches (it only skips the others)", () => {
    const piece = fc.constantFrom(
      "cdn.shopify.com",
      "Shopify.shop",
      "ShopifyAnalytics",
      "BCData",
      "BigCommerce",
      "Magento_Catalog",
      "mage/cookies",
      '"Magento',
      "WooCommerce",
      "wc_add_to_cart",
      "var x = 1;",
      " ",
      "shop",
      "mage",
    );
    const script = fc
      .array(fc.tuple(piece, fc.boolean()), { maxLength: 6 })
      .map((parts) => parts.map(([p, upper]) => (upper ? p.toUpperCase() : p)).join(""));
    fc.assert(
      fc.property(script, (text) => {
        if (PLATFORMS.some(([, pattern]) => pattern.test(text)))
          expect(PLATFORM_WORD.test(text)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it("lets ordinary scripts through without a platform test", () => {
    expect(PLATFORM_WORD.test("window.dataLayer = []; gtag('config', 'G-1');")).toBe(false);
  });
});

describe("STRUCK (old-price class names)", () => {
  it("reads 'rrp' as a word of a class name, never the letters inside another word", () => {
    for (const name of [".rrp", ".price-rrp", ".priceRRP", "#rrp_price", ".product__rrp"])
      expect(STRUCK.test(name), name).toBe(true);
    // Bazaarvoice's rating widgets ("BVRR…") and a carousel's arrow name no old price.
    for (const name of [
      ".BVRRPageLink",
      ".BVRRPrimaryRatingSummary",
      ".pntrArrPrev",
      ".warrPlaceHolder",
    ])
      expect(STRUCK.test(name), name).toBe(false);
  });
});
