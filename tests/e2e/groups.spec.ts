import { createServer, type Server } from "node:http";
import { expect, type Page, test } from "@playwright/test";
import {
  identifiedProductPage,
  referenceRatesFeed,
  startStoreServer,
} from "../helpers/store-server.ts";
import { register, uniqueEmail } from "./helpers.ts";

/**
 * Issue #37: the verdict and the checked "was" price on the product page, and a group of one
 * product at three stores in three currencies, compared in one at the reference rates (served
 * by a loopback stand-in for the ECB's feed).
 */
/** Where playwright.config.ts points REFERENCE_RATES_URL. */
const RATES_PORT = Number(process.env.E2E_PORT ?? 3210) + 1000;
let store: Awaited<ReturnType<typeof startStoreServer>>;
let rates: Server;
const today = new Date().toISOString().slice(0, 10);
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString();

/** The shape of the ECB's 90-day feed, for the last 31 days: the dollar dearer before a fortnight ago. */
function ratesHistory(): string {
  const feed = referenceRatesFeed(today, { USD: "1.0800", GBP: "0.8500" });
  const days = Array.from({ length: 31 }, (_, d) => {
    const usd = d > 15 ? "1.1000" : "1.0800";
    return `<Cube time='${daysAgo(d).slice(0, 10)}'><Cube currency='USD' rate='${usd}'/><Cube currency='GBP' rate='0.8500'/></Cube>`;
  });
  return feed.replace(/<Cube><Cube time=.*<\/Cube><\/Cube>/s, `<Cube>${days.join("")}</Cube>`);
}

test.beforeAll(async () => {
  store = await startStoreServer();
  rates = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/xml" });
    res.end(ratesHistory());
  });
  await new Promise<void>((resolve) => rates.listen(RATES_PORT, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await store.close();
  await new Promise<void>((resolve) => rates.close(() => resolve()));
});

type Run = { from: number; to: number; amountMinor: number; currency: string };

/** An export file whose watches have the given stores, links and daily-checked histories. */
function exportFile(watches: { url: string; store: string; title: string; runs: Run[] }[]) {
  return {
    format: "dropwave-export",
    version: 1,
    exportedAt: new Date().toISOString(),
    watches: watches.map((w, i) => ({
      url: w.url,
      title: w.title,
      store: w.store,
      rule: { kind: "any_drop" },
      intervalMinutes: 360,
      isPaused: false,
      candidateKey: null,
      baseline: null,
      // A minute apart, in the file's order: the order stores are listed in.
      createdAt: new Date(Date.parse(daysAgo(w.runs[0]!.from)) + i * 60_000).toISOString(),
      history: w.runs.map((r) => ({
        at: daysAgo(r.from),
        lastSeenAt: daysAgo(r.to),
        price: { amountMinor: r.amountMinor, currency: r.currency },
        availability: "in_stock",
        checks: Math.max(1, Math.round(r.from - r.to)),
      })),
    })),
  };
}

