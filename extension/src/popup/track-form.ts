/// <reference types="chrome" />
import {
  DEFAULT_LOWEST_DAYS,
  RULE_KIND_ORDER,
  RULE_KINDS,
} from "../../../core/checks/alert-kinds.ts";
import type { AlertRuleKind } from "../../../core/checks/alert-rule.ts";
import type { PriceRecipe } from "../../../core/extract/recipe.ts";
import type { ExtractResult } from "../../../core/extract/types.ts";
import { decimalToMinor } from "../../../core/money/decimal-to-minor.ts";
import { callApi, Disconnected } from "../api.ts";
import { type Message, pickKey } from "../messages.ts";
import { toReading } from "../page-reading.ts";
import type { Settings } from "../settings.ts";
import { describeError, h, popupState } from "./dom.ts";

/**
 * "Track" with an alert choice: the same choices as the hub's (core/checks/alert-kinds.ts),
 * each with its field (a price, a percentage, a number of days), and the hub's "Only a real
 * deal" box for the choices about a lower price (decision 0063). The API checks the rule with
 * the one schema (core/checks/alert-rule.ts) and names a bad field.
 */
export function trackForm(
  settings: Settings,
  url: string,
  result: ExtractResult,
  recipe: PriceRecipe | null,
  pickButton: HTMLElement,
): HTMLElement {
  const currency = result.price?.currency ?? "USD";
  const fields = ruleFields(currency);
  const message = h("div", {});
  const track = h(
    "button",
    { class: "primary", "data-testid": "track" },
    "Track",
  ) as HTMLButtonElement;
  track.disabled = result.status === "not_product";
  track.addEventListener("click", async () => {
    track.disabled = true;
    try {
      const started = performance.now();
      const created = await callApi<{ watch: { id: string } }>("/extension/watches", {
        body: {
          url,
          rule: fields.rule(),
          onlyRealDeal: fields.onlyRealDeal(),
          reading: toReading(result),
          ...(recipe ? { recipe } : {}),
        },
      });
      const ms = Math.round(performance.now() - started);
      await chrome.storage.session.remove(pickKey(popupState.tabId));
      const changed: Message = { type: "dropwave-tracked-changed" };
      void chrome.runtime.sendMessage(changed).catch(() => {});
      message.replaceChildren(
        h(
          "p",
          { class: "ok", "data-testid": "tracked", "data-ms": String(ms) },
          "Tracking. ",
          h(
            "a",
            { href: `${settings.origin}/hub/watch/${created.watch.id}`, target: "_blank" },
            "Open in Dropwave",
          ),
        ),
      );
    } catch (error) {
      if (error instanceof Disconnected) return void popupState.rerender();
      track.disabled = false;
      message.replaceChildren(h("p", { class: "error" }, describeError(error)));
    }
  });
  return h(
    "section",
    {},
    ...fields.elements,
    h("div", { class: "actions" }, track, pickButton),
    message,
  );
}

/** Whether the alert choice is about a lower price: the only ones "Only a real deal" holds back. */
export function isPriceDownKind(kind: string): boolean {
  return RULE_KINDS[kind as AlertRuleKind]?.isPriceDown ?? false;
}

/**
 * The "Only a real deal" box (decision 0063) of the add form and the tracked view: the hub's
 * words (app/components/hub/rule-fields.tsx), the box beside them (popup.css .check).
 */
export function realDealBox(): { box: HTMLInputElement; row: HTMLElement } {
  const box = h("input", {
    type: "checkbox",
    id: "only-real-deal",
    "data-testid": "only-real-deal",
  }) as HTMLInputElement;
  const row = h(
    "label",
    { class: "check", for: "only-real-deal" },
    box,
    h(
      "span",
      {},
      "Only a real deal",
      h(
        "span",
        { class: "muted hint" },
        'Below the 90-day low, or a discount whose "was" price Dropwave saw charged.',
      ),
    ),
  );
  return { box, row };
}

/**
 * The alert picker, its one extra field and "Only a real deal"; `rule()` and `onlyRealDeal()`
 * read them into the API's shape.
 */
function ruleFields(currency: string) {
  const kind = h(
    "select",
    { id: "rule" },
    ...RULE_KIND_ORDER.map((k) => h("option", { value: k }, RULE_KINDS[k].choice)),
  ) as HTMLSelectElement;
  const input = (id: string, value: string, props: Record<string, string>) =>
    h("input", { id, type: "number", value, ...props }) as HTMLInputElement;
  const amount = input("amount", "", { min: "0", step: "0.01" });
  const percent = input("percent", "10", { min: "0.1", max: "99", step: "0.1" });
  const days = input("days", String(DEFAULT_LOWEST_DAYS), { min: "7", max: "365", step: "1" });
  const rows = {
    amount: h(
      "div",
      { hidden: true },
      h("label", { for: "amount" }, `Price (${currency})`),
      amount,
    ),
    percent: h(
      "div",
      { hidden: true },
      h("label", { for: "percent" }, "Drop of at least (%)"),
      percent,
    ),
    days: h("div", { hidden: true }, h("label", { for: "days" }, "Lowest in how many days"), days),
  };
  const { box: realDeal, row: realDealRow } = realDealBox();
  const isPriceDown = () => isPriceDownKind(kind.value);
  kind.addEventListener("change", () => {
    const field = RULE_KINDS[kind.value as AlertRuleKind]?.field ?? null;
    for (const [name, row] of Object.entries(rows)) row.hidden = name !== field;
    realDealRow.hidden = !isPriceDown();
  });
  const rule = (): Record<string, unknown> => {
    const chosen = kind.value as AlertRuleKind;
    const money = () => ({
      amountMinor: decimalToMinor(amount.value.trim(), currency) ?? 0,
      currency,
    });
    switch (chosen) {
      case "below_target":
        return { kind: chosen, target: money() };
      case "rises_above":
        return { kind: chosen, threshold: money() };
      case "percent_drop":
        return { kind: chosen, percent: Number(percent.value) };
      case "lowest_in_days":
        return { kind: chosen, days: Number(days.value) };
      default:
        return { kind: chosen };
    }
  };
  return {
    elements: [
      h("label", { for: "rule" }, "Tell me about"),
      kind,
      rows.amount,
      rows.percent,
      rows.days,
      realDealRow,
    ],
    rule,
    /** Only for a choice about a lower price: back in stock and a rise are never held back. */
    onlyRealDeal: () => realDeal.checked && isPriceDown(),
  };
}
