import type { Money } from "../money/index.ts";
import { EMPTY_WATCH_ALERT_STATE, type WatchAlertState } from "./alert-rule.ts";

/**
 * The watch row keeps its alert state as jsonb. Money stays as it is; Dates become ISO
 * strings. Reading is tolerant: an empty object (a watch created before the worker existed)
 * reads as the empty state, and a malformed field reads as its empty value.
 */
export function alertStateToJson(state: WatchAlertState): Record<string, unknown> {
  return {
    ...state,
    lastBackInStockAlertAt: state.lastBackInStockAlertAt?.toISOString() ?? null,
  };
}

export function alertStateFromJson(json: Record<string, unknown> | null | undefined): {
  state: WatchAlertState;
  isInitialised: boolean;
} {
  if (!json || Object.keys(json).length === 0) {
    return { state: EMPTY_WATCH_ALERT_STATE, isInitialised: false };
  }
  const at = json.lastBackInStockAlertAt;
  const date = typeof at === "string" ? new Date(at) : null;
  const availability = json.lastAvailability;
  return {
    state: {
      baselinePrice: money(json.baselinePrice),
      lastPrice: money(json.lastPrice),
      lastAvailability:
        availability === "in_stock" ||
        availability === "out_of_stock" ||
        availability === "preorder"
          ? availability
          : null,
      isRuleMet: json.isRuleMet === true,
      dropFromPrice: money(json.dropFromPrice),
      lowestAlertedPrice: money(json.lowestAlertedPrice),
      lastBackInStockAlertAt: date && !Number.isNaN(date.getTime()) ? date : null,
      pendingPrice: money(json.pendingPrice),
    },
    isInitialised: true,
  };
}

function money(value: unknown): Money | null {
  if (typeof value !== "object" || value === null) return null;
  const { amountMinor, currency } = value as Record<string, unknown>;
  if (typeof amountMinor !== "number" || !Number.isSafeInteger(amountMinor)) return null;
  if (typeof currency !== "string") return null;
  return { amountMinor, currency } as Money;
}
