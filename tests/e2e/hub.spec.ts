import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { productPage, startStoreServer } from "../helpers/store-server.ts";
import { register, uniqueEmail, verificationLink } from "./helpers.ts";

let store: Awaited<ReturnType<typeof startStoreServer>>;

test.beforeAll(async () => {
  store = await startStoreServer();
});
test.afterAll(async () => {
  await store.close();
});

// The alert form's refusals and its interval choices are checked without a browser in
// app/watch-page.db.test.ts; the price chart in fast-pages.spec.ts; product pictures in
// hub-list-filters.spec.ts.

/** Saves the preview shown and opens the product's page from its card. */
async function trackAndOpen(page: import("@playwright/test").Page, title: string) {
  await page.getByRole("button", { name: "Start tracking" }).click();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

async function addProduct(page: import("@playwright/test").Page, url: string) {
  await page.getByLabel("Product link").fill(url);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-card")).toBeVisible();
}

test("add products from the hub: paste a link, see the right price, save; the next preview; a link without a scheme is https; an address that cannot be tracked is not offered", async ({
  page,
}) => {
  const finds = [
    ["/p/kettle", "Copper Kettle", "49.99"],
    ["/p/second", "Second Find", "22.00"],
    ["/p/third", "Third Find", "33.00"],
  ] as const;
  for (const [path, title, price] of finds) store.setPage(path, productPage({ title, price }));
  await register(page, uniqueEmail("hub"));

  await test.step("paste a link, see the right price, save, and the watch appears", async () => {
    await expect(page.getByText("Nothing tracked yet")).toBeVisible();
    await addProduct(page, store.url("/p/kettle"));
    await expect(page.getByTestId("preview-price")).toHaveText("$49.99");
    await expect(page.getByRole("heading", { name: "Copper Kettle" })).toBeVisible();
    await page.getByRole("button", { name: "Start tracking" }).click();
    const card = page.getByTestId("watch-card").filter({ hasText: "Copper Kettle" });
    await expect(card).toBeVisible();
    await expect(card).toContainText("$49.99");
    await expect(card).toContainText("Any price drop");
    await page.screenshot({ path: "test-results/screenshots/hub-dark.png", fullPage: true });
  });

  await test.step("after saving one product, the next preview shows and saves too", async () => {
    // The saved preview is put away, and the field is ready for the next link.
    await expect(page.getByTestId("preview-card")).toHaveCount(0);
    await expect(page.getByLabel("Product link")).toHaveValue("");
    for (const [path, title, price] of finds.slice(1)) {
      await addProduct(page, store.url(path));
      await expect(page.getByTestId("preview-price")).toHaveText(`$${price}`);
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await page.getByRole("button", { name: "Start tracking" }).click();
      await expect(page.getByTestId("watch-card").filter({ hasText: title })).toBeVisible();
      await expect(page.getByTestId("preview-card")).toHaveCount(0);
      await expect(page.getByLabel("Product link")).toHaveValue("");
    }
    await expect(page.getByTestId("watch-card")).toHaveCount(3);
  });

  await test.step("a link pasted without a scheme is taken as https, not stopped by the browser", async () => {
    // The local store speaks plain http, so reading it as https fails: the server's answer (not
    // the browser's "Please enter a URL") shows the link was sent and read as https.
    await page.getByLabel("Product link").fill(store.url("/p/no-scheme").replace(/^http:\/\//, ""));
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("preview-card")).toBeVisible();
    await expect(page.getByTestId("preview-card")).toContainText(
      /secure connection|could not be reached/,
    );
  });

  await test.step("an address Start tracking would refuse is not offered for tracking (#39 item 4)", async () => {
    await page.getByLabel("Product link").fill("ftp://files.example.org/kettle");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("preview-card")).toContainText(
      "Dropwave cannot track this address",
    );
    await expect(page.getByTestId("preview-card")).not.toContainText("You can still track it");
    await expect(page.getByRole("button", { name: "Start tracking" })).toHaveCount(0);
  });
});

test("arrive with a link: ?url= opens the preview straight away, through the header's Create account too, and so does a share to the installed app", async ({
  page,
}) => {
  store.setPage("/p/share", productPage({ title: "Shared Find", price: "5.50" }));
  store.setPage("/p/shared-text", productPage({ title: "Shared Lamp", price: "7.25" }));

  await test.step("signed out, ?url= goes through sign-up and on to the preview", async () => {
    await page.goto(`/hub/add?url=${encodeURIComponent(store.url("/p/share"))}`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    // The header's link keeps where the visitor was going (#39 item 10).
    await page.locator("header").getByRole("link", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/register\?redirect=%2Fhub%2Fadd/);
    const email = uniqueEmail("share");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    // Sign-up signs nobody in (decision 0065): the mailed link does, and keeps where they went.
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await page.goto(await verificationLink(email));
    await expect(page.getByTestId("preview-price")).toHaveText("$5.50");
  });

  await test.step("a store page shared to the installed app (the link inside the shared text)", async () => {
    // The share target is declared by the manifest the page links to; build the request an
    // Android share sheet sends from it: title and text, the link inside the text, no url.
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const served = await page.request.get(href!);
    expect(served.headers()["content-type"]).toContain("application/manifest+json");
    const { share_target: target } = (await served.json()) as {
      share_target: { action: string; method: string; params: Record<string, string> };
    };
    expect(target.method).toBe("GET");
    const shared = new URLSearchParams({
      [target.params.title!]: "Shared Lamp",
      [target.params.text!]: `Look at this lamp! ${store.url("/p/shared-text")}`,
    });
    await page.goto(`${target.action}?${shared}`);
    await expect(page.getByTestId("preview-price")).toHaveText("$7.25");
  });
});

/** #12 item 5: a page of several variants at different prices. */
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

test("the preview asks which one: the price of a page with two, or one of its variants; what was chosen is tracked and kept", async ({
  page,
}) => {
  const html = readFileSync(
    path.resolve("tests/fixtures/pages/generic-ambiguous-offers.html"),
    "utf8",
  );
  store.setPage("/p/ambiguous", html);
  store.setPage("/p/tee", teePage());
  await register(page, uniqueEmail("ambig"));

  await test.step("an ambiguous page asks which price, and remembers the choice", async () => {
    await addProduct(page, store.url("/p/ambiguous"));
    const candidates = page.getByTestId("candidates");
    await expect(candidates).toContainText("$499.00");
    await expect(candidates).toContainText("$649.00");
    // No stock word before the price is chosen: the card says it with the chosen price, and a
    // "Stock unknown" here read "In stock" on the card right after (#39 item 12).
    const said = await page.getByTestId("preview-stock").allTextContents();
    await candidates.getByText("$649.00").click();
    await page.getByRole("button", { name: "Start tracking" }).click();
    const card = page.getByTestId("watch-card").first();
    await expect(card).toContainText("$649.00");
    for (const words of said) await expect(card).toContainText(words);
  });

  await test.step("the preview offers the variants; the second one is tracked at its own price", async () => {
    await addProduct(page, store.url("/p/tee"));
    const variants = page.getByTestId("variants");
    await expect(variants).toContainText("Linen Tee, small");
    await expect(variants).toContainText("$19.90");
    await expect(variants).toContainText("Linen Tee, large");
    await expect(variants).toContainText("$24.90");
    await expect(page.getByTestId("variant-TEE-S")).toBeChecked();
    await variants.getByText("Linen Tee, large").click();
    await expect(page.getByTestId("variant-TEE-L")).toBeChecked();
    await page.getByRole("button", { name: "Start tracking" }).click();
    await expect(page.getByTestId("watch-card").filter({ hasText: "Linen Tee" })).toContainText(
      "$24.90",
    );
  });

  await test.step("both choices are kept", async () => {
    await page.reload();
    await expect(page.getByTestId("watch-card").filter({ hasText: "Linen Tee" })).toContainText(
      "$24.90",
    );
    await expect(page.getByTestId("watch-card").filter({ hasNotText: "Linen Tee" })).toContainText(
      "$649.00",
    );
  });
});

test("stop tracking: Delete on the hub offers undo; the product page asks first in a dialog that Escape and its backdrop close", async ({
  page,
}) => {
  store.setPage("/p/mug", productPage({ title: "Moon Mug", price: "12.00" }));
  store.setPage("/p/dialog", productPage({ title: "Dialog Dish", price: "15.00" }));
  await register(page, uniqueEmail("undo"));

  await test.step("delete offers undo; without undo the watch is gone", async () => {
    await addProduct(page, store.url("/p/mug"));
    await page.getByRole("button", { name: "Start tracking" }).click();
    const card = page.getByTestId("watch-card").filter({ hasText: "Moon Mug" });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Delete" }).click();
    await expect(card).toHaveCount(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(card).toBeVisible();
    // The first toast leaves before the second delete, so the one that follows is unambiguous.
    await expect(page.getByText("Stopped tracking Moon Mug")).toHaveCount(0);
    await card.getByRole("button", { name: "Delete" }).click();
    const toast = page.locator("[data-sonner-toast]", { hasText: "Stopped tracking Moon Mug" });
    await expect(toast).toBeVisible();
    // Closing the toast without undo sends the delete, as its running out does (sonner pauses
    // the timer while the pointer rests on the toasts, so the test closes it instead of waiting).
    const deleted = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/hub"),
    );
    await toast.getByRole("button", { name: "Close toast" }).click();
    expect((await deleted).ok()).toBe(true);
    await expect(toast).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Nothing tracked yet")).toBeVisible();
  });

  await test.step("the product page asks first, in a dialog that Escape, its backdrop and Keep close", async () => {
    await addProduct(page, store.url("/p/dialog"));
    await trackAndOpen(page, "Dialog Dish");
    const open = page.getByRole("button", { name: "Stop tracking this product" });
    const dialog = page.getByRole("dialog", { name: "Stop tracking Dialog Dish?" });
    await open.click();
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog, and back to the button when it closes.
    await expect(dialog.getByRole("button", { name: "Keep tracking" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    await open.click();
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
    await open.click();
    await dialog.getByRole("button", { name: "Keep tracking" }).click();
    await expect(dialog).toHaveCount(0);
    await open.click();
    await dialog.getByRole("button", { name: "Stop tracking" }).click();
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByText("Stopped tracking the product.")).toBeVisible();
  });
});

test("an alert on the product page: Check now picks up a drop without a reload and records the alert; a % drop is kept when saved again; a new all-time low alerts; snooze and wake", async ({
  page,
}) => {
  store.setPage("/p/drop", productPage({ title: "Drop Kettle", price: "100.00" }));
  await register(page, uniqueEmail("drop"));
  await addProduct(page, store.url("/p/drop"));
  await trackAndOpen(page, "Drop Kettle");
  const alert = page.getByRole("region", { name: "Alert", exact: true });
  const sent = page.getByRole("heading", { name: "Alerts sent" }).locator("..");

  await test.step("check now picks up a price drop without a reload and records the alert", async () => {
    // The save stored the page the preview showed: the store was asked once.
    expect(store.hitsFor("/p/drop")).toBe(1);
    await expect(page.getByText("$100.00").first()).toBeVisible();
    store.setPage("/p/drop", productPage({ title: "Drop Kettle", price: "80.00" }));
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.getByText("Checked just now: $80.00")).toBeVisible({ timeout: 20_000 });
    expect(store.hitsFor("/p/drop")).toBeGreaterThan(1);
    await expect(sent).toContainText("price drop: $100.00 → $80.00");
    await expect(page.getByText("Lowest", { exact: true }).locator("..")).toContainText("$80.00");
  });

  await test.step("the % drop field shows the saved percentage, and saving again keeps it", async () => {
    await page.getByText("Drops by N %").click();
    await page.getByLabel("Drop of at least").fill("25");
    await page.getByRole("button", { name: "Save alert" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Drop of at least")).toHaveValue("25");
    // Saving the form again, untouched, must not reset it to the default.
    await page.getByRole("button", { name: "Save alert" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByText("Drops by 25 %").first()).toBeVisible();
    await expect(page.getByLabel("Drop of at least")).toHaveValue("25");
  });

  await test.step("switched to back in stock, then to a new all-time low: the next check's lower price alerts", async () => {
    await alert.getByLabel("Back in stock", { exact: true }).check();
    await alert.getByRole("button", { name: "Save alert" }).click();
    await expect(alert.getByRole("status")).toContainText("Saved.");
    // The alert kinds under "More" (#39 item 15).
    await alert.getByText("More", { exact: true }).click();
    await alert.getByLabel("New all-time low", { exact: true }).check();
    await alert.getByRole("button", { name: "Save alert" }).click();
    await expect(alert.getByRole("status")).toContainText("cheaper than it has ever been");
    store.setPage("/p/drop", productPage({ title: "Drop Kettle", price: "70.00" }));
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.getByText("Checked just now: $70.00")).toBeVisible({ timeout: 20_000 });
    await expect(sent).toContainText("new all-time low: $80.00 → $70.00");
  });

  await test.step("snooze (#39 item 16): said on the page until woken", async () => {
    await alert.getByRole("button", { name: "Snooze a week" }).click();
    await expect(alert.getByTestId("snoozed")).toContainText("Alerts snoozed until");
    await alert.getByRole("button", { name: "Wake alerts now" }).click();
    await expect(alert.getByRole("button", { name: "Snooze a day" })).toBeVisible();
  });
});
