import { expect, test } from "@playwright/test";
import { startReceiver } from "../helpers/notify.ts";
import { latestOutboxMail, register, uniqueEmail } from "./helpers.ts";

let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test("notification channels on /user: a webhook added past a short secret, tested and removed; the test alert's toast and bell entry; an added email address confirmed by its owner; the quiet hours' time zone", async ({
  page,
  browser,
}) => {
  await register(page, uniqueEmail("channels"));

  await test.step("add a webhook channel, send a test, see the result, remove it; a test alert's toast and bell", async () => {
    await page.goto("/user#notifications");
    const panel = page.getByTestId("notifications-panel");
    await expect(panel).toContainText("Email to");
    await panel.getByLabel("Kind").selectOption("webhook");
    await panel.getByLabel("Name (optional)").fill("My receiver");
    await panel.getByLabel("URL").fill(`${receiver.origin}/hook`);
    await panel.getByLabel("Signing secret (16+ characters)").fill("short");
    await panel.getByRole("button", { name: "Add channel" }).click();
    // Plain words beside the form, not the validator's path and text.
    await expect(panel.getByRole("alert")).toHaveText(
      "Enter a secret of at least 16 characters (it signs each webhook).",
    );
    await panel.getByLabel("Signing secret (16+ characters)").fill("whsec_0123456789abcdef");
    await panel.getByRole("button", { name: "Add channel" }).click();
    const row = panel.getByTestId("channel-row").filter({ hasText: "My receiver" });
    await expect(row).toBeVisible();
    // The form is emptied once the channel is added: a second click cannot add it twice (#39 item 6).
    await expect(panel.getByLabel("URL")).toHaveValue("");
    await expect(panel.getByLabel("Name (optional)")).toHaveValue("");
    await row.getByRole("button", { name: "Send test" }).click();
    await expect(row.getByRole("status")).toHaveText("Delivered");
    expect(receiver.received.some((r) => r.url === "/hook")).toBe(true);
    await row.getByRole("button", { name: "Remove" }).click();
    await expect(row).toHaveCount(0);

    await page.goto("/hub");
    await page.getByRole("button", { name: "Send a test alert" }).click();
    const toast = page.locator("[data-sonner-toast]").first();
    await expect(toast).toContainText(/Test alert sent|failed/);
    // One line per channel, not one run-on line (#39 item 7).
    await expect(toast.getByTestId("test-alert-results").locator("li").first()).toContainText(
      "Email to",
    );
    // And the test is in the bell, without a reload and without a second toast (#39 item 7).
    await expect(page.getByTestId("notification-count")).toHaveText("1");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const entry = page.getByTestId("notification-popup").getByRole("link", { name: /Test alert/ });
    await expect(entry.getByTestId("feed-test-results")).toContainText("Email to");
    await expect(entry).toHaveAttribute("href", "/user#notifications");
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
  });

  await test.step("an added email address gets one confirmation mail; its owner confirms on the linked page", async () => {
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

  await test.step("the time zone is chosen from a searchable list of the browser's zones", async () => {
    await page.goto("/user#notifications");
    const panel = page.getByTestId("notifications-panel");
    const field = panel.getByLabel("Time zone");
    await expect(field).toHaveAttribute("list", "time-zones");
    await expect(page.locator('datalist#time-zones option[value="Europe/Berlin"]')).toHaveCount(1);
    await field.fill("Europe/Berlin");
    await panel.getByRole("button", { name: "Save quiet hours" }).click();
    await expect(page.locator("[data-sonner-toast]").first()).toContainText("Saved");
    await page.reload();
    await expect(page.getByTestId("notifications-panel").getByLabel("Time zone")).toHaveValue(
      "Europe/Berlin",
    );
  });
});
