/// <reference types="chrome" />

import { Disconnected } from "./api.ts";
import type { Message, StoredPick } from "./messages.ts";
import { pickKey } from "./messages.ts";
import { renderConnect, renderOwnSite } from "./popup/connect-view.ts";
import { h, popupState, show } from "./popup/dom.ts";
import { renderProduct } from "./popup/product-view.ts";
import { loadSettings, originOf } from "./settings.ts";

/**
 * The toolbar popup: connecting (popup/connect-view.ts); the product on the page the person
 * clicked on, read in their browser by core/extract, with "Track" and an alert choice
 * (popup/product-view.ts, popup/track-form.ts); "Pick the price" on the live page
 * (popup/pick.ts); and, for a product already tracked, its history, lowest/highest and alert
 * status (popup/tracked-panel.ts).
 */

const account = document.getElementById("account") as HTMLElement;

async function targetTab(): Promise<chrome.tabs.Tab | undefined> {
  const fromQuery = new URLSearchParams(location.search).get("tab");
  if (fromQuery) return chrome.tabs.get(Number(fromQuery));
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab;
}

async function render(pick: StoredPick | null = null): Promise<void> {
  const settings = await loadSettings();
  account.textContent = settings.account ?? "";
  const tab = await targetTab();
  popupState.tabId = tab?.id ?? -1;
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
popupState.rerender = () => void render();

async function storedPick(id: number, url: string): Promise<StoredPick | null> {
  const pick = (await chrome.storage.session.get(pickKey(id)))[pickKey(id)] as
    | StoredPick
    | undefined;
  return pick && pick.url === url ? pick : null;
}

chrome.runtime.onMessage.addListener((message: Message, sender) => {
  if (sender.tab?.id !== popupState.tabId) return false;
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

void render();
