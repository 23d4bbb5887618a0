import { describe, expect, it } from "vitest";
import { resetPasswordEmail } from "./account.ts";
import { renderChannelConfirmationEmail, renderChannelPausedEmail } from "./notices.ts";
import { emailPreviews } from "./previews.ts";

describe("every email, rendered from its React component", () => {
  it("has a subject, HTML in the one layout, and a text part from the same source", async () => {
    const previews = emailPreviews();
    expect(previews.map((p) => p.name)).toEqual([
      "reset-password",
      "verify-email",
      "change-email",
      "existing-account",
      "channel-confirmation",
      "channel-paused",
      "alert-price-drop",
      "alert-back-in-stock",
      "alert-unreachable",
      "alert-test",
      "digest",
    ]);
    for (const preview of previews) {
      expect(preview.subject.length).toBeGreaterThan(0);
      expect(preview.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      // The one layout: the brand line and the page colour, in every mail.
      expect(preview.html).toContain(">DROPWAVE</p>");
      expect(preview.html).toContain("background:#0d0221");
      // The text part is readable text: no tags, and every button's link is spelled out.
      expect(preview.text).not.toMatch(/<[a-z][^>]*>/i);
      for (const [, href] of preview.html.matchAll(/<a href="([^"]+)"/g)) {
        expect(preview.text).toContain(String(href).replaceAll("&amp;", "&"));
      }
    }
  });

  it("escapes product text in HTML and keeps it verbatim in text", async () => {
    const { renderNoticeEmail } = await import("./notice.ts");
    const mail = renderNoticeEmail("Subject", {
      preheader: "x",
      heading: 'Pots & <Pans> "deluxe"',
      paragraphs: ["<script>alert(1)</script>"],
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain('Pots & <Pans> "deluxe"');
  });

  it("is finished for the mailer: account mail capped as such, its button the primary link", () => {
    const link = "https://dw.example/reset/abc";
    expect(resetPasswordEmail({ email: "a@b.test", link })).toMatchObject({
      kind: "account",
      primaryLink: link,
    });
    const confirmation = renderChannelConfirmationEmail({
      address: "c@d.test",
      ownerName: "Ada",
      link,
      publicUrl: "https://dw.example",
    });
    expect(confirmation).toMatchObject({ kind: "account", primaryLink: link });
    const paused = renderChannelPausedEmail({
      channelName: "Slack",
      pauseReason: "HTTP 404",
      manageUrl: "https://dw.example/user#notifications",
    });
    expect(paused).toMatchObject({
      kind: "notification",
      primaryLink: "https://dw.example/user#notifications",
    });
  });
});
