/// <reference types="chrome" />

import { ApiError } from "../../../app/lib/api-error.ts";
import { formatMoney } from "../../../core/money/format-money.ts";
import type { Money } from "../../../core/money/money.ts";

/** The popup's few DOM helpers: elements from props and children, and the app's one slot. */

export type Child = Node | string | null | undefined | false;

export function h(
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

/** Replaces what the popup shows. */
export function show(...nodes: Child[]): void {
  const app = document.getElementById("app") as HTMLElement;
  app.replaceChildren(...nodes.filter((n): n is Node | string => Boolean(n)));
}

export const money = (m: Money | null) => (m ? formatMoney(m) : "—");

export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.fields[0]?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The popup's state shared by its views: the tab it reads, and how to draw it again. */
export const popupState: { tabId: number; rerender: () => void } = {
  tabId: -1,
  rerender: () => {},
};
