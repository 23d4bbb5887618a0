/// <reference types="chrome" />
import { callApi, Disconnected } from "./api.ts";
import type { ConnectAnswer, Message, StoredPick } from "./messages.ts";
import { pickKey } from "./messages.ts";
import { readProduct, readTab, toReading } from "./page-reading.ts";
import { loadSettings, saveSettings } from "./settings.ts";
import { lookup, showBadge, trackedUrls, urlKey } from "./tracked.ts";

/**
 * The extension's background: takes the token /user hands over, keeps picks for the popup,
 * and marks tabs of tracked products with a badge. Tabs' addresses are visible to it only on
 * hosts the person allowed (browser-assisted checks): nothing else is looked at.
 */

const REFRESH_EVERY_MS = 60 * 60_000;

chrome.runtime.onMessage.addListener((message: Message, sender, reply) => {
  if (message?.type === "dropwave-connect") {
    void connect(message, sender).then(reply);
    return true;
  }
  if (message?.type === "dropwave-picked" && sender.tab?.id !== undefined) {
    const pick: StoredPick = { url: message.url, recipe: message.recipe, raw: message.raw };
    void chrome.storage.session.set({ [pickKey(sender.tab.id)]: pick });
    return false;
  }
  if (message?.type === "dropwave-tracked-changed") {
    void refreshBadges();
    return false;
  }
  return false;
});

/** Takes a token only from a page of the origin it names, and only one that works there. */
async function connect(
  message: Extract<Message, { type: "dropwave-connect" }>,
  sender: chrome.runtime.MessageSender,
): Promise<ConnectAnswer> {
  const from = sender.url ? new URL(sender.url).origin : null;
  if (from !== message.origin) return { ok: false, message: "Not sent from a Dropwave page." };
  try {
    const response = await fetch(`${message.origin}/api/v1/me`, {
      headers: { authorization: `Bearer ${message.token}` },
    });
    if (!response.ok)
      return { ok: false, message: `Dropwave refused the token (${response.status}).` };
    const me = (await response.json()) as { email: string };
    await saveSettings({
      origin: message.origin,
      token: message.token,
      account: me.email,
      isRevoked: false,
    });
    await chrome.action.setBadgeText({ text: "" });
    await refreshBadges();
    return { ok: true, account: me.email };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

async function refreshBadges(): Promise<void> {
  const settings = await loadSettings();
  if (!settings.token) return;
  try {
    const urls = await trackedUrls(true);
    for (const tab of await chrome.tabs.query({})) {
      if (tab.id === undefined || !tab.url) continue;
      const key = urlKey(tab.url);
      await showBadge(tab.id, key !== null && urls.has(key));
    }
  } catch (error) {
    if (error instanceof Disconnected) await chrome.action.setBadgeText({ text: "!" });
  }
}

chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.status !== "complete" || !tab.url) return;
  void onPageLoaded(tabId, tab.url);
});

async function onPageLoaded(tabId: number, url: string): Promise<void> {
  const settings = await loadSettings();
  const key = urlKey(url);
  if (!settings.token || key === null) return;
  try {
    const isTracked = (await trackedUrls()).has(key);
    await showBadge(tabId, isTracked);
    if (isTracked && settings.isBrowserAssisted) await assist(tabId, url);
  } catch (error) {
    if (error instanceof Disconnected) await chrome.action.setBadgeText({ text: "!" });
  }
}

/**
 * A browser-assisted check: the person turned it on and allowed this store; the server's
 * checks of the product are blocked; at most once an hour per product. One reading, sent as
 * the browser's.
 */
async function assist(tabId: number, url: string): Promise<void> {
  const found = await lookup(url);
  const watch = found.watch;
  if (!watch?.isServerBlocked) return;
  const stamp = `assisted:${watch.id}`;
  const last = (await chrome.storage.session.get(stamp))[stamp] as number | undefined;
  if (last !== undefined && Date.now() - last < REFRESH_EVERY_MS) return;
  await chrome.storage.session.set({ [stamp]: Date.now() });
  const page = await readTab(tabId);
  const result = readProduct(
    page.html,
    page.url,
    watch.recipe ? { recipe: watch.recipe, isStore: false } : null,
  );
  if (result.recipeStatus === "stopped_matching") return;
  await callApi(`/extension/watches/${watch.id}/readings`, { body: toReading(result) });
}
