import { MeasureUnit } from "../money/unit-price.ts";
import type { ExportedWatch, WatchExport } from "./export-watches.ts";

/**
 * An export file as the import writes it: each watch's history in columns of typed arrays, so
 * that the thread that read the file hands it to the event loop's thread by moving a few
 * buffers instead of copying some hundred thousand objects (docs/decisions/0070). Building the
 * rows of one INSERT from the columns costs the loop little, batch by batch.
 */
export type HistoryColumns = {
  length: number;
  atMs: Float64Array;
  lastSeenMs: Float64Array;
  /** NaN: no price at that point. */
  priceMinor: Float64Array;
  /** Index into ImportFile.currencies; -1 with no price. */
  currency: Int16Array;
  /** The "was" price in the price's currency; NaN when none (or in another currency). */
  listPriceMinor: Float64Array;
  /** The page's EU 30-day low (0071) in the price's currency; NaN when none (or in another). */
  referenceLowest30dMinor: Float64Array;
  /**
   * Four numbers per point (0079): the shipping cost, the free-shipping threshold, the unit
   * price and its quantity, in the price's currency; NaN where none.
   */
  landed: Float64Array;
  /** Index into MeasureUnit's units of the unit price's unit; -1 with none. */
  unit: Int8Array;
  /** Index into AVAILABILITIES. */
  availability: Uint8Array;
};

export const AVAILABILITIES = ["in_stock", "out_of_stock", "preorder", "unknown"] as const;
const UNITS = MeasureUnit.options;

export type ImportedWatch = Omit<ExportedWatch, "history"> & { history: HistoryColumns };
export type ImportFile = {
  watches: ImportedWatch[];
  currencies: string[];
  points: number;
  groups?: WatchExport["groups"];
};

/** The validated file in columns (pure; run on the import's own thread). */
export function toImportFile(data: WatchExport): ImportFile {
  const currencies: string[] = [];
  const currencyIndex = new Map<string, number>();
  const indexOf = (code: string) => {
    let index = currencyIndex.get(code);
    if (index === undefined) {
      index = currencies.length;
      currencies.push(code);
      currencyIndex.set(code, index);
    }
    return index;
  };
  let points = 0;
  const watches = data.watches.map(({ history, ...watch }) => {
    const n = history.length;
    points += n;
    const columns: HistoryColumns = {
      length: n,
      atMs: new Float64Array(n),
      lastSeenMs: new Float64Array(n),
      priceMinor: new Float64Array(n),
      currency: new Int16Array(n),
      listPriceMinor: new Float64Array(n),
      referenceLowest30dMinor: new Float64Array(n),
      landed: new Float64Array(4 * n),
      unit: new Int8Array(n),
      availability: new Uint8Array(n),
    };
    history.forEach((point, i) => {
      columns.atMs[i] = Date.parse(point.at);
      columns.lastSeenMs[i] = Date.parse(point.lastSeenAt);
      columns.priceMinor[i] = point.price ? point.price.amountMinor : Number.NaN;
      columns.currency[i] = point.price ? indexOf(point.price.currency) : -1;
      columns.listPriceMinor[i] =
        point.price && point.listPrice?.currency === point.price.currency
          ? point.listPrice.amountMinor
          : Number.NaN;
      columns.referenceLowest30dMinor[i] =
        point.price && point.referenceLowest30d?.currency === point.price.currency
          ? point.referenceLowest30d.amountMinor
          : Number.NaN;
      const currency = point.price?.currency;
      const ship = currency && point.shipping?.currency === currency ? point.shipping : null;
      const unit = currency && point.unitPrice?.currency === currency ? point.unitPrice : null;
      columns.landed.set(
        [
          ship?.costMinor ?? Number.NaN,
          ship?.freeAboveMinor ?? Number.NaN,
          unit?.amountMinor ?? Number.NaN,
          unit?.perQuantity ?? Number.NaN,
        ],
        4 * i,
      );
      columns.unit[i] = unit ? UNITS.indexOf(unit.unit) : -1;
      columns.availability[i] = AVAILABILITIES.indexOf(point.availability);
    });
    return { ...watch, history: columns };
  });
  return { watches, currencies, points, ...(data.groups ? { groups: data.groups } : {}) };
}

/** The buffers to move with the file to another thread. */
export function transferablesOf(file: ImportFile): ArrayBuffer[] {
  return file.watches.flatMap(({ history: h }) =>
    [
      h.atMs,
      h.lastSeenMs,
      h.priceMinor,
      h.currency,
      h.listPriceMinor,
      h.referenceLowest30dMinor,
      h.landed,
      h.unit,
      h.availability,
    ].map((column) => column.buffer as ArrayBuffer),
  );
}

/** One history point of the columns, as the price_observation row takes it. */
export function historyRow(file: ImportFile, columns: HistoryColumns, i: number) {
  const price = columns.priceMinor[i] as number;
  const listPrice = columns.listPriceMinor[i] as number;
  const euLowest30d = columns.referenceLowest30dMinor[i] as number;
  const currency = columns.currency[i] as number;
  const landed = (k: number) => {
    const value = columns.landed[4 * i + k] as number;
    return Number.isNaN(value) ? null : value;
  };
  const unit = columns.unit[i] as number;
  return {
    priceMinor: Number.isNaN(price) ? null : price,
    currency: currency < 0 ? null : (file.currencies[currency] ?? null),
    listPriceMinor: Number.isNaN(listPrice) ? null : listPrice,
    referenceLowest30dMinor: Number.isNaN(euLowest30d) ? null : euLowest30d,
    shippingCostMinor: landed(0),
    shippingFreeAboveMinor: landed(1),
    unitPriceMinor: landed(2),
    unitPriceQuantity: landed(3),
    unitPriceUnit: unit < 0 ? null : (UNITS[unit] ?? null),
    availability: AVAILABILITIES[columns.availability[i] as number] ?? "unknown",
    observedAt: new Date(columns.atMs[i] as number),
    lastSeenAt: new Date(columns.lastSeenMs[i] as number),
  };
}
