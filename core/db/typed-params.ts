import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Positional parameters for hand-written SQL, defined by the columns they fill
 * (docs/decisions/0012): the placeholder's cast comes from the column's SQL type, the value's
 * TypeScript type from the column's data type, and the column's name in the SQL text from the
 * schema. A column renamed or retyped in core/db/schema makes the statement fail to compile
 * (or follow the new name) instead of failing at run time. The SQL text is built once, so a
 * named prepared statement keeps one text.
 */

/** A parameter that fills no column (an offset, a JSON record set): its SQL type by hand. */
export type Scalar<T> = {
  sqlType: string;
  // Method syntax: a Scalar<Date> is still a Scalar<unknown> for the definition records.
  encode?(value: T): unknown;
  /** Carries T for ValueOf; never set. */
  readonly __value?: T;
};

export function scalar<T>(sqlType: string, encode?: (value: T) => unknown): Scalar<T> {
  return encode ? { sqlType, encode } : { sqlType };
}

/** A jsonb parameter sent as JSON text. */
export function json<T>(): Scalar<T> {
  return scalar<T>("jsonb", (value) => JSON.stringify(value));
}

type Def = AnyPgColumn | Scalar<unknown>;

/** What a parameter takes: a column's data type (null allowed unless NOT NULL), or the scalar's. */
export type ValueOf<D> =
  D extends Scalar<infer T>
    ? T
    : D extends AnyPgColumn
      ? D["_"]["notNull"] extends true
        ? D["_"]["data"]
        : D["_"]["data"] | null
      : never;

export type ParamValues<Defs extends Record<string, Def>> = { [K in keyof Defs]: ValueOf<Defs[K]> };

function isColumn(def: Def): def is AnyPgColumn {
  return typeof (def as AnyPgColumn).getSQLType === "function";
}

function sqlTypeOf(def: Def): string {
  if (!isColumn(def)) return def.sqlType;
  const type = def.getSQLType();
  // Casts in placeholders: the short names are enough and read better in EXPLAIN output.
  if (type === "timestamp with time zone") return "timestamptz";
  // Serial types name a column default, not a type a value can be cast to.
  return type === "bigserial" ? "bigint" : type === "serial" ? "integer" : type;
}

function encode(def: Def, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (!isColumn(def)) return def.encode ? def.encode(value) : value;
  if (value instanceof Date) return value.toISOString();
  if (def.getSQLType() === "jsonb") return JSON.stringify(value);
  return value;
}

export type ParamList<Defs extends Record<string, Def>> = {
  /** `$n::type` for each parameter, by name, for the SQL text. */
  readonly p: { readonly [K in keyof Defs]: string };
  /** The positional values, in definition order, from a value for every parameter. */
  values(input: ParamValues<Defs>): unknown[];
  readonly count: number;
};

/** Numbers the parameters in the order given: `$1` is the first key. */
export function paramList<const Defs extends Record<string, Def>>(defs: Defs): ParamList<Defs> {
  const names = Object.keys(defs) as (keyof Defs & string)[];
  const p = {} as Record<keyof Defs, string>;
  names.forEach((name, i) => {
    p[name] = `$${i + 1}::${sqlTypeOf(defs[name] as Def)}`;
  });
  return {
    p,
    count: names.length,
    values: (input) => names.map((name) => encode(defs[name] as Def, input[name])),
  };
}

/** A column's name, quoted, for the SQL text. */
export function col(column: AnyPgColumn): string {
  return `"${column.name}"`;
}

/** `"column" = $n::type` for each named column of a SET list, in the order given. */
export function assignments<const Defs extends Record<string, Def>>(
  list: ParamList<Defs>,
  defs: Defs,
  keys: readonly (keyof Defs & string)[],
): string {
  return keys
    .map((key) => {
      const def = defs[key] as Def;
      if (!isColumn(def)) throw new Error(`${key} is not a column`);
      return `${col(def)} = ${list.p[key]}`;
    })
    .join(", ");
}
