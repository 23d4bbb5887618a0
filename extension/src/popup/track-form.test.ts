// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BrowserWatchInput } from "../../../core/tracking/browser-reading.ts";
import { kettleReading, popupSettings, stubChrome } from "../../../tests/helpers/popup.ts";
import { trackForm } from "./track-form.ts";

/**
 * The popup's "Track" form (track-form.ts) in jsdom, with `chrome` and `fetch` stood in: what
 * it sends to POST /api/v1/extension/watches, read by the route's own schema.
 */

const settings = popupSettings;
const result = kettleReading;

let sent: { url: string; method: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent = [];
  stubChrome();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify({ watch: { id: "w1" } }), { status: 201 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function renderForm() {
  const form = trackForm(
    settings,
    "https://shop.example/kettle",
    result,
    null,
    document.createElement("button"),
  );
  document.body.append(form);
  const get = <T extends HTMLElement>(selector: string) => form.querySelector(selector) as T;
  const choose = (kind: string) => {
    const select = get<HTMLSelectElement>("#rule");
    select.value = kind;
    select.dispatchEvent(new Event("change"));
  };
  /** Clicks Track and returns the body the API got. */
  const track = async () => {
    get<HTMLButtonElement>('[data-testid="track"]').click();
    await vi.waitFor(() => expect(form.querySelector('[data-testid="tracked"]')).not.toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: "https://prices.example/api/v1/extension/watches",
      method: "POST",
    });
    return sent[0]!.body;
  };
  return { get, choose, track, box: get<HTMLInputElement>("#only-real-deal") };
}

describe("the popup's Track form: Only a real deal (#37 item 4)", () => {
  it("is off unless checked, and says so", async () => {
    const form = renderForm();
    expect(form.box.checked).toBe(false);
    expect(form.box.closest("label")?.hidden).toBe(false);
    expect(form.box.closest("label")?.textContent).toContain("Only a real deal");
    const body = await form.track();
    expect(body).toMatchObject({ rule: { kind: "any_drop" }, onlyRealDeal: false });
    expect(BrowserWatchInput.parse(body).onlyRealDeal).toBe(false);
  });

  it("checked, is sent with the rule, and the route's schema takes it", async () => {
    const form = renderForm();
    form.choose("percent_drop");
    form.get<HTMLInputElement>("#percent").value = "15";
    form.box.click();
    const body = await form.track();
    expect(body).toEqual({
      url: "https://shop.example/kettle",
      rule: { kind: "percent_drop", percent: 15 },
      onlyRealDeal: true,
      reading: {
        title: "Kettle",
        imageUrl: null,
        price: { amountMinor: 4999, currency: "EUR" },
        availability: "in_stock",
      },
    });
    const parsed = BrowserWatchInput.parse(body);
    expect(parsed.onlyRealDeal).toBe(true);
    expect(parsed.rule).toEqual({ kind: "percent_drop", percent: 15 });
  });

  it("is hidden, and sent as false, for a choice not about a lower price", async () => {
    const form = renderForm();
    form.box.click();
    form.choose("back_in_stock");
    expect(form.box.closest("label")?.hidden).toBe(true);
    expect(await form.track()).toMatchObject({
      rule: { kind: "back_in_stock" },
      onlyRealDeal: false,
    });
  });

  it("comes back with a price-down choice, still as the person left it", async () => {
    const form = renderForm();
    form.box.click();
    form.choose("rises_above");
    form.choose("all_time_low");
    expect(form.box.closest("label")?.hidden).toBe(false);
    expect(await form.track()).toMatchObject({
      rule: { kind: "all_time_low" },
      onlyRealDeal: true,
    });
  });
});
