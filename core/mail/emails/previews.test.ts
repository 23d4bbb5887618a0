import { describe, expect, it } from "vitest";
import { emailPreviews } from "./previews.ts";

describe("every email, rendered from its React component", () => {
  it("has a subject, HTML in the one layout, and a text part from the same source", async () => {
    const previews = await emailPreviews();
    expect(previews.map((p) => p.name)).toEqual([
      "reset-password",
      "verify-email",
      "change-email",
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
    const { renderEmail } = await import("../layout.ts");
    const mail = renderEmail({
      preheader: "x",
      heading: 'Pots & <Pans> "deluxe"',
      paragraphs: ["<script>alert(1)</script>"],
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain('Pots & <Pans> "deluxe"');
  });
});
