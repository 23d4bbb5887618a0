/// <reference types="chrome" />
import type { PriceRecipe } from "../../../core/extract/recipe.ts";
import type { ExtractResult } from "../../../core/extract/types.ts";
import type { Money } from "../../../core/money/money.ts";
import { callApi, Disconnected } from "../api.ts";
import { pickKey } from "../messages.ts";
import { toReading } from "../page-reading.ts";
import type { Settings } from "../settings.ts";
import type { Lookup } from "../tracked.ts";
import { browserAssistToggle } from "./assist-toggle.ts";
import { describeError, h, money, popupState } from "./dom.ts";
import { isPriceDownKind, realDealBox } from "./track-form.ts";

/** A product already tracked: its history, lowest/highest, alert status, and saving a pick. */
export function trackedPanel(
  settings: Settings,
  found: Lookup,
  url: string,
  result: ExtractResult,
  recipe: PriceRecipe | null,
): HTMLElement {
  const watch = found.watch!;
  const status = h("div", {});
  const save = async () => {
    try {
      if (recipe) {
        await callApi(`/extension/watches/${watch.id}/recipe`, { method: "PUT", body: { recipe } });
        await chrome.storage.session.remove(pickKey(popupState.tabId));
      }
      if (result.price || result.availability !== "unknown") {
        await callApi(`/extension/watches/${watch.id}/readings`, { body: toReading(result) });
      }
      status.replaceChildren(
        h(
          "p",
          { class: "ok", "data-testid": "saved" },
          recipe
            ? "Saved: Dropwave reads the price there from now on."
            : "Updated from your browser.",
        ),
      );
    } catch (error) {
      if (error instanceof Disconnected) return void popupState.rerender();
      status.replaceChildren(h("p", { class: "error" }, describeError(error)));
    }
  };
  return h(
    "section",
    { "data-testid": "tracked-panel" },
    h(
      "p",
      { class: "ok" },
      "You track this product. ",
      h(
        "a",
        { href: `${settings.origin}${watch.hubPath}`, target: "_blank", "data-testid": "hub-link" },
        "Open in Dropwave",
      ),
    ),
    h(
      "div",
      { class: "stats" },
      h("span", { "data-testid": "lowest" }, `Lowest ${money(watch.lowest)}`),
      h("span", { "data-testid": "highest" }, `Highest ${money(watch.highest)}`),
    ),
    historyChart(watch.points),
    h("div", { class: "muted", "data-testid": "rule-status" }, watch.ruleMessage),
    realDealOption(watch),
    watch.isServerBlocked &&
      h(
        "p",
        { class: "note" },
        `The store blocks Dropwave’s checks (${watch.lastError ?? "blocked"}). Your browser can refresh it.`,
      ),
    recipe &&
      h(
        "div",
        { class: "actions" },
        h(
          "button",
          { class: "primary", "data-testid": "save-pick", onclick: () => void save() },
          "Save this price",
        ),
      ),
    !recipe &&
      watch.isServerBlocked &&
      h(
        "div",
        { class: "actions" },
        h("button", { onclick: () => void save() }, "Refresh from this page"),
      ),
    status,
    browserAssistToggle(settings, url),
  );
}

/**
 * The add form's "Only a real deal" box, set as the watch is and saved at once on a change
 * (PATCH /extension/watches/{id}); offered, as there, only for an alert about a lower price.
 */
function realDealOption(watch: NonNullable<Lookup["watch"]>): HTMLElement | null {
  if (!isPriceDownKind(watch.rule.kind)) return null;
  const { box, row } = realDealBox();
  box.checked = watch.onlyRealDeal;
  const note = h("div", {});
  box.addEventListener("change", async () => {
    box.disabled = true;
    try {
      await callApi(`/extension/watches/${watch.id}`, {
        method: "PATCH",
        body: { onlyRealDeal: box.checked },
      });
      note.replaceChildren(
        h(
          "p",
          { class: "ok", "data-testid": "real-deal-saved" },
          box.checked ? "Saved: alerts only for a real deal." : "Saved: alerts for every drop.",
        ),
      );
    } catch (error) {
      if (error instanceof Disconnected) return void popupState.rerender();
      box.checked = !box.checked;
      note.replaceChildren(h("p", { class: "error" }, describeError(error)));
    } finally {
      box.disabled = false;
    }
  });
  return h("div", {}, row, note);
}

/** A small step chart of the price history (inline SVG: no chart library in the popup). */
function historyChart(points: { at: string; price: Money | null }[]): HTMLElement | SVGElement {
  const priced = points.filter((p) => p.price !== null) as { at: string; price: Money }[];
  if (priced.length === 0)
    return h("p", { class: "muted", "data-testid": "history" }, "No price history yet.");
  const width = 300;
  const height = 60;
  const t0 = Date.parse(priced[0]!.at);
  const t1 = Math.max(Date.now(), t0 + 1);
  const amounts = priced.map((p) => p.price.amountMinor);
  const lo = Math.min(...amounts);
  const hi = Math.max(...amounts);
  const x = (at: string) => ((Date.parse(at) - t0) / (t1 - t0)) * (width - 4) + 2;
  const y = (amount: number) =>
    hi === lo ? height / 2 : height - 4 - ((amount - lo) / (hi - lo)) * (height - 8);
  let path = "";
  priced.forEach((p, i) => {
    const px = x(p.at).toFixed(1);
    const py = y(p.price.amountMinor).toFixed(1);
    path += i === 0 ? `M${px},${py}` : `H${px}V${py}`;
  });
  path += `H${width - 2}`;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  svg.setAttribute("role", "img");
  svg.setAttribute("data-testid", "history");
  svg.setAttribute("data-points", String(priced.length));
  svg.setAttribute(
    "aria-label",
    `Price history: ${priced.length} price${priced.length === 1 ? "" : "s"}, from ${money(priced[0]!.price)} to ${money(priced[priced.length - 1]!.price)}`,
  );
  const line = document.createElementNS(ns, "path");
  line.setAttribute("d", path);
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "#6d28d9");
  line.setAttribute("stroke-width", "2");
  svg.append(line);
  return svg;
}
