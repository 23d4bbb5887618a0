import { describe, expect, it } from "vitest";
import { isSensitiveElement, MAX_CAPTURED_TEXT, redactText, scrubEvent } from "./posthog-scrub.ts";

describe("redactText", () => {
  it.each([
    ["Card 4242 4242 4242 4242 on file", "Card [redacted] on file"],
    ["4242-4242-4242-4242", "[redacted]"],
    ["371449635398431", "[redacted]"],
    ["SSN 123-45-6789", "SSN [redacted]"],
    ["ssn 123 45 6789.", "ssn [redacted]."],
  ])("redacts %s", (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });
  it.each(["Track this · €1,299.00", "Order 12345", "2026-11-23", "Price 24.990"])(
    "keeps ordinary text: %s",
    (text) => expect(redactText(text)).toBe(text),
  );
  it("caps text at 255 characters", () => {
    expect(redactText("a".repeat(1000))).toHaveLength(MAX_CAPTURED_TEXT);
  });
});

describe("isSensitiveElement", () => {
  it.each([
    { tag_name: "input", attr__type: "password" },
    { tag_name: "input", attr__type: "hidden", attr__name: "x" },
    { tag_name: "input", attr__name: "cc-number" },
    { tag_name: "input", attr__name: "card_number" },
    { tag_name: "input", attr__id: "cvc" },
    { tag_name: "input", attr__name: "user[ssn]" },
    { tag_name: "input", attr__name: "apiToken" },
    { tag_name: "input", attr__name: "client_secret" },
    { tag_name: "input", attr__autocomplete: "cc-exp" },
  ])("flags %o", (element) => expect(isSensitiveElement(element)).toBe(true));
  it.each([
    { tag_name: "button", attr__name: "discard" },
    { tag_name: "input", attr__name: "account" },
    { tag_name: "input", attr__name: "email", attr__type: "email" },
    { tag_name: "a", attr__href: "/hub" },
  ])("lets %o through", (element) => expect(isSensitiveElement(element)).toBe(false));
});

describe("scrubEvent", () => {
  it("drops an autocaptured event on a sensitive field", () => {
    const event = {
      event: "$autocapture",
      properties: { $elements: [{ tag_name: "input", attr__name: "card-number" }] },
    };
    expect(scrubEvent(event)).toBeNull();
  });
  it("drops an event whose element chain names a password field", () => {
    const event = {
      event: "$autocapture",
      properties: { $elements_chain: 'input:attr__type="password"nth-child="1"' },
    };
    expect(scrubEvent(event)).toBeNull();
  });
  it("redacts card-like text in the element chain, element text and other properties", () => {
    const event = {
      event: "$autocapture",
      properties: {
        $el_text: "Pay with 4242 4242 4242 4242",
        $elements: [{ tag_name: "button", $el_text: "Pay with 4242 4242 4242 4242" }],
        $elements_chain: 'button:text="Pay with 4242 4242 4242 4242"nth-child="2"',
        nested: { note: "ssn 123-45-6789" },
        count: 3,
      },
    };
    const scrubbed = scrubEvent(event);
    expect(JSON.stringify(scrubbed)).not.toMatch(/4242|6789/);
    expect(scrubbed?.properties).toMatchObject({
      $el_text: "Pay with [redacted]",
      $elements_chain: 'button:text="Pay with [redacted]"nth-child="2"',
      nested: { note: "ssn [redacted]" },
      count: 3,
    });
  });
  it("passes an ordinary page view through", () => {
    const event = { event: "$pageview", properties: { $current_url: "https://d.example/hub" } };
    expect(scrubEvent(event)).toEqual(event);
  });
});
