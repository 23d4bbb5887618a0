import { describe, expect, it } from "vitest";
import { type CheckFailureKind, describeFailure, formatWait } from "./describe-failure.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe("describeFailure", () => {
  it.each<[CheckFailureKind, number | undefined, Date | null, string]>([
    ["bot_challenge", undefined, later(180), "Store blocked the check — retrying in 3 h"],
    ["http_error", 429, later(30), "Store blocked the check (HTTP 429) — retrying in 30 min"],
    ["http_error", 404, null, "The store says this page no longer exists (HTTP 404)"],
    [
      "http_error",
      502,
      later(5),
      "The store answered with an error (HTTP 502) — retrying in 5 min",
    ],
    ["timeout", undefined, later(0.2), "The store took too long to answer — retrying in a moment"],
    [
      "host_backoff",
      undefined,
      later(3 * 24 * 60),
      "The store asked us to slow down — retrying in 3 days",
    ],
    [
      "ambiguous_price",
      undefined,
      later(360),
      "The page shows more than one price — retrying in 6 h",
    ],
    ["not_product", undefined, null, "This page doesn't look like a product"],
  ])("%s %s", (kind, httpStatus, nextAttemptAt, expected) => {
    expect(describeFailure({ kind, httpStatus, now: NOW, nextAttemptAt })).toBe(expected);
  });

  it("formats waits by the nearest unit", () => {
    expect(
      [0, 59_000, 90_000, 59 * 60_000, 47 * 3_600_000, 48 * 3_600_000].map(formatWait),
    ).toEqual(["in a moment", "in 1 min", "in 2 min", "in 59 min", "in 47 h", "in 2 days"]);
  });
});
