import { describe, expect, it } from "vitest";
import { parseCreateForm, parseRuleFields } from "./hub-forms.server.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("hub forms", () => {
  it("defaults to any drop", () => {
    expect(parseRuleFields(form({}))).toEqual({ ok: true, value: { kind: "any_drop" } });
  });

  it("reads a target in the product's currency, with either decimal mark", () => {
    expect(
      parseRuleFields(form({ ruleKind: "below_target", amount: "39,99", currency: "EUR" })),
    ).toEqual({
      ok: true,
      value: { kind: "below_target", target: { amountMinor: 3999, currency: "EUR" } },
    });
  });

  it("names the field for bad values", () => {
    expect(
      parseRuleFields(form({ ruleKind: "below_target", amount: "cheap", currency: "USD" })),
    ).toMatchObject({
      ok: false,
      field: "amount",
    });
    expect(parseRuleFields(form({ ruleKind: "percent_drop", percent: "150" }))).toMatchObject({
      ok: false,
      field: "percent",
    });
    expect(parseCreateForm(form({ url: "" }))).toMatchObject({ ok: false, field: "url" });
  });

  it("builds a create input", () => {
    expect(
      parseCreateForm(
        form({
          url: "https://shop.example/p",
          ruleKind: "percent_drop",
          percent: "15",
          intervalMinutes: "720",
        }),
      ),
    ).toEqual({
      ok: true,
      value: {
        url: "https://shop.example/p",
        rule: { kind: "percent_drop", percent: 15 },
        intervalMinutes: 720,
      },
    });
  });
});
