/// <reference types="chrome" />
import type { PickRequest } from "../messages.ts";
import { h, show } from "./dom.ts";

/** "Pick the price": the picker runs on the live page; the popup says what to do there. */
export async function startPick(id: number, currency: string): Promise<void> {
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
