/// <reference types="chrome" />
import type { PriceRecipe } from "../../core/extract/recipe.ts";
import type { ExtractResult } from "../../core/extract/types.ts";
import { decimalToMinor } from "../../core/money/decimal-to-minor.ts";
import { formatMoney } from "../../core/money/format-money.ts";
import type { Money } from "../../core/money/money.ts";
import { ApiError, callApi, Disconnected } from "./api.ts";
import { type Message, type PickRequest, pickKey, type StoredPick } from "./messages.ts";
import { candidateKeyFor, readProduct, readTab, toReading } from "./page-reading.ts";
import { loadSettings, originOf, type Settings, saveSettings } from "./settings.ts";
import { type Lookup, lookup, showBadge } from "./tracked.ts";

/**
 * The toolbar popup: the product on the page the person clicked on, read in their browser by
 * core/extract; "Track" with an alert choice; "Pick the price" on the live page; and, for a
 * product already tracked, its history, lowest/highest and alert status.
 */

const app = document.getElementById("app") as HTMLElement;
const account = document.getElementById("account") as HTMLElement;

type Child = Node | string | null | undefined | false;
function h(
  tag: string,
  props: Record<string, string | boolean | ((event: Event) => void)> = {},
  ...children: Child[]
): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === "function") el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(name, "");
    else if (value !== false) el.setAttribute(name, value);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}
const show = (...nodes: Child[]) =>
  app.replaceChildren(...nodes.filter((n): n is Node | string => Boolean(n)));
const money = (m: Money | null) => (m ? formatMoney(m) : "—");

async function targetTab(): Promise<chrome.tabs.Tab | undefined> {
  const fromQuery = new URLSearchParams(location.search).get("tab");
  if (fromQuery) return chrome.tabs.get(Number(fromQuery));
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab;
}

let tabId = -1;

async function render(pick: StoredPick | null = null): Promise<void> {
  const settings = await loadSettings();
  account.textContent = settings.account ?? "";
  const tab = await targetTab();
  tabId = tab?.id ?? -1;
  if (!settings.token || !settings.origin) return renderConnect(settings, tab);
  if (tab?.url && originOf(tab.url) === settings.origin) return renderOwnSite(settings);
  if (!tab?.id || !tab.url || !/^https?:/.test(tab.url)) {
    return show(h("p", {}, "Open a product page in this tab, then click Dropwave."));
  }
  try {
    await renderProduct(settings, tab.id, pick ?? (await storedPick(tab.id, tab.url)));
  } catch (error) {
    if (error instanceof Disconnected) return render();
    show(h("p", { class: "error" }, error instanceof Error ? error.message : String(error)));
  }
}

async function storedPick(id: number, url: string): Promise<StoredPick | null> {
  const pick = (await chrome.storage.session.get(pickKey(id)))[pickKey(id)] as
    | StoredPick
    | undefined;
  return pick && pick.url === url ? pick : null;
}

/* Connecting --------------------------------------------------------------------------------- */

function renderConnect(settings: Settings, tab: chrome.tabs.Tab | undefined): void {
  const input = h("input", {
    id: "origin",
    type: "url",
    placeholder: "https://prices.example.org",
    value: settings.origin ?? "",
    "aria-label": "Your Dropwave address",
  }) as HTMLInputElement;
  const error = h("p", { class: "error", hidden: true });
  const connect = async () => {
    const origin = originOf(input.value);
    if (!origin) {
      error.textContent = "Enter your Dropwave address, such as https://prices.example.org.";
      error.hidden = false;
      return;
    }
    const host = new URL(origin);
    const pattern = `${host.protocol}//${host.hostname}/*`;
    // The one host the extension asks for up front: the person's own Dropwave, so that its
    // account page can hand the token over. Declined, the toolbar button does it instead.
    const isAllowed = await chrome.permissions.request({ origins: [pattern] }).catch(() => false);
    await saveSettings({ origin });
    if (isAllowed) {
      await chrome.scripting
        .unregisterContentScripts({ ids: ["dropwave-connect"] })
        .catch(() => {});
      await chrome.scripting.registerContentScripts([
        {
          id: "dropwave-connect",
          matches: [`${host.protocol}//${host.hostname}/user*`],
          js: ["connect.js"],
          runAt: "document_idle",
        },
      ]);
    }
    await chrome.tabs.create({ url: `${origin}/user#connect-extension` });
    show(
      h("p", {}, "On your account page, press “Connect the extension”."),
      !isAllowed && h("p", { class: "muted" }, "Then click the Dropwave button on that page."),
    );
  };
  show(
    settings.isRevoked &&
      h(
        "p",
        { class: "error", "data-testid": "reconnect" },
        "Dropwave no longer accepts this browser’s connection (it was revoked on your account page). Connect again.",
      ),
    h(
      "p",
      {},
      "Connect the extension to your Dropwave once; it then tracks products from any store page.",
    ),
    h("label", { for: "origin" }, "Your Dropwave address"),
    input,
    error,
    h(
      "div",
      { class: "actions" },
      h("button", { class: "primary", onclick: () => void connect() }, "Connect"),
    ),
    tab?.url &&
      originOf(tab.url) &&
      h(
        "p",
        { class: "muted" },
        "Already on your account page? Press “Connect the extension” there, then click this button again.",
      ),
  );
  if (tab?.id !== undefined && tab.url && /^https?:/.test(tab.url)) void offerConnectHere(tab.id);
}

