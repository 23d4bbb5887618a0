import { expect, test } from "@playwright/test";
import { startStoreServer } from "../helpers/store-server.ts";
import { register, uniqueEmail } from "./helpers.ts";

/** #12 item 5: a page of several variants at different prices; a person tracks the one they want. */
let store: Awaited<ReturnType<typeof startStoreServer>>;

test.beforeAll(async () => {
  store = await startStoreServer();
});
test.afterAll(async () => {
  await store.close();
});

function teePage(): string {
  const variant = (sku: string, name: string, price: string, stock: string) => ({
    "@type": "Product",
    sku,
    name,
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: "USD",
      availability: `https://schema.org/${stock}`,
    },
  });
  const data = {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: "Linen Tee",
    productGroupID: "TEE",
    hasVariant: [
      variant("TEE-S", "Linen Tee, small", "19.90", "InStock"),
      variant("TEE-L", "Linen Tee, large", "24.90", "OutOfStock"),
    ],
  };
  return `<!doctype html><html lang="en"><head><title>Linen Tee</title><script type="application/ld+json">${JSON.stringify(data)}</script></head><body><h1>Linen Tee</h1><button>Add to cart</button></body></html>`;
}

test("the preview offers the variants; the second one is tracked at its own price", async ({
  page,
}) => {
  store.setPage("/p/tee", teePage());
  await register(page, uniqueEmail("variants"));
  await page.getByLabel("Product link").fill(store.url("/p/tee"));
  await page.getByRole("button", { name: "Preview" }).click();
  const variants = page.getByTestId("variants");
  await expect(variants).toContainText("Linen Tee, small");
  await expect(variants).toContainText("$19.90");
  await expect(variants).toContainText("Linen Tee, large");
  await expect(variants).toContainText("$24.90");
  await expect(page.getByTestId("variant-TEE-S")).toBeChecked();
  await variants.getByText("Linen Tee, large").click();
  await expect(page.getByTestId("variant-TEE-L")).toBeChecked();
  await page.getByRole("button", { name: "Start tracking" }).click();
  const card = page.getByTestId("watch-card").first();
  await expect(card).toContainText("$24.90");
  await page.reload();
  await expect(page.getByTestId("watch-card").first()).toContainText("$24.90");
});
