import { type AnyPgColumn, text, uuid } from "drizzle-orm/pg-core";
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
