import { type AnyPgColumn, bigint, doublePrecision, text, uuid } from "drizzle-orm/pg-core";
import type { MeasureUnit } from "../../money/unit-price.ts";
import { user } from "./auth.ts";

// Column shapes several tables share (not tables: the schema's index does not export them).

/** The person a row belongs to: the row goes when their account is deleted. */
export const ownedByUser = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/** A required link to another table's row by its uuid: this row goes with that one. */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: "cascade" });

/**
 * The landed price the page stated beside the price, in the price's currency (decision 0079):
 * the shipping cost (0 free, null unstated) and free-shipping threshold, and the unit price
 * (minor units per quantity of a unit, as the page named it). All null when the page states none.
 */
export const landedColumns = () => ({
  shippingCostMinor: bigint("shipping_cost_minor", { mode: "number" }),
  shippingFreeAboveMinor: bigint("shipping_free_above_minor", { mode: "number" }),
  unitPriceMinor: bigint("unit_price_minor", { mode: "number" }),
  unitPriceQuantity: doublePrecision("unit_price_quantity"),
  unitPriceUnit: text("unit_price_unit").$type<MeasureUnit>(),
});