/** On a Dropwave account page that shows a fresh token, the click itself connects. */
async function offerConnectHere(id: number): Promise<void> {
  await chrome.scripting
    .executeScript({ target: { tabId: id }, files: ["connect.js"] })
    .catch(() => {});
}

function renderOwnSite(settings: Settings): void {
  show(
    h(
      "p",
      { class: "ok", "data-testid": "connected" },
      `Connected to ${settings.origin} as ${settings.account ?? "you"}.`,
    ),
    h("p", { class: "muted" }, "Open a store’s product page and click Dropwave to track it."),
    browserAssistToggle(settings),
  );
}

/* The product ------------------------------------------------------------------------------- */

async function renderProduct(
  settings: Settings,
  id: number,
  pick: StoredPick | null,
): Promise<void> {
  const page = await readTab(id);
  const found = await lookup(page.url);
  await showBadge(id, found.watch !== null);
  const plain = readProduct(page.html, page.url, null);
  const pickRecipe: PriceRecipe | null = pick
    ? {
        ...pick.recipe,
        candidateKey: pick.recipe.candidateKey ?? candidateKeyFor(plain, pick.recipe.sample),
      }
    : null;
  const applied = pickRecipe
    ? { recipe: pickRecipe, isStore: false }
    : found.watch?.recipe
      ? { recipe: found.watch.recipe, isStore: false }
      : found.storeRecipe
        ? { recipe: found.storeRecipe, isStore: true }
        : null;
  const result = applied ? readProduct(page.html, page.url, applied) : plain;
  const currency =
    result.price?.currency ??
    result.candidates[0]?.price.currency ??
    found.storeRecipe?.sample.currency ??
    "USD";

  const pickButton = h(
    "button",
    { "data-testid": "pick", onclick: () => void startPick(id, currency) },
    "Pick the price",
  );
  const summary = productSummary(result, applied, pickRecipe !== null);
  if (found.watch) {
    return show(
      summary,
      trackedPanel(settings, found, page.url, result, pickRecipe),
      h("div", { class: "actions" }, pickButton),
    );
  }
  show(summary, trackForm(settings, page.url, result, pickRecipe, pickButton));
}

function productSummary(
  result: ExtractResult,
  applied: { recipe: PriceRecipe; isStore: boolean } | null,
  isPicked: boolean,
): HTMLElement {
  const stock: Record<string, string> = {
    in_stock: "In stock",
    out_of_stock: "Out of stock",
    preorder: "Pre-order",
    unknown: "",
  };
  const why =
    result.recipeStatus === "stopped_matching"
      ? "The price is no longer where it was picked on this page: pick it again."
      : result.status === "ambiguous"
        ? "This page shows more than one price: pick the right one."
        : result.status === "no_price"
          ? "No price found on this page."
          : result.status === "not_product"
            ? "This page doesn’t look like a product."
            : null;
  const source =
    result.recipeStatus === "matched"
      ? isPicked
        ? "The price you picked."
        : applied?.isStore
          ? "Read where the price was picked on this store before."
          : "Read where the price was picked on this page."
      : null;
  return h(
    "section",
    { class: "product" },
    result.imageUrl && h("img", { src: result.imageUrl, alt: "" }),
    h(
      "div",
      {},
      h("h1", { "data-testid": "title" }, result.title ?? "Untitled product"),
      h(
        "div",
        { class: "price", "data-testid": "price" },
        result.price ? money(result.price) : "—",
      ),
      stock[result.availability] &&
        h("div", { class: "muted", "data-testid": "stock" }, stock[result.availability] ?? ""),
      source && h("div", { class: "muted", "data-testid": "price-source" }, source),
      why && h("p", { class: "note", "data-testid": "note" }, why),
    ),
  );
}

