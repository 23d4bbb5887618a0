import type { AlertEvent } from "./alert-rule.ts";

/**
 * An alert decision's event as the alert_event row's own columns: the same for a server check
 * (run-price-check.ts) and a browser reading (tracking/browser-refresh.ts), which add who,
 * when and where it came from.
 */
export function alertEventColumns(e: AlertEvent) {
  return {
    idempotencyKey: e.idempotencyKey,
    kind: e.kind,
    oldPriceMinor: e.oldPrice?.amountMinor ?? null,
    newPriceMinor: e.newPrice.amountMinor,
    currency: e.newPrice.currency,
    details: {
      percentChange: e.percentChange,
      oldCurrency: e.oldPrice?.currency ?? null,
      observationId: e.observationId,
      ...e.details,
    } as Record<string, unknown>,
  };
}
