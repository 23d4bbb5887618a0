import { describe, expect, it } from "vitest";
import { priceObservation, product } from "./schema/index.ts";
import { assignments, col, json, paramList, scalar } from "./typed-params.ts";

describe("paramList", () => {
  const defs = {
    id: product.id,
    title: product.title,
    priceMinor: product.priceMinor,
    candidates: product.candidates,
    nextCheckAt: product.nextCheckAt,
    observationId: priceObservation.id,
    offset: scalar<number | null>("integer"),
    records: json<{ a: number }[]>(),
  } as const;
  const list = paramList(defs);

  it("numbers placeholders in order, cast to each column's SQL type", () => {
    expect(list.p).toEqual({
      id: "$1::uuid",
      title: "$2::text",
      priceMinor: "$3::bigint",
      candidates: "$4::jsonb",
      nextCheckAt: "$5::timestamptz",
      observationId: "$6::bigint",
      offset: "$7::integer",
      records: "$8::jsonb",
    });
    expect(list.count).toBe(8);
    expect(assignments(list, defs, ["title", "nextCheckAt"])).toBe(
      `"title" = $2::text, "next_check_at" = $5::timestamptz`,
    );
    expect(col(product.lastCheckedAt)).toBe(`"last_checked_at"`);
  });

  it("encodes values: dates as ISO strings, jsonb as JSON text, null kept", () => {
    const at = new Date("2026-11-23T08:00:00Z");
    expect(
      list.values({
        id: "6f1c2a34-0000-4000-8000-00000000000a",
        title: null,
        priceMinor: 3999,
        candidates: [{ key: "x" }],
        nextCheckAt: at,
        observationId: 7,
        offset: null,
        records: [{ a: 1 }],
      }),
    ).toEqual([
      "6f1c2a34-0000-4000-8000-00000000000a",
      null,
      3999,
      '[{"key":"x"}]',
      "2026-11-23T08:00:00.000Z",
      7,
      null,
      '[{"a":1}]',
    ]);
  });

  it("refuses at compile time a missing value, a wrong type, and a column that does not exist", () => {
    const small = paramList({ id: product.id, title: product.title });
    // @ts-expect-error title is missing
    expect(small.values({ id: "x" })).toEqual(["x", null]);
    // @ts-expect-error a number is not a title
    expect(small.values({ id: "x", title: 5 })).toEqual(["x", 5]);
    // @ts-expect-error id is NOT NULL
    expect(small.values({ id: null, title: "t" })).toEqual([null, "t"]);
    // @ts-expect-error the product table has no `titel` column
    expect(() => paramList({ titel: product.titel })).toThrow();
  });
});
