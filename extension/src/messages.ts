import type { PriceRecipe } from "../../core/extract/recipe.ts";

/** Messages between the extension's parts (chrome.runtime.sendMessage). */
export type Message =
  /** From connect.ts on the person's Dropwave /user page: the token it handed over. */
  | { type: "dropwave-connect"; token: string; origin: string }
  /** From picker.ts: the price the person clicked on the page. */
  | { type: "dropwave-picked"; url: string; recipe: PriceRecipe; raw: string }
  /** From picker.ts: picking was cancelled (Escape). */
  | { type: "dropwave-pick-cancelled"; url: string }
  /** From the popup: what is tracked changed (a new watch): refresh the badges. */
  | { type: "dropwave-tracked-changed" };

/** The picker's instruction (chrome.tabs.sendMessage to the page). */
export type PickRequest = { type: "dropwave-pick"; currency: string };

export type ConnectAnswer = { ok: true; account: string } | { ok: false; message: string };

/** A pick kept for the tab it was made on (chrome.storage.session), for the popup's next opening. */
export type StoredPick = { url: string; recipe: PriceRecipe; raw: string };
export const pickKey = (tabId: number) => `pick:${tabId}`;
