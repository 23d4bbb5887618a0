import type { ExtractStatus } from "../../core/extract/index.ts";
import { ISO_CODES } from "../../core/money/currencies.ts";
import {
  decimalToMinor,
  minorToDecimal,
  normalizeDecimal,
} from "../../core/money/decimal-to-minor.ts";
import { formatMoney } from "../../core/money/format-money.ts";
import { type Answer, stockState } from "./metrics.ts";

/** What the extension's popup shows a shopper about the page (extension/src/popup.ts). */
export type PopupText = {
  /** `[data-testid=price]`: formatMoney(price) in en-US ("$159.99", "CA$12.00"), or "—". */
  price: string;
  /** `[data-testid=stock]`: "In stock", "Out of stock", "Pre-order"; absent when unknown. */
  stock: string | null;
  /** `[data-testid=note]`: why there is no single price, when there is none. */
  note: string | null;
};

const squash = (text: string) => text.replace(/\s+/gu, " ").trim();

/**
 * The money the popup shows, read back exactly: the amount's digits, and the one currency whose
 * en-US format (the popup's own formatMoney) gives the same text. Null for "—"; "unreadable"
 * when no currency (or more than one) gives the text.
 */
export function moneyFromPopup(
  text: string,
): { amount: string; currency: string } | null | "unreadable" {
  const shown = squash(text);
  if (shown === "—" || shown === "") return null;
  const digits = /\d[\d,]*(?:\.\d+)?/.exec(shown)?.[0]?.replace(/,/g, "");
  if (!digits) return "unreadable";
  const found: { amount: string; currency: string }[] = [];
  for (const currency of ISO_CODES) {
    const minor = decimalToMinor(digits, currency);
    if (minor === null) continue;
    if (squash(formatMoney({ amountMinor: minor, currency })) === shown)
      found.push({ amount: normalizeDecimal(minorToDecimal(minor, currency)), currency });
  }
  return found.length === 1 ? (found[0] as { amount: string; currency: string }) : "unreadable";
}

/** The popup's words for each status (productSummary's `why`), read back. */
export function statusFromPopup(note: string | null, hasPrice: boolean): ExtractStatus {
  const text = note ?? "";
  if (/more than one price/i.test(text)) return "ambiguous";
  if (/no price found/i.test(text)) return "no_price";
  if (/look like a product/i.test(text)) return "not_product";
  return hasPrice ? "ok" : "no_price";
}

/** The popup's reading as an answer to score, with the status its note gives. */
export function readingFromPopup(text: PopupText): {
  answer: Answer;
  status: ExtractStatus;
  isUnreadable: boolean;
} {
  const money = moneyFromPopup(text.price);
  const isUnreadable = money === "unreadable";
  const price = money === null || money === "unreadable" ? null : money;
  const stock = squash(text.stock ?? "").toLowerCase();
  return {
    answer: {
      price: price?.amount ?? null,
      currency: price?.currency ?? null,
      availability:
        stock === "in stock" || stock === "pre-order"
          ? stockState(stock === "pre-order" ? "preorder" : "in_stock")
          : stock === "out of stock"
            ? "out_of_stock"
            : null,
    },
    status: statusFromPopup(text.note, price !== null),
    isUnreadable,
  };
}
