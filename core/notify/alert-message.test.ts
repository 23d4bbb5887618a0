import { describe, expect, it } from "vitest";
import { PUBLIC_URL, sampleAlert, sampleGroupAlert } from "../../tests/helpers/notify.ts";
import { renderAlertEmail, renderDigestEmail } from "./alert-email.ts";
import { buildAlertMessage, buildTestAlertMessage } from "./alert-message.ts";
import {
  headerText,
  renderDiscordBody,
  renderSlackBody,
  renderTeamsBody,
  renderTelegramText,
} from "./presets.ts";

describe("buildAlertMessage", () => {
  it("formats prices, the change and the links", () => {
    const m = sampleAlert();
    expect(m.title).toBe("Price drop: Kettle now $39.99 (was $49.99)");
    expect(m.percentChange).toBe(-20);
    expect(m.percentText).toBe("−20.0 %");
    expect(m.lowestPrice?.formatted).toBe("$34.99");
    expect(m.urls).toEqual({
      product: "https://shop.example/p/kettle",
      page: `${PUBLIC_URL}/hub/watch/6f1c2a34-0000-4000-8000-00000000000a`,
      manage: `${PUBLIC_URL}/user#notifications`,
    });
    expect(m.tone).toBe("good");
  });

  it("a group's alert names the group and its target, and the price in the target's currency (#37 item 5)", () => {
    // The group's alert for one store's price (the target €96.00, the price about €95.00).
    const m = sampleGroupAlert({ amountMinor: 10260, currency: "USD" });
    expect(m.label).toBe("Below your group's target");
    expect(m.title).toBe("Below your group's target: Kettle now $102.60");
    expect(m.summary).toBe(
      'Kettle is now $102.60 (about €95.00) at Shop Example, at or below €96.00, your target for the group "Kettle 1.7 l".',
    );
    const email = renderAlertEmail(m);
    expect(email.text).toContain('your target for the group "Kettle 1.7 l"');
    // A store in the target's own currency needs no "about".
    const same = sampleGroupAlert({ amountMinor: 9500, currency: "EUR" });
    expect(same.summary).toBe(
      'Kettle is now €95.00 at Shop Example, at or below €96.00, your target for the group "Kettle 1.7 l".',
    );
  });

  it("uses the event's percent change when given, and none across currencies", () => {
    expect(sampleAlert({ percentChange: -19.9 }).percentChange).toBe(-19.9);
    const mixed = sampleAlert({ oldPrice: { amountMinor: 4999, currency: "EUR" } });
    expect(mixed.percentChange).toBeNull();
  });

  it("words every kind", () => {
    expect(sampleAlert({ kind: "below_target" }).title).toBe(
      "Below your target: Kettle now $39.99 (was $49.99)",
    );
    expect(sampleAlert({ kind: "back_in_stock" }).title).toBe("Back in stock: Kettle at $39.99");
    expect(
      sampleAlert({
        kind: "price_rise",
        oldPrice: { amountMinor: 3999, currency: "USD" },
        newPrice: { amountMinor: 4999, currency: "USD" },
      }).percentText,
    ).toBe("+25.0 %");
    const gone = sampleAlert({
      kind: "unreachable",
      newPrice: null,
      oldPrice: null,
      details: { reason: "The store says this page does not exist (HTTP 404)" },
    });
    expect(sampleAlert({ kind: "all_time_low" }).title).toBe(
      "New all-time low: Kettle now $39.99 (was $49.99)",
    );
    expect(
      sampleAlert({ kind: "lowest_in_days", details: { days: 30, coveredDays: 30 } }).title,
    ).toBe("Lowest in 30 days: Kettle now $39.99 (was $49.99)");
    expect(
      sampleAlert({ kind: "lowest_in_days", details: { days: 90, coveredDays: 12 } }).label,
    ).toBe("Lowest in the 12 days tracked");
    expect(gone.title).toBe("Can't check Kettle any more");
    expect(gone.summary).toContain("HTTP 404");
    expect(gone.tone).toBe("bad");
  });

  it("drops links that are not http(s) and shortens long titles", () => {
    const m = sampleAlert(
      {},
      { imageUrl: "javascript:alert(1)", url: "javascript:alert(2)", title: "A".repeat(300) },
    );
    expect(m.product.imageUrl).toBeNull();
    expect(m.urls.product).toBe(`${PUBLIC_URL}/hub`);
    expect(Array.from(m.product.title)).toHaveLength(200);
    expect(m.title.length).toBeLessThan(130);
  });

  it("formats other locales and currencies exactly", () => {
    const m = buildAlertMessage({
      event: {
        id: "e",
        idempotencyKey: "k",
        kind: "price_drop",
        watchId: "w",
        productId: "p",
        createdAt: new Date(0),
        oldPrice: { amountMinor: 129_900, currency: "EUR" },
        newPrice: { amountMinor: 99_900, currency: "EUR" },
      },
      product: {
        title: "TV",
        imageUrl: null,
        storeName: null,
        url: "https://s.example/tv",
        lowestPrice: null,
      },
      publicUrl: "https://d.example/",
      locale: "de-DE",
    });
    expect(m.newPrice?.formatted).toMatch(/^999,00\s€$/);
    expect(m.urls.page).toBe("https://d.example/hub/watch/w");
  });
});

