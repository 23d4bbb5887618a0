import { useNonce } from "../lib/nonce.ts";

/**
 * Shown when the page was opened at another address than PUBLIC_URL (#39 item 1): forms only
 * work there. Only the browser knows the address it opened (behind a proxy the server sees
 * its own), so the notice is rendered hidden and this page's inline script shows it when
 * `location.origin` differs, pointing its link at the same page under PUBLIC_URL. Loopback
 * aliases of a local server are redirected before this (server/canonical-origin.ts).
 */
export function WrongOriginNotice({ publicUrl }: { publicUrl: string }) {
  const nonce = useNonce();
  return (
    <>
      <div
        id="dw-wrong-origin"
        hidden
        suppressHydrationWarning
        data-public-url={publicUrl}
        role="alert"
        className="border-b border-warn/50 bg-warn/15 px-6 py-3 text-center text-sm"
      >
        You opened Dropwave at another address than its own, where signing in and forms do not work.{" "}
        <a className="font-semibold underline" href={publicUrl} suppressHydrationWarning>
          Continue at {publicUrl}
        </a>
      </div>
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, before the page is used
        dangerouslySetInnerHTML={{ __html: wrongOriginScript }}
      />
    </>
  );
}

/** Unhides the notice when this page's origin is not PUBLIC_URL's (constant text: CSP nonce). */
export const wrongOriginScript =
  '(function(){var b=document.getElementById("dw-wrong-origin");if(!b)return;' +
  'var u=b.getAttribute("data-public-url");if(!u||location.origin===new URL(u).origin)return;' +
  'b.hidden=false;var a=b.querySelector("a");' +
  "if(a)a.href=u.replace(/\\/+$/,'')+location.pathname+location.search+location.hash;})();";
