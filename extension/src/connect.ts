/// <reference types="chrome" />
import type { ConnectAnswer, Message } from "./messages.ts";
import { loadSettings } from "./settings.ts";

/**
 * Runs on the person's own Dropwave account page (/user) — registered for that one origin
 * when they connect, or injected when they click the toolbar button there. When the page
 * shows a freshly made extension token ("Connect the extension"), it is handed to the
 * extension: no copying of secrets. The page hears how it went through window messages
 * (it asks with a "ping" once it is ready to listen).
 */
const ATTR = "data-dropwave-extension-token";

declare global {
  interface Window {
    dropwaveConnect?: { status: string; detail: string };
  }
}

function announce(status: string, detail = ""): void {
  window.dropwaveConnect = { status, detail };
  window.postMessage({ type: "dropwave-extension", status, detail }, location.origin);
}

async function handOver(el: Element): Promise<void> {
  const token = el.getAttribute(ATTR);
  if (!token) return;
  el.removeAttribute(ATTR);
  announce("connecting");
  const message: Message = { type: "dropwave-connect", token, origin: location.origin };
  try {
    const answer = (await chrome.runtime.sendMessage(message)) as ConnectAnswer | undefined;
    if (answer?.ok) announce("connected", answer.account);
    else announce("failed", answer?.message ?? "The extension did not answer.");
  } catch (error) {
    announce("failed", error instanceof Error ? error.message : String(error));
  }
}

function look(): void {
  const el = document.querySelector(`[${ATTR}]`);
  if (el) void handOver(el);
}

/**
 * Already connected to this Dropwave (a later visit of /user): say so, so the page offers no
 * second token (#39 item 13).
 */
async function announceStart(): Promise<void> {
  const settings = await loadSettings().catch(() => null);
  if (settings?.token && !settings.isRevoked && settings.origin === location.origin) {
    announce("connected", settings.account ?? "");
  } else {
    announce("present");
  }
}

if (!window.dropwaveConnect) {
  window.dropwaveConnect = { status: "present", detail: "" };
  void announceStart();
  window.addEventListener("message", (event) => {
    if (event.source !== window || event.data?.type !== "dropwave-extension-ping") return;
    const { status, detail } = window.dropwaveConnect ?? { status: "present", detail: "" };
    window.postMessage({ type: "dropwave-extension", status, detail }, location.origin);
    look();
  });
  new MutationObserver(look).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [ATTR],
  });
  look();
}
