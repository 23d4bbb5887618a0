/// <reference types="chrome" />
import { originOf, type Settings, saveSettings } from "../settings.ts";
import { browserAssistToggle } from "./assist-toggle.ts";
import { h, show } from "./dom.ts";

/**
 * Connecting the extension to a person's Dropwave: the address, the one host permission,
 * then their account page hands a token over (extension/src/connect.ts). While that is under
 * way the popup says what it waits for.
 */
export function renderConnect(settings: Settings, tab: chrome.tabs.Tab | undefined): void {
  const input = h("input", {
    id: "origin",
    type: "url",
    placeholder: "https://prices.example.org",
    value: settings.origin ?? "",
    "aria-label": "Your Dropwave address",
  }) as HTMLInputElement;
  const error = h("p", { class: "error", hidden: true });
  const isOnOwnSite = Boolean(tab?.url && settings.origin && originOf(tab.url) === settings.origin);
  show(
    settings.isRevoked &&
      h(
        "p",
        { class: "error", "data-testid": "reconnect" },
        "Dropwave no longer accepts this browser’s connection (it was revoked on your account page). Connect again.",
      ),
    settings.origin && !settings.isRevoked
      ? waitingNote(settings.origin)
      : h(
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
      h("button", { class: "primary", onclick: () => void connect(input, error) }, "Connect"),
    ),
    // Only on the person's own Dropwave: a store page is no account page.
    isOnOwnSite &&
      h(
        "p",
        { class: "muted", "data-testid": "on-account-page" },
        "Already on your account page? Press “Connect the extension” there, then click this button again.",
      ),
  );
  if (isOnOwnSite && tab?.id !== undefined) void offerConnectHere(tab.id);
}

/** What the popup waits for once the address is known: the account page's token. */
function waitingNote(origin: string): HTMLElement {
  return h(
    "p",
    { class: "note", "data-testid": "connect-waiting" },
    `Waiting for your account page at ${origin}: press “Connect the extension” there. It connects by itself; if the page asks you to, click this button there once.`,
  );
}

async function connect(input: HTMLInputElement, error: HTMLElement): Promise<void> {
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
    await chrome.scripting.unregisterContentScripts({ ids: ["dropwave-connect"] }).catch(() => {});
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
    waitingNote(origin),
    isAllowed
      ? h("p", { class: "muted" }, "The page hands the extension its token when you press it.")
      : h(
          "p",
          { class: "muted", "data-testid": "connect-declined" },
          `Without access to ${host.hostname}, the page cannot reach the extension by itself: after pressing “Connect the extension”, click the Dropwave button on that page.`,
        ),
  );
}

/** On the person's Dropwave account page that shows a fresh token, the click itself connects. */
async function offerConnectHere(id: number): Promise<void> {
  await chrome.scripting
    .executeScript({ target: { tabId: id }, files: ["connect.js"] })
    .catch(() => {});
}

export function renderOwnSite(settings: Settings): void {
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
