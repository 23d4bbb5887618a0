import { Link } from "react-router";
import type { AlertRule } from "../../../core/checks/alert-rule.ts";

/**
 * Why a tracked product has no price, when the last reading says why: the page shows prices
 * Dropwave cannot tell apart (`ambiguous`, with nothing left to choose from), or no price at all
 * (`no_price`). Null when there is a price or nothing to explain yet.
 */
export function noPriceReason(watch: {
  price: unknown;
  extractStatus: string | null;
}): "unclear" | "missing" | null {
  if (watch.price !== null) return null;
  if (watch.extractStatus === "ambiguous") return "unclear";
  if (watch.extractStatus === "no_price") return "missing";
  return null;
}

/**
 * The hub card's words for a product without a price (#39 item 5): what happened, and what the
 * person can do — point at the price with the browser extension, or keep tracking its stock
 * only (a price alert waits for a price it may never get).
 */
export function NoPriceNotice({
  watchId,
  reason,
  rule,
}: {
  watchId: string;
  reason: "unclear" | "missing";
  rule: AlertRule;
}) {
  const isStockOnly = rule.kind === "back_in_stock";
  return (
    <div
      className="rounded-lg border border-warn/50 bg-warn/10 px-3 py-2 text-sm"
      role="status"
      data-testid="card-no-price"
    >
      <p>
        {reason === "unclear"
          ? "No price yet: this page shows prices Dropwave cannot tell apart."
          : "No price yet: this page shows none (sold out, or hidden until you sign in there)."}
      </p>
      <p className="mt-1 text-muted">
        {reason === "unclear" ? (
          <>
            Pick it on the store's page with the{" "}
            <a className="underline" href="/user#connect-extension">
              browser extension
            </a>{" "}
            (“Pick the price”)
          </>
        ) : (
          "Dropwave keeps reading the page"
        )}
        {isStockOnly ? (
          "; meanwhile its stock is tracked."
        ) : (
          <>
            , or track its stock only:{" "}
            <Link className="underline" to={`/hub/watch/${watchId}`}>
              choose “Back in stock”
            </Link>
            .
          </>
        )}
      </p>
    </div>
  );
}
