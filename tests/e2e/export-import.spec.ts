import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { register, uniqueEmail } from "./helpers.ts";

/** An export file as another Dropwave writes it (the addresses refuse connections: no checks). */
function exportFile(urls: string[]) {
  return {
    format: "dropwave-export",
    version: 1,
    exportedAt: "2026-11-20T10:00:00.000Z",
    watches: urls.map((url, i) => ({
      url,
      title: `Imported thing ${i + 1}`,
      store: "Old Store",
      rule: { kind: "any_drop" },
      intervalMinutes: 360,
      isPaused: true,
      candidateKey: null,
      baseline: { amountMinor: 1999, currency: "EUR" },
      createdAt: "2026-10-01T10:00:00.000Z",
      history: [
        {
          at: "2026-10-01T10:00:00.000Z",
          lastSeenAt: "2026-11-01T10:00:00.000Z",
          price: { amountMinor: 1999, currency: "EUR" },
          availability: "in_stock",
          checks: 12,
        },
      ],
    })),
  };
}

test("export and import from the account page: JSON and CSV downloads, a file picker with a clear result", async ({
  page,
}) => {
  await register(page, uniqueEmail("export"));
  await page.goto("/user");
  const section = page.getByRole("region", { name: "Export and import" });
  await expect(section).toBeVisible();

  // A file that is not an export: said plainly, nothing imported.
  await section.getByLabel(/Import an export file/).setInputFiles({
    name: "watches.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("url,title\r\nhttps://x.example/p,Thing\r\n"),
  });
  await section.getByRole("button", { name: "Import", exact: true }).click();
  await expect(section.getByRole("alert")).toHaveText(/This file is not JSON/);

  // A real export, with one product listed twice.
  const file = exportFile([
    "http://127.0.0.1:9/p/kettle",
    "http://127.0.0.1:9/p/toaster",
    "http://127.0.0.1:9/p/kettle",
  ]);
  await section.getByLabel(/Import an export file/).setInputFiles({
    name: "dropwave.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await section.getByRole("button", { name: "Import", exact: true }).click();
  const status = section.getByRole("status");
  await expect(status).toContainText("Imported 2 products.");
  await expect(status).toContainText("Skipped 1:");
  await expect(status).toContainText("http://127.0.0.1:9/p/kettle — listed twice in the file");

  // Importing the same file again adds nothing.
  await section.getByRole("button", { name: "Import", exact: true }).click();
  await expect(status).toContainText("Nothing new to import.");

  // Downloads: the JSON holds what was imported (with its history), the CSV a row per point.
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Download JSON" }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^dropwave-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await json.path()) as string, "utf8"));
  expect(exported.format).toBe("dropwave-export");
  expect(exported.watches.map((w: { title: string }) => w.title).sort()).toEqual([
    "Imported thing 1",
    "Imported thing 2",
  ]);
  expect(exported.watches[0].history).toHaveLength(1);

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const lines = readFileSync((await csv.path()) as string, "utf8")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain("Imported thing");

  // The hub lists the imported products.
  await page.goto("/hub");
  await expect(page.getByText("Imported thing 2")).toBeVisible();
});