describe("renderAlertEmail", () => {
  it("has the subject, prices, both buttons, lowest ever and the unsubscribe link", () => {
    const email = renderAlertEmail(sampleAlert());
    expect(email.subject).toBe("Price drop: Kettle now $39.99 (was $49.99)");
    for (const part of [email.html, email.text]) {
      expect(part).toContain("$39.99");
      expect(part).toContain("$49.99");
      expect(part).toContain("$34.99");
      expect(part).toContain("https://shop.example/p/kettle");
      expect(part).toContain(`${PUBLIC_URL}/hub/watch/6f1c2a34-0000-4000-8000-00000000000a`);
      expect(part).toContain(`${PUBLIC_URL}/user#notifications`);
    }
    expect(email.html).toContain('<img src="https://shop.example/img/kettle.jpg"');
    expect(email.html).toContain("−20.0 %");
    expect(email.headers["List-Unsubscribe"]).toBe(`<${PUBLIC_URL}/user#notifications>`);
  });

  it("says where the price stands in one line when there is a verdict, and nothing without", () => {
    const email = renderAlertEmail(sampleAlert({}, { verdict: "Lowest in 90 days" }));
    for (const part of [email.html, email.text]) {
      expect(part.match(/Lowest in 90 days/g)).toHaveLength(1);
    }
    const plain = renderAlertEmail(sampleAlert());
    expect(plain.text).not.toMatch(/Lowest in|Typical price|Higher than usual/);
  });

  it("escapes a hostile product title", () => {
    const email = renderAlertEmail(sampleAlert({}, { title: '<script>alert("x")</script>' }));
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });
});

describe("renderDigestEmail", () => {
  it("puts several alerts in one mail", () => {
    const messages = [
      sampleAlert(),
      sampleAlert(
        { kind: "back_in_stock", watchId: "w2", idempotencyKey: "k2" },
        { title: "Toaster", url: "https://shop.example/p/toaster" },
      ),
    ];
    const email = renderDigestEmail(messages, {
      publicUrl: PUBLIC_URL,
      date: new Date("2026-11-22T08:00:00Z"),
    });
    expect(email.subject).toBe("Your Dropwave digest: 2 alerts");
    expect(email.text).toContain("Price drop: Kettle");
    expect(email.text).toContain("Back in stock: Toaster");
    expect(email.html).toContain("https://shop.example/p/toaster");
    expect(email.html).toContain(`${PUBLIC_URL}/hub/watch/w2`);
    expect(email.text).toContain("2026-11-22");
    expect(email.headers["List-Unsubscribe"]).toBe(`<${PUBLIC_URL}/user#notifications>`);
  });
});

describe("chat renderers", () => {
  it("Discord: embed with thumbnail, fields, no mentions", () => {
    const body = renderDiscordBody(sampleAlert({}, { title: "@everyone *cheap*" }));
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const embed = body.embeds[0];
    expect(embed?.url).toBe("https://shop.example/p/kettle");
    expect(embed?.thumbnail).toEqual({ url: "https://shop.example/img/kettle.jpg" });
    expect(embed?.fields.map((f) => f.name)).toEqual(["Now", "Was", "Change", "Lowest ever"]);
    expect(embed?.description).toContain("\\*cheap\\*");
  });

  it("Slack: escapes mrkdwn and links the store", () => {
    const body = renderSlackBody(sampleAlert({}, { title: "Pots & <Pans>" }));
    expect(body.text).toContain("Pots &amp; &lt;Pans&gt;");
    const section = body.blocks[1] as { text: { text: string }; accessory?: { type: string } };
    expect(section.text.text).toContain("<https://shop.example/p/kettle|Pots &amp; &lt;Pans&gt;>");
    expect(section.accessory?.type).toBe("image");
  });

  it("Teams: an Adaptive Card in a message attachment", () => {
    const body = renderTeamsBody(sampleAlert());
    expect(body.type).toBe("message");
    expect(body.attachments[0]?.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(body.attachments[0]?.content.type).toBe("AdaptiveCard");
    expect(body.attachments[0]?.content.actions[0]?.url).toBe("https://shop.example/p/kettle");
  });

  it("Telegram: HTML with everything escaped", () => {
    const text = renderTelegramText(sampleAlert({}, { title: 'Fish & <b>"Chips"</b>' }));
    expect(text).toContain("Fish &amp; &lt;b&gt;&quot;Chips&quot;&lt;/b&gt;");
    expect(text).toContain('<a href="https://shop.example/p/kettle">');
    expect(text).toMatch(/^<b>Price drop<\/b>/);
  });

  it("ntfy headers: ASCII as is, other text RFC 2047", () => {
    expect(headerText("Kettle $39.99")).toBe("Kettle $39.99");
    expect(headerText("Café €5")).toBe(`=?UTF-8?B?${Buffer.from("Café €5").toString("base64")}?=`);
    expect(headerText("a\r\nInjected: yes")).toBe("a Injected: yes");
  });
});

describe("buildTestAlertMessage", () => {
  it("is marked as a test, links only to Dropwave and has a fresh key each time", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const a = buildTestAlertMessage({ publicUrl: PUBLIC_URL, now });
    const b = buildTestAlertMessage({ publicUrl: PUBLIC_URL, now });
    expect(a.title).toBe(
      "Test: Price drop: Example kettle (test notification) now $39.99 (was $49.99)",
    );
    expect(a.urls).toEqual({
      product: `${PUBLIC_URL}/hub`,
      page: `${PUBLIC_URL}/hub`,
      manage: `${PUBLIC_URL}/user#notifications`,
    });
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(renderAlertEmail(a).subject).toMatch(/^Test: /);
  });
});
