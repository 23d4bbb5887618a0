import { and, asc, inArray, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { AlertRule } from "../checks/alert-rule.ts";
import { VERDICT_KEYS } from "../checks/price-verdict.ts";
import type { Db } from "../db/client.ts";
import { priceObservation } from "../db/schema/index.ts";
import { storedText } from "../input.ts";
import { CurrencyCode, minorToDecimal, NonNegativeMoney } from "../money/index.ts";
import { describeQuantity, UnitPrice } from "../money/unit-price.ts";

import { CandidateKey, CheckIntervalMinutes } from "./watch-fields.ts";
import { listGroups } from "./watch-groups.ts";
import { toHistoryPoint } from "./watch-history.ts";
import { watchVerdicts } from "./watch-page.ts";
import { listWatches } from "./watch-view.ts";

export const ExportedPoint = z.object({
  at: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  price: NonNegativeMoney.nullable(),
  /** The page's "was" price beside it (0062); absent in exports made before it was kept. */
  listPrice: NonNegativeMoney.nullable().optional(),
  /** The page's EU 30-day low beside it (0071); absent in exports made before it was kept. */
  referenceLowest30d: NonNegativeMoney.nullable().optional(),
  /** Shipping the page stated (0079): cost (0 free, null unstated), threshold; absent before. */
  shipping: z
    .object({
      costMinor: z.number().int().min(0).nullable(),
      freeAboveMinor: z.number().int().min(1).optional(),
      currency: CurrencyCode,
    })
    .nullable()
    .optional(),
  /** The unit price the page stated (0079); absent in exports made before it was kept. */
  unitPrice: UnitPrice.nullable().optional(),
  availability: z.enum(["in_stock", "out_of_stock", "preorder", "unknown"]),
  checks: z.number().int().min(1).max(1_000_000),
});
export type ExportedPoint = z.infer<typeof ExportedPoint>;

export const ExportedWatch = z.object({
  url: storedText({ label: "The link" }).min(1).max(4_000),
  title: storedText({ label: "The title" }).max(1_000).nullable(),
  store: storedText({ label: "The store name" }).max(200).nullable(),
  rule: AlertRule,
  intervalMinutes: CheckIntervalMinutes,
  isPaused: z.boolean(),
  /** "Only a real deal" (0063); absent in exports made before it existed. */
  onlyRealDeal: z.boolean().optional(),
  /** The name of the group it is in (0068), one of the file's `groups`; null when in none. */
  group: storedText({ label: "The group's name" }).max(200).nullable().optional(),
  /** Where its price stood at export against its history (0061), null without a claim; not imported. */
  verdict: z.enum(VERDICT_KEYS).nullable().optional(),
  candidateKey: CandidateKey.nullable(),
  baseline: NonNegativeMoney.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  history: z.array(ExportedPoint).max(100_000),
});
export type ExportedWatch = z.infer<typeof ExportedWatch>;

/** The export file: the same JSON is accepted by import. */
export const WatchExport = z.object({
  format: z.literal("dropwave-export"),
  version: z.literal(1),
  exportedAt: z.iso.datetime({ offset: true }),
  watches: z.array(ExportedWatch).max(10_000),
  /** The person's groups of watches of one product (0068); absent in older exports. */
  groups: z
    .array(
      z.object({
        name: storedText({ label: "The group's name" }).min(1).max(200),
        target: NonNegativeMoney.nullable(),
      }),
    )
    .max(10_000)
    .optional(),
});
export type WatchExport = z.infer<typeof WatchExport>;

/** Everything one person tracks, with each product's history. */
export async function exportWatches(
  db: Pick<Db, "select">,
  userId: string,
  now: Date,
): Promise<WatchExport> {
  const watches = await listWatches(db, userId);
  const [groups, verdicts] = await Promise.all([
    listGroups(db, userId),
    watchVerdicts(
      db,
      watches.map((w) => ({ watchId: w.id, productId: w.productId, price: w.price })),
      now,
    ),
  ]);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const productIds = watches.map((w) => w.productId);
  const rows =
    productIds.length === 0
      ? []
      : await db
          .select()
          .from(priceObservation)
          .where(
            and(
              inArray(priceObservation.productId, productIds),
              // Shared history and this person's own readings only (0048).
              or(
                isNull(priceObservation.watchId),
                inArray(
                  priceObservation.watchId,
                  watches.map((w) => w.id),
                ),
              ),
            ),
          )
          .orderBy(
            asc(priceObservation.productId),
            asc(priceObservation.observedAt),
            asc(priceObservation.id),
          );
  const byProduct = new Map<string, ExportedPoint[]>();
  for (const r of rows) {
    const points = byProduct.get(r.productId) ?? [];
    const point = toHistoryPoint(r);
    points.push({
      ...point,
      availability: ExportedPoint.shape.availability.catch("unknown").parse(point.availability),
    });
    byProduct.set(r.productId, points);
  }
  return {
    format: "dropwave-export",
    version: 1,
    exportedAt: now.toISOString(),
    watches: watches.map((w) => ({
      url: w.url,
      title: w.title,
      store: w.store,
      rule: w.rule,
      intervalMinutes: w.intervalMinutes,
      isPaused: w.isPaused,
      onlyRealDeal: w.onlyRealDeal,
      group: w.groupId ? (groupName.get(w.groupId) ?? null) : null,
      verdict: verdicts.get(w.id) ?? null,
      candidateKey: w.candidateKey,
      baseline: w.baseline,
      createdAt: w.createdAt,
      history: byProduct.get(w.productId) ?? [],
    })),
    groups: groups.map((g) => ({ name: g.name, target: g.target })),
  };
}

const CSV_COLUMNS = [
  "url",
  "title",
  "store",
  "observed_at",
  "last_seen_at",
  "price",
  "currency",
  "availability",
  "checks",
  "shipping",
  "free_shipping_from",
  "unit_price",
  "unit_price_per",
];

function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  // Quote when needed; neutralise spreadsheet formulas in text cells.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Shipping cost, free-shipping threshold, unit price (decimals) and what it is per ("100 g"). */
function landedCells(p: ExportedPoint | null): (string | null)[] {
  const s = p?.shipping;
  const u = p?.unitPrice;
  const decimal = (minor: number | null | undefined, currency: string) =>
    minor === null || minor === undefined ? null : minorToDecimal(minor, currency);
  return [
    s ? decimal(s.costMinor, s.currency) : null,
    s ? decimal(s.freeAboveMinor, s.currency) : null,
    u ? decimal(u.amountMinor, u.currency) : null,
    u ? describeQuantity(u.perQuantity, u.unit) : null,
  ];
}

/**
 * One CSV row per history point (a watch without history still gets one row). The price is a
 * plain decimal number in its own column ("997.00", currency beside it), so a spreadsheet
 * can sum it: a formatted "PLN 997.00" or "$70.00" is text to a spreadsheet (#39 item 12).
 */
export function exportToCsv(data: WatchExport): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const w of data.watches) {
    const points = w.history.length > 0 ? w.history : [null];
    for (const p of points) {
      lines.push(
        [
          w.url,
          w.title,
          w.store,
          p?.at ?? null,
          p?.lastSeenAt ?? null,
          p?.price ? minorToDecimal(p.price.amountMinor, p.price.currency) : null,
          p?.price?.currency ?? null,
          p?.availability ?? null,
          p?.checks ?? null,
          ...landedCells(p),
        ]
          .map(csvCell)
          .join(","),
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}