async function importFile(page: Page, file: unknown, imported: string) {
  await page.goto("/user");
  const section = page.getByRole("region", { name: "Export and import" });
  await section.getByLabel(/Import an export file/).setInputFiles({
    name: "dropwave.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await section.getByRole("button", { name: "Import", exact: true }).click();
  await expect(section.getByRole("status")).toContainText(imported);
}

test("the product page says where the price stands and that the 'was' price was never charged", async ({
  page,
}) => {
  // The page prints the EU's 30-day low too (decision 0071), after its price.
  store.setPage(
    "/v/kettle",
    identifiedProductPage({
      title: "Steel kettle",
      price: "80.00",
      currency: "EUR",
      listPrice: "150.00",
    }).replace("<button>", "<p>Lowest price in the last 30 days: €100.00</p><button>"),
  );
  await register(page, uniqueEmail("verdict"));
  // Sixty days at 100.00 €, checked daily until yesterday; the check after the import reads 80.00 €.
  await importFile(
    page,
    exportFile([
      {
        url: store.url("/v/kettle"),
        store: "Kettle World",
        title: "Steel kettle",
        runs: [{ from: 60, to: 1, amountMinor: 10000, currency: "EUR" }],
      },
    ]),
    "Imported 1 product.",
  );
  await page.goto("/hub");
  await page.getByText("Steel kettle").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Steel kettle" })).toBeVisible();
  // The import is checked soon after; "Check now" asks at once and the page follows it.
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByText("€80.00").first()).toBeVisible();
  await expect(page.getByTestId("price-verdict")).toContainText("Lowest price seen");
  await expect(page.getByTestId("price-verdict")).toContainText(
    /At this price or lower (under 1|\d)% of the time in the past (59|60) days/,
  );
  await expect(page.getByTestId("price-verdict-figures")).toContainText("All-time low");
  const reference = page.getByTestId("reference-check");
  await expect(reference).toHaveAttribute("data-key", "inflated");
  await expect(reference).toContainText(
    /Inflated reference: Dropwave never saw €150\.00 charged in (59|60) days of history/,
  );
  const eu = page.getByTestId("eu-lowest-30d");
  await expect(eu).toHaveAttribute("data-key", "matches");
  await expect(eu).toContainText(
    "The store's lowest price of the last 30 days, €100.00, agrees with what Dropwave saw",
  );
});

test("a group of three stores: every price, the cheapest in stock in one currency, one chart, one alert", async ({
  page,
}) => {
  const gtin = "4006381333931";
  store.setPage(
    "/g/de",
    identifiedProductPage({ title: "Kettle 1.7 l", price: "100.00", currency: "EUR", gtin }),
  );
  store.setPage(
    "/g/us",
    identifiedProductPage({ title: "Kettle 1.7l", price: "102.60", currency: "USD", gtin }),
  );
  store.setPage(
    "/g/uk",
    identifiedProductPage({
      title: "Kettle (1.7 litre)",
      price: "68.00",
      currency: "GBP",
      gtin,
      availability: "OutOfStock",
    }),
  );
  await register(page, uniqueEmail("groups"));
  await importFile(
    page,
    exportFile([
      {
        url: store.url("/g/de"),
        store: "Kettle World (DE)",
        title: "Kettle 1.7 l",
        runs: [
          { from: 30, to: 15, amountMinor: 11000, currency: "EUR" },
          { from: 15, to: 1, amountMinor: 10500, currency: "EUR" },
        ],
      },
      {
        url: store.url("/g/us"),
        store: "US Appliances",
        title: "Kettle 1.7l",
        runs: [{ from: 30, to: 1, amountMinor: 11880, currency: "USD" }],
      },
      {
        url: store.url("/g/uk"),
        store: "UK Kitchens",
        title: "Kettle (1.7 litre)",
        runs: [
          { from: 30, to: 10, amountMinor: 8500, currency: "GBP" },
          { from: 10, to: 1, amountMinor: 7650, currency: "GBP" },
        ],
      },
    ]),
    "Imported 3 products.",
  );
  // Each store is checked soon after the import: its GTIN is read then, and the group offered.
  await page.goto("/hub/groups");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("group-suggestion")).toHaveCount(1, { timeout: 1_000 });
    await expect(page.getByTestId("group-suggestion")).toContainText("UK Kitchens", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  const suggestion = page.getByTestId("group-suggestion");
  await expect(suggestion).toContainText("Same barcode (GTIN) on every page");
  await expect(suggestion).toContainText("Kettle World (DE)");
  await expect(suggestion).toContainText("US Appliances");
  await suggestion.getByRole("button", { name: "Group these" }).click();

  await expect(page).toHaveURL(/\/hub\/group\//);
  await expect(page.getByRole("heading", { level: 1, name: "Kettle 1.7 l" })).toBeVisible();
  await expect(page.getByText("One product at 3 stores")).toBeVisible();
  const rows = page.getByTestId("group-store");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Kettle World (DE)");
  await expect(rows.nth(0)).toContainText("€100.00");
  await expect(rows.nth(1)).toContainText("$102.60");
  await expect(rows.nth(1)).toContainText("€95.00");
  await expect(rows.nth(2)).toContainText("£68.00");
  await expect(rows.nth(2)).toContainText("€80.00");
  await expect(rows.nth(2)).toContainText("Out of stock");
  // The pound store is cheaper but sold out: the dollar store is the cheapest in stock now.
  await expect(page.getByTestId("group-cheapest")).toHaveText(
    "Cheapest in stock now: US Appliances at $102.60 (about €95.00)",
  );
  await expect(rows.nth(1)).toHaveAttribute("data-cheapest", "true");
  await expect(page.getByTestId("group-comparison")).toContainText(
    `Compared in EUR at the European Central Bank's reference rates of ${today}`,
  );
  const chart = page.getByTestId("group-chart");
  await expect(chart.locator("path[data-store]")).toHaveCount(3);
  await expect(chart.locator("figcaption")).toContainText("UK Kitchens");
  // Each past price at its own day's rates (decision 0077), every day of the month kept.
  const ratesNote = page.getByTestId("group-chart-rates");
  await expect(ratesNote).toContainText("reference rates of their own day");
  await expect(ratesNote).not.toContainText("not drawn");

  // One alert for the group.
  await page.getByLabel("Alert me when any store in stock is at or below").fill("96");
  await page.getByRole("button", { name: "Save alert" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved: any store at or below €96.00.");
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.screenshot({ path: "test-results/e2e/group-page.png", fullPage: true });

  // The product page links to its group.
  await rows.nth(0).getByRole("link", { name: "Kettle World (DE)" }).click();
  await expect(page.getByTestId("compare-stores")).toHaveText("Compare stores →");
});
