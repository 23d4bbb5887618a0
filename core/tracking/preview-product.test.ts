import { describe, expect, it } from "vitest";
import { fixturePage } from "../../tests/helpers/fixtures.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { productPage, startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { createFetcher } from "../fetch/index.ts";
import { previewProduct } from "./preview-product.ts";

const store = forThisFile(startStoreServer);

describe("previewProduct", () => {
  it("reads title, price, currency and availability from a product page", async () => {
    store.setPage("/p/lamp", productPage({ title: "Desk lamp", price: "39.99", currency: "EUR" }));
    const outcome = await previewProduct(testFetcher(), store.url("/p/lamp?utm_source=mail"));
    expect(outcome.kind).toBe("ok");
    if (outcome.kind !== "ok") return;
    expect(outcome.preview).toMatchObject({
      status: "ok",
      title: "Desk lamp",
      price: { amountMinor: 3999, currency: "EUR" },
      availability: "in_stock",
      url: store.url("/p/lamp"),
    });
  });

  it("reads a store's saved page (WooCommerce sale)", async () => {
    store.setPage("/shop/product/thing", fixturePage("woocommerce-sale"));
    const outcome = await previewProduct(testFetcher(), store.url("/shop/product/thing"));
    expect(outcome.kind).toBe("ok");
    if (outcome.kind === "ok") expect(outcome.preview.price).not.toBeNull();
  });

  it("reports a bot challenge as such, never as a product", async () => {
    store.setPage("/p/blocked", { status: 503, body: fixturePage("amazon-us-captcha") });
    const outcome = await previewProduct(testFetcher(), store.url("/p/blocked"));
    expect(outcome).toMatchObject({ kind: "failed", code: "bot_challenge" });
    if (outcome.kind === "failed") expect(outcome.message).toMatch(/blocked/i);
  });

  it("says plainly when the page is missing", async () => {
    const outcome = await previewProduct(testFetcher(), store.url("/p/none"));
    expect(outcome).toMatchObject({ kind: "failed", code: "http_error" });
  });

  it("refuses non-web addresses and private ones under the default policy", async () => {
    expect(await previewProduct(testFetcher(), "ftp://x/y")).toMatchObject({ code: "bad_url" });
    const strict = createFetcher({ version: "test", publicUrl: "http://dropwave.test" });
    store.setPage("/p/private", productPage({ title: "x", price: "1.00" }));
    const before = store.hitsFor("/p/private");
    expect(await previewProduct(strict, store.url("/p/private"))).toMatchObject({
      kind: "failed",
      code: "blocked_address",
    });
    expect(store.hitsFor("/p/private")).toBe(before);
  });
});