function trackForm(
  settings: Settings,
  url: string,
  result: ExtractResult,
  recipe: PriceRecipe | null,
  pickButton: HTMLElement,
): HTMLElement {
  const kind = h(
    "select",
    { id: "rule" },
    h("option", { value: "any_drop" }, "Any price drop"),
    h("option", { value: "below_target" }, "Below a target price"),
    h("option", { value: "percent_drop" }, "A drop of 10 % or more"),
    h("option", { value: "back_in_stock" }, "Back in stock"),
  ) as HTMLSelectElement;
  const target = h("input", {
    id: "target",
    type: "number",
    min: "0",
    step: "0.01",
    "aria-label": "Target price",
  }) as HTMLInputElement;
  const targetRow = h(
    "div",
    { hidden: true },
    h("label", { for: "target" }, "Target price"),
    target,
  );
  kind.addEventListener("change", () => {
    targetRow.hidden = kind.value !== "below_target";
  });
  const message = h("div", {});
  const track = h(
    "button",
    { class: "primary", "data-testid": "track" },
    "Track",
  ) as HTMLButtonElement;
  track.disabled = result.status === "not_product";
  track.addEventListener("click", async () => {
    track.disabled = true;
    const currency = result.price?.currency ?? "USD";
    const rule =
      kind.value === "below_target"
        ? {
            kind: "below_target",
            target: { amountMinor: decimalToMinor(target.value.trim(), currency) ?? 0, currency },
          }
        : kind.value === "percent_drop"
          ? { kind: "percent_drop", percent: 10 }
          : { kind: kind.value };
    try {
      const started = performance.now();
      const created = await callApi<{ watch: { id: string } }>("/extension/watches", {
        body: { url, rule, reading: toReading(result), ...(recipe ? { recipe } : {}) },
      });
      const ms = Math.round(performance.now() - started);
      await chrome.storage.session.remove(pickKey(tabId));
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
      if (error instanceof Disconnected) return void render();
      track.disabled = false;
      message.replaceChildren(h("p", { class: "error" }, describeError(error)));
    }
  });
  return h(
    "section",
    {},
    h("label", { for: "rule" }, "Tell me about"),
    kind,
    targetRow,
    h("div", { class: "actions" }, track, pickButton),
    message,
  );
}

function trackedPanel(
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
        await chrome.storage.session.remove(pickKey(tabId));
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
      if (error instanceof Disconnected) return void render();
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

/** Browser-assisted checks: off until the person turns it on (and allows their stores' hosts). */
function browserAssistToggle(settings: Settings, url?: string): HTMLElement {
  const box = h("input", {
    type: "checkbox",
    id: "assist",
    "data-testid": "assist",
  }) as HTMLInputElement;
  box.checked = settings.isBrowserAssisted;
  // The hosts are known before the click: a permission request must come straight from it.
  let origins: string[] = [];
  void callApi<{ urls: string[] }>("/extension/tracked")
    .then(({ urls }) => {
      origins = [
        ...new Set(
          [...urls, ...(url ? [url] : [])].map(
            (u) => `${new URL(u).protocol}//${new URL(u).hostname}/*`,
          ),
        ),
      ];
    })
    .catch(() => {});
  box.addEventListener("change", async () => {
    if (box.checked) {
      const isAllowed = await chrome.permissions.request({ origins }).catch(() => false);
      box.checked = isAllowed;
    }
    await saveSettings({ isBrowserAssisted: box.checked });
  });
  return h(
    "label",
    { class: "muted" },
    box,
    " When Dropwave’s server is blocked by a store, refresh my products from this browser as I visit their pages.",
  );
}

/* Picking ----------------------------------------------------------------------------------- */

async function startPick(id: number, currency: string): Promise<void> {
  await chrome.scripting.executeScript({ target: { tabId: id }, files: ["picker.js"] });
  const request: PickRequest = { type: "dropwave-pick", currency };
  await chrome.tabs.sendMessage(id, request);
  show(
    h(
      "p",
      { "data-testid": "picking" },
      "Click the right price on the page (outlined). Press Esc there to cancel.",
    ),
  );
}

chrome.runtime.onMessage.addListener((message: Message, sender) => {
  if (sender.tab?.id !== tabId) return false;
  if (message.type === "dropwave-picked") {
    void render({ url: message.url, recipe: message.recipe, raw: message.raw });
  } else if (message.type === "dropwave-pick-cancelled") {
    void render();
  }
  return false;
});

chrome.storage.onChanged.addListener((changes, area) => {
  if (area === "local" && ("token" in changes || "isRevoked" in changes)) void render();
});

function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.fields[0]?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

void render();
