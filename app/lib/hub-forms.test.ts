import { describe, expect, it } from "vitest";
import { safeParseInput } from "../../core/input.ts";
import { CreateWatchInput } from "../../core/tracking/create-watch.ts";
import { UpdateWatchInput } from "../../core/tracking/update-watch.ts";
import { formField, parseCreateForm, parseUpdateForm } from "./hub-forms.server.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("hub forms", () => {
  it("defaults to any drop", () => {
    expect(parseCreateForm(form({ url: "https://shop.example/p" }))).toMatchObject({
      ok: true,
      value: { rule: { kind: "any_drop" }, intervalMinutes: 360 },
    });
  });

  it("reads a target in the product's currency, with either decimal mark", () => {
    expect(
      parseUpdateForm(form({ ruleKind: "below_target", amount: "39,99", currency: "EUR" })),
    ).toEqual({
      ok: true,
      value: {
        rule: { kind: "below_target", target: { amountMinor: 3999, currency: "EUR" } },
        onlyRealDeal: false,
      },
    });
  });

  it("reads the 'only a real deal' box into the API's field (#37 item 4)", () => {
    expect(parseUpdateForm(form({ ruleKind: "any_drop", onlyRealDeal: "on" }))).toMatchObject({
      ok: true,
      value: { rule: { kind: "any_drop" }, onlyRealDeal: true },
    });
  });

  it("names the form field for bad values", () => {
    expect(
      parseUpdateForm(form({ ruleKind: "below_target", amount: "cheap", currency: "USD" })),
    ).toMatchObject({ ok: false, field: "amount", message: "Enter a price such as 49.99." });
    expect(parseUpdateForm(form({ ruleKind: "percent_drop", percent: "150" }))).toMatchObject({
      ok: false,
      field: "percent",
    });
    expect(parseCreateForm(form({ url: "" }))).toMatchObject({ ok: false, field: "url" });
  });

  it("passes the chosen variant on, and names the field when it is not one", () => {
    expect(
      parseCreateForm(form({ url: "https://shop.example/p", variantId: "SH-1-XL" })),
    ).toMatchObject({ ok: true, value: { variantId: "SH-1-XL" } });
    for (const variantId of ["SH\u0000", "<b>", "x".repeat(101)]) {
      expect(parseCreateForm(form({ url: "https://shop.example/p", variantId }))).toMatchObject({
        ok: false,
        field: "variantId",
      });
    }
  });

  it("refuses an interval that is not a number, or longer than a day, instead of storing it", () => {
    for (const intervalMinutes of ["abc", "99999", "0", "1.5"]) {
      expect(parseUpdateForm(form({ ruleKind: "any_drop", intervalMinutes }))).toMatchObject({
        ok: false,
        field: "intervalMinutes",
        message: "Choose how often to check: every 1 to 1440 minutes.",
      });
    }
  });

  it("takes a link without a scheme as https", () => {
    expect(parseCreateForm(form({ url: "www.store.com/p/1" }))).toMatchObject({
      ok: true,
      value: { url: "https://www.store.com/p/1" },
    });
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
        onlyRealDeal: false,
      },
    });
  });
});

describe("the hub's forms and /api/v1 refuse the same input with the same words", () => {
  const cases: [string, Record<string, string>, Record<string, unknown>, string][] = [
    [
      "an interval that is not a number",
      { ruleKind: "any_drop", intervalMinutes: "abc" },
      { intervalMinutes: Number.NaN },
      "intervalMinutes",
    ],
    [
      "an interval of 99 999 minutes",
      { ruleKind: "any_drop", intervalMinutes: "99999" },
      { intervalMinutes: 99_999 },
      "intervalMinutes",
    ],
    [
      "a target of zero",
      { ruleKind: "below_target", amount: "0", currency: "USD" },
      { rule: { kind: "below_target", target: { amountMinor: 0, currency: "USD" } } },
      "amount",
    ],
    [
      "a negative threshold",
      { ruleKind: "rises_above", amount: "-5", currency: "USD" },
      { rule: { kind: "rises_above", threshold: { amountMinor: -500, currency: "USD" } } },
      "amount",
    ],
    [
      "a currency that is not ISO 4217",
      { ruleKind: "below_target", amount: "5", currency: "ABC" },
      { rule: { kind: "below_target", target: { amountMinor: 500, currency: "ABC" } } },
      "amount",
    ],
    [
      "a drop of 0.05 %",
      { ruleKind: "percent_drop", percent: "0.05" },
      { rule: { kind: "percent_drop", percent: 0.05 } },
      "percent",
    ],
    [
      "a drop of 99.5 %",
      { ruleKind: "percent_drop", percent: "99.5" },
      { rule: { kind: "percent_drop", percent: 99.5 } },
      "percent",
    ],
    ["an unknown alert", { ruleKind: "sometimes" }, { rule: { kind: "sometimes" } }, "ruleKind"],
  ];
  it.each(cases)("%s", (_, fields, body, formFieldName) => {
    const fromForm = parseUpdateForm(form(fields));
    const fromApi = safeParseInput(UpdateWatchInput, body);
    expect(fromForm.ok).toBe(false);
    expect(fromApi.ok).toBe(false);
    if (fromForm.ok || fromApi.ok) return;
    expect(fromForm.field).toBe(formFieldName);
    expect(formField(fromApi.fields[0]?.field ?? "")).toBe(formFieldName);
    expect(fromForm.message).toBe(fromApi.fields[0]?.message);
  });

  it("a NUL in a link is refused, not handed to the database", () => {
    const fromForm = parseCreateForm(form({ url: "https://shop.example/p\u0000" }));
    const fromApi = safeParseInput(CreateWatchInput, { url: "https://shop.example/p\u0000" });
    expect(fromForm).toMatchObject({ ok: false, field: "url" });
    expect(fromApi.ok).toBe(false);
    if (fromForm.ok || fromApi.ok) return;
    expect(fromForm.message).toBe(fromApi.fields[0]?.message);
    expect(fromForm.message).toMatch(/NUL/);
  });
});
