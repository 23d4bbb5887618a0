import { describe, expect, it } from "vitest";
import { extractPoolSize } from "./extract-pool-size.ts";

describe("the extraction pool's size", () => {
  it("is one small thread on the embedded database, and V8's own sizes on PostgreSQL", () => {
    expect(extractPoolSize({ DATABASE_URL: "", DATA_DIR: "data" })).toEqual({
      threads: 1,
      youngGenerationMb: 16,
    });
    expect(extractPoolSize({ DATABASE_URL: undefined, DATA_DIR: "data" })).toEqual({
      threads: 1,
      youngGenerationMb: 16,
    });
    expect(
      extractPoolSize({ DATABASE_URL: "postgres://db.internal/dropwave", DATA_DIR: "data" }),
    ).toEqual({});
  });
});
