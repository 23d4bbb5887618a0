import { expect, test } from "@playwright/test";
import { latestOutboxMail, register, uniqueEmail } from "./helpers.ts";

test("an added email address gets one confirmation mail; its owner confirms on the linked page", async ({
  page,
  browser,
}) => {
  await register(page, uniqueEmail("owner"));
  await page.goto("/user#notifications");
  const panel = page.getByTestId("notifications-panel");
  const address = uniqueEmail("partner");
  await panel.getByLabel("Kind").selectOption("email");
  await panel.getByRole("textbox", { name: "Email address" }).fill(address);
  await panel.getByRole("button", { name: "Add channel" }).click();
  const row = panel.getByTestId("channel-row").filter({ hasText: "Email" });
  await expect(row.getByTestId("channel-unconfirmed")).toContainText(
    `Waiting for confirmation: we emailed a link to ${address}`,
  );
  // A test send reaches nobody while the address has not confirmed.
  await row.getByRole("button", { name: "Send test" }).click();
  await expect(row.getByRole("status")).toContainText("Not sent: waiting for the address");

  await expect.poll(() => latestOutboxMail(address)).toBeTruthy();
  const mail = latestOutboxMail(address)!.replace(/=\r?\n/g, "");
  const link = mail.match(/http:\/\/127\.0\.0\.1:\d+\/confirm-channel\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  // The receiver is someone else, not signed in.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(link!);
  await expect(
    other.getByRole("heading", { name: "Send price alerts to this address?" }),
  ).toBeVisible();
  await expect(other.getByText(address)).toBeVisible();
  await other.getByRole("button", { name: "Confirm" }).click();
  await expect(other.getByText("This address now receives the price alerts.")).toBeVisible();
  // The link works once.
  await other.goto(link!);
  await expect(other.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await stranger.close();

  await page.reload();
  await expect(row.getByTestId("channel-unconfirmed")).toHaveCount(0);
  await expect(row).toContainText("Active");
});
