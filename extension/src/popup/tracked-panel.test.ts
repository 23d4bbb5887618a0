// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AlertRule } from "../../../core/checks/alert-rule.ts";
import { TrackedOptionsInput } from "../../../core/tracking/extension-lookup.ts";
import { kettleReading, popupSettings, stubChrome } from "../../../tests/helpers/popup.ts";
import type { Lookup } from "../tracked.ts";
import { trackedPanel } from "./tracked-panel.ts";

/**
 * The popup's view of a product already tracked (tracked-panel.ts) in jsdom: its "Only a real
 * deal" box, the add form's own (issue #37 item 4, decision 0063), shows the watch's option and
 * changes it through PATCH /api/v1/extension/watches/{id}, read by the route's own schema.
 */

const settings = popupSettings;
const result = kettleReading;

let sent: { url: string; method: string; body: unknown }[] = [];
let patchStatus = 200;

beforeEach(() => {
  sent = [];
  patchStatus = 200;
  stubChrome();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const method = String(init.method);
    if (method === "GET") return Response.json({ urls: [] });
    sent.push({ url, method, body: JSON.parse(String(init.body)) });
    return patchStatus === 200
      ? Response.json({ watch: { id: "w1" } })
      : Response.json(
          { error: { code: "internal", message: "Dropwave could not save it." } },
          { status: patchStatus },
        );
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function render(rule: AlertRule, onlyRealDeal: boolean) {
  const found = {
    url: "shop.example/kettle",
    storeRecipe: null,
    watch: {
      id: "w1",
      productId: "p1",
      title: "Kettle",
      price: { amountMinor: 4999, currency: "EUR" },
      availability: "in_stock",
      lowest: null,
      highest: null,
      rule,
      ruleMessage: "Any drop",
      isRuleMet: false,
      isServerBlocked: false,
      lastError: null,
      hasRecipe: false,
      recipe: null,
      points: [],
      hubPath: "/hub/watch/w1",
      onlyRealDeal,
    },
  } satisfies Lookup;
  const panel = trackedPanel(settings, found, "https://shop.example/kettle", result, null);
  document.body.append(panel);
  return { panel, box: panel.querySelector("#only-real-deal") as HTMLInputElement | null };
}

describe("the popup's tracked view: Only a real deal (#37 item 4)", () => {
  it("shows the watch's option with the add form's words", () => {
    const off = render({ kind: "any_drop" }, false);
    expect(off.box?.checked).toBe(false);
    expect(off.box?.closest("label")?.textContent).toContain("Only a real deal");
    document.body.replaceChildren();
    expect(render({ kind: "percent_drop", percent: 10 }, true).box?.checked).toBe(true);
  });

  it("saves a change at once, in the route's schema", async () => {
    const { panel, box } = render({ kind: "any_drop" }, false);
    box?.click();
    await vi.waitFor(() =>
      expect(panel.querySelector('[data-testid="real-deal-saved"]')).not.toBeNull(),
    );
    expect(sent).toEqual([
      {
        url: "https://prices.example/api/v1/extension/watches/w1",
        method: "PATCH",
        body: { onlyRealDeal: true },
      },
    ]);
    expect(TrackedOptionsInput.parse(sent[0]?.body)).toEqual({ onlyRealDeal: true });
    expect(box?.checked).toBe(true);
  });

  it("goes back and says so when the change is not saved", async () => {
    patchStatus = 500;
    const { panel, box } = render({ kind: "all_time_low" }, true);
    box?.click();
    await vi.waitFor(() => expect(panel.querySelector(".error")).not.toBeNull());
    expect(box?.checked).toBe(true);
    expect(box?.disabled).toBe(false);
  });

  it("is not offered for an alert not about a lower price", () => {
    expect(render({ kind: "back_in_stock" }, false).box).toBeNull();
    expect(
      render({ kind: "rises_above", threshold: { amountMinor: 6000, currency: "EUR" } }, false).box,
    ).toBeNull();
  });
});
