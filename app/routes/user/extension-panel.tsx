import { useEffect, useState } from "react";
import { FormMessage } from "../../components/form.tsx";
import { IntentForm, Panel } from "./panel.tsx";
import type { ActionResult } from "./types.ts";

/**
 * "Connect the extension": a token limited to the extension's routes is made and handed to
 * the extension by its script on this page (extension/src/connect.ts), through a hidden
 * attribute it reads — never shown, never copied. The page hears how it went by window
 * messages; without an answer, a click on the toolbar button finishes it.
 */
export function BrowserExtension({
  publicUrl,
  result,
}: {
  publicUrl: string;
  result: ActionResult | undefined;
}) {
  const token = result?.extensionToken;
  const [status, setStatus] = useState<{ status: string; detail: string } | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.data?.type !== "dropwave-extension") return;
      setStatus({ status: String(event.data.status), detail: String(event.data.detail ?? "") });
    };
    window.addEventListener("message", onMessage);
    window.postMessage({ type: "dropwave-extension-ping" }, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  useEffect(() => {
    if (token) window.postMessage({ type: "dropwave-extension-ping" }, window.location.origin);
  }, [token]);
  const isConnected = status?.status === "connected";
  return (
    <Panel id="connect-extension" title="Browser extension">
      <p className="text-sm text-muted">
        Track a product from its store page with one click, at the price you see there (also on
        stores that block Dropwave’s server), and point at the right price when a page shows
        several. Install it for{" "}
        <a className="underline" href="/extension/dropwave-chrome.zip">
          Chrome, Edge or Brave
        </a>{" "}
        or{" "}
        <a className="underline" href="/extension/dropwave-firefox.zip">
          Firefox
        </a>{" "}
        (unzip, then load it unpacked: see the README), click its toolbar button, enter{" "}
        <code className="rounded bg-surface-2 px-1 py-0.5 text-fg">{publicUrl}</code> and come back
        here.
      </p>
      {token ? <div hidden data-dropwave-extension-token={token} /> : null}
      {token || status?.status === "connecting" ? (
        <p className="text-sm" role="status" data-testid="extension-status">
          {isConnected
            ? `Connected: the extension tracks for ${status?.detail || "you"}. Revoke “Browser extension” below to disconnect it.`
            : status?.status === "failed"
              ? `The extension could not connect: ${status.detail}`
              : "Now click the Dropwave button in your browser’s toolbar, on this page, to finish."}
        </p>
      ) : null}
      {isConnected && !token ? (
        <p className="text-sm" role="status" data-testid="extension-status">
          {`This browser’s extension is connected${status?.detail ? ` as ${status.detail}` : ""}. Revoke “Browser extension” below to disconnect it.`}
        </p>
      ) : null}
      {result?.error ? <FormMessage tone="error">{result.error}</FormMessage> : null}
      {/* Connected (or connecting): no second token to mint (#39 item 13). */}
      {isConnected || (token && status?.status !== "failed") ? null : (
        <IntentForm
          intent="connect-extension"
          submit="Connect the extension"
          pendingText="Connecting…"
          tone="secondary"
        />
      )}
    </Panel>
  );
}
