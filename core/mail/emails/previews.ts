import { renderAlertEmail, renderDigestEmail } from "../../notify/alert-email.ts";
import { buildAlertMessage, buildTestAlertMessage } from "../../notify/alert-message.ts";
import { renderEmail } from "../layout.ts";
import { changeEmailEmail, resetPasswordEmail, verifyEmailEmail } from "./account.ts";
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
export async function emailPreviews(): Promise<EmailPreview[]> {
  const account = (
    name: string,
    mail: { subject: string; content: Parameters<typeof renderEmail>[0] },
  ) => ({ name, subject: mail.subject, ...renderEmail(mail.content) });
  const drop = sampleAlert("price_drop", "Kettle, 1.7 l, brushed steel");
  const stock = sampleAlert("back_in_stock", "Toaster");
  const gone = sampleAlert("unreachable", "Blender");
  const link = `${BASE}/example-link-token`;
  return [
    account("reset-password", resetPasswordEmail({ email: "ada@example.com", link })),
    account("verify-email", verifyEmailEmail({ email: "ada@example.com", link })),
    account(
      "change-email",
      changeEmailEmail({ email: "ada@example.com", newEmail: "ada@new.example", link }),
    ),
    {
      name: "channel-confirmation",
      ...(await renderChannelConfirmationEmail({
        address: "partner@example.com",
        ownerName: "Ada",
        link: `${BASE}/confirm-channel/example-token`,
        publicUrl: BASE,
      })),
    },
    {
      name: "channel-paused",
      ...(await renderChannelPausedEmail({
        channelName: "Team Slack",
        pauseReason: "Paused after 3 failed deliveries in a row: HTTP 404 from the receiver",
        manageUrl: `${BASE}/user#notifications`,
      })),
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
