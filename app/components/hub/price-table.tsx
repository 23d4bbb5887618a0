import { availabilityLabel, changeText, money } from "../../lib/format.ts";
import type { PriceRow } from "./price-series.ts";

/** Rows shown at most; a shorter range shows older ones. */
const TABLE_LIMIT = 500;

/**
 * The price history as a table (PriceChart's toggle): its own chunk, fetched when the toggle is
 * near a pointer or focus, or pressed.
 */
export default function PriceTable({
  rows,
  currency,
  caption,
}: {
  /** Newest first, already cut to the chosen range. */
  rows: PriceRow[];
  currency: string;
  caption: string;
}) {
  return (
    <>
      <table className="w-full text-left text-sm" data-testid="price-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-surface">
          <tr>
            {(["Since", "Price", "Change", "Availability"] as const).map((label) => (
              <th
                key={label}
                scope="col"
                className={`py-1${label === "Availability" ? "" : " pr-4"}${label === "Price" || label === "Change" ? " text-right" : ""}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, TABLE_LIMIT).map((row) => (
            <tr key={row.at} className="border-t border-border">
              <td className="py-1 pr-4">{new Date(row.at * 1000).toLocaleString()}</td>
              <td className="py-1 pr-4 text-right tabular-nums">
                {row.amountMinor === null ? "—" : money({ amountMinor: row.amountMinor, currency })}
              </td>
              <td className="py-1 pr-4 text-right tabular-nums">
                {changeText(row.changeMinor, currency)}
              </td>
              <td className="py-1">{availabilityLabel[row.availability] ?? row.availability}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > TABLE_LIMIT ? (
        <p className="mt-2 text-sm text-muted">
          The {TABLE_LIMIT} most recent of {rows.length} changes; pick a shorter range for older
          ones.
        </p>
      ) : null}
    </>
  );
}
