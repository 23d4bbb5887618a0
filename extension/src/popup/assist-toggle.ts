/// <reference types="chrome" />
import { callApi } from "../api.ts";
import { type Settings, saveSettings } from "../settings.ts";
import { h } from "./dom.ts";

/** Browser-assisted checks: off until the person turns it on (and allows their stores' hosts). */
export function browserAssistToggle(settings: Settings, url?: string): HTMLElement {
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
  // The box beside its words, on one line (popup.css .check).
  return h(
    "label",
    { class: "check muted", for: "assist" },
    box,
    h(
      "span",
      {},
      "When Dropwave’s server is blocked by a store, refresh my products from this browser as I visit their pages.",
    ),
  );
}
