import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { extractProduct } from "../../core/extract/index.ts";
import type { ExtractResult } from "../../core/extract/types.ts";
import { minorToDecimal, normalizeDecimal } from "../../core/money/decimal-to-minor.ts";

type MoneyOut = { amountMinor: number; amount: string; currency: string } | null;
export type ExtractLine = Omit<ExtractResult, "price" | "listPrice"> & {
  file: string;
  price: MoneyOut;
  listPrice: MoneyOut;
};

export type ManifestRow = {
  path: string;
  url: string;
  price: string | null;
  currency: string | null;
  store?: string;
};

const withAmount = (money: ExtractResult["price"]): MoneyOut =>
  money
    ? {
        amountMinor: money.amountMinor,
        amount: minorToDecimal(money.amountMinor, money.currency),
        currency: money.currency,
      }
    : null;

/** One file → one JSON Lines record: the extraction plus `file`, with decimal `amount`s. */
export function extractFile(file: string, html: string, url: string): ExtractLine {
  const result = extractProduct(html, url);
  return {
    file,
    ...result,
    price: withAmount(result.price),
    listPrice: withAmount(result.listPrice),
  };
}

export function readManifest(path: string): { rows: ManifestRow[]; base: string } {
  const text = readFileSync(path, "utf8");
  const rows = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ManifestRow);
  return { rows, base: resolve(path, "..") };
}

export type AccuracyRow = {
  path: string;
  store: string;
  expected: string;
  got: string;
  isCorrect: boolean;
  status: string;
};

/** "31.49 USD", or "none" for an expected absence of price. */
export const label = (amount: string | null, currency: string | null): string =>
  amount === null ? "none" : `${normalizeDecimal(amount)} ${currency ?? "?"}`;

export function scoreRow(row: ManifestRow, line: ExtractLine): AccuracyRow {
  const expected = label(row.price, row.currency);
  const got = line.price ? label(line.price.amount, line.price.currency) : "none";
  return {
    path: row.path,
    store: row.store ?? new URL(row.url).hostname.replace(/^www\./, ""),
    expected,
    got,
    isCorrect: expected === got,
    status: line.status,
  };
}

export function accuracyReport(rows: AccuracyRow[]): {
  pages: number;
  correct: number;
  accuracy: number;
  byStore: Record<string, { pages: number; correct: number }>;
  misses: AccuracyRow[];
} {
  const byStore: Record<string, { pages: number; correct: number }> = {};
  for (const r of rows) {
    const s = byStore[r.store] ?? { pages: 0, correct: 0 };
    byStore[r.store] = s;
    s.pages++;
    if (r.isCorrect) s.correct++;
  }
  const correct = rows.filter((r) => r.isCorrect).length;
  return {
    pages: rows.length,
    correct,
    accuracy: rows.length ? correct / rows.length : 0,
    byStore,
    misses: rows.filter((r) => !r.isCorrect),
  };
}
