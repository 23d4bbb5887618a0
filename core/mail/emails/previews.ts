import { renderAlertEmail, renderDigestEmail } from "../../notify/alert-email.ts";
import { buildAlertMessage, buildTestAlertMessage } from "../../notify/alert-message.ts";
import {
  changeEmailEmail,
  existingAccountEmail,
  resetPasswordEmail,
  verifyEmailEmail,
} from "./account.ts";
import { renderChannelConfirmationEmail, renderChannelPausedEmail } from "./notices.ts";

export type EmailPreview = { name: string; subject: string; html: string; text: string };

const BASE = "https://dropwave.example";

function sampleAlert(kind: "price_drop" | "back_in_stock" | "unreachable", title: string) {
  return buildAlertMessage({
    event: {
      id: `preview-${kind}`,
      idempotencyKey: `preview:${kind}`,
      kind,
      watchId: "6f1c2a34-0000-4000-8000-00000000000a",
      productId: "9a8b7c6d-0000-4000-8000-00000000000b",
      createdAt: new Date("2026-11-22T10:00:00Z"),
      oldPrice: kind === "price_drop" ? { amountMinor: 4999, currency: "USD" } : null,
      newPrice: { amountMinor: 3999, currency: "USD" },
      details: kind === "unreachable" ? { reason: "The store could not be reached" } : {},
    },
    product: {
      title,
      imageUrl: "https://shop.example/img/kettle.jpg",
      storeName: "Shop Example",
      url: "https://shop.example/p/kettle",
      lowestPrice: { amountMinor: 3499, currency: "USD" },
    },
    publicUrl: BASE,
  });
}

/** Every email Dropwave sends, rendered with sample data (the preview script writes them). */
export function emailPreviews(): EmailPreview[] {
  const drop = sampleAlert("price_drop", "Kettle, 1.7 l, brushed steel");
  const stock = sampleAlert("back_in_stock", "Toaster");
  const gone = sampleAlert("unreachable", "Blender");
  const link = `${BASE}/example-link-token`;
  return [
    { name: "reset-password", ...resetPasswordEmail({ email: "ada@example.com", link }) },
    { name: "verify-email", ...verifyEmailEmail({ email: "ada@example.com", link }) },
    {
      name: "change-email",
      ...changeEmailEmail({ email: "ada@example.com", newEmail: "ada@new.example", link }),
    },
    {
      name: "existing-account",
      ...existingAccountEmail({ email: "ada@example.com", signInLink: `${BASE}/login`, link }),
    },
    {
      name: "channel-confirmation",
      ...renderChannelConfirmationEmail({
        address: "partner@example.com",
        ownerName: "Ada",
        link: `${BASE}/confirm-channel/example-token`,
        publicUrl: BASE,
      }),
    },
    {
      name: "channel-paused",
      ...renderChannelPausedEmail({
        channelName: "Team Slack",
        pauseReason: "Paused after 3 failed deliveries in a row: HTTP 404 from the receiver",
        manageUrl: `${BASE}/user#notifications`,
      }),
    },
    { name: "alert-price-drop", ...renderAlertEmail(drop) },
    { name: "alert-back-in-stock", ...renderAlertEmail(stock) },
    { name: "alert-unreachable", ...renderAlertEmail(gone) },
    {
      name: "alert-test",
      ...renderAlertEmail(buildTestAlertMessage({ publicUrl: BASE, now: new Date() })),
    },
    {
      name: "digest",
      ...renderDigestEmail([drop, stock, gone], {
        publicUrl: BASE,
        date: new Date("2026-11-22T08:00:00Z"),
      }),
    },
  ].map(({ name, subject, html, text }) => ({ name, subject, html, text }));
}
