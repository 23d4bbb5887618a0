/// <reference types="chrome" />
import { describePick, readRecipePrice, textOf } from "../../core/extract/recipe.ts";
import { DOM_VIEW } from "./dom-view.ts";
import type { Message, PickRequest } from "./messages.ts";

/**
 * "Pick the price", injected into the page the person clicked on: every shown price is
 * outlined; the one they click is described as a recipe (core/extract/recipe.ts) and sent to
 * the extension. Nothing is changed on the page but the outlines, which go when done.
 */

const MARK = "data-dropwave-candidate";
const STYLE_ID = "dropwave-picker-style";
const BANNER_ID = "dropwave-picker-banner";

declare global {
  interface Window {
    dropwavePicker?: boolean;
  }
}

function isShown(el: Element): boolean {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const style = getComputedStyle(el);
  return style.visibility !== "hidden" && style.display !== "none";
}

/** The innermost shown elements whose text is one price (the picker's choices). */
function priceElements(currency: string): Element[] {
  const all = [...document.body.querySelectorAll("*")].filter((el) => {
    if (/^(?:script|style|noscript|template|svg|option|select)$/.test(el.localName)) return false;
    const text = textOf<Node>(el, DOM_VIEW, 81);
    return text.length <= 80 && readRecipePrice(text, currency) !== null && isShown(el);
  });
  const chosen = new Set(all);
  return all.filter((el) => ![...el.querySelectorAll("*")].some((inner) => chosen.has(inner)));
}

function start(currency: string): void {
  stopCurrent();
  const candidates = priceElements(currency);
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = `[${MARK}]{outline:3px dashed #7c3aed!important;outline-offset:2px!important;cursor:pointer!important;background:rgba(124,58,237,.08)!important}
[${MARK}]:hover{outline-style:solid!important;background:rgba(124,58,237,.2)!important}
#${BANNER_ID}{position:fixed;z-index:2147483647;top:8px;left:50%;transform:translateX(-50%);background:#111827;color:#fff;font:14px/1.4 system-ui,sans-serif;padding:8px 14px;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.3)}`;
  document.documentElement.append(style);
  const banner = document.createElement("div");
  banner.id = BANNER_ID;
  banner.setAttribute("role", "status");
  banner.textContent =
    candidates.length > 0
      ? `Dropwave: click the right price (${candidates.length} outlined) — Esc to cancel`
      : "Dropwave: no price found on this page — Esc to close";
  document.documentElement.append(banner);
  for (const el of candidates) el.setAttribute(MARK, "");
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey, true);
  window.dropwavePicker = true;

  function onClick(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target.closest(`[${MARK}]`) : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    const raw = textOf<Node>(target, DOM_VIEW, 81);
    const price = readRecipePrice(raw, currency);
    stop();
    if (!price) return;
    const recipe = describePick<Node>(target, DOM_VIEW, price, null);
    const message: Message = { type: "dropwave-picked", url: location.href, recipe, raw };
    void chrome.runtime.sendMessage(message);
  }
  function onKey(event: KeyboardEvent): void {
    if (event.key !== "Escape") return;
    stop();
    const message: Message = { type: "dropwave-pick-cancelled", url: location.href };
    void chrome.runtime.sendMessage(message);
  }
  function stop(): void {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKey, true);
    cleanUp();
  }
  stopCurrent = stop;
}

let stopCurrent: () => void = cleanUp;

function cleanUp(): void {
  for (const el of document.querySelectorAll(`[${MARK}]`)) el.removeAttribute(MARK);
  document.getElementById(STYLE_ID)?.remove();
  document.getElementById(BANNER_ID)?.remove();
  window.dropwavePicker = false;
}

// Injected once per page; later requests reuse the listener.
if (
  !window.dropwavePicker &&
  !(window as { dropwavePickerListening?: boolean }).dropwavePickerListening
) {
  (window as { dropwavePickerListening?: boolean }).dropwavePickerListening = true;
  chrome.runtime.onMessage.addListener((message: PickRequest, _sender, reply) => {
    if (message?.type !== "dropwave-pick") return false;
    start(message.currency);
    reply({ ok: true });
    return false;
  });
}
