import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../tests/helpers/fixtures.ts";
import { scoreProbes } from "./probe-score.ts";

/**
 * The training probe sets (bench/probes/, decision 0086) as regression sets: a rule that costs one
 * of their pages a right answer, or gives one a wrong price, fails here. The figures are each set's
 * at the end of its round; raise them when a rule wins a page. Held-out sets are not asserted on:
 * they measure, and a test on them would invite tuning to them.
 */
const FLOORS: Record<string, { right: number; wrong: number; stockWrong: number }> = {
  "round9-a": { right: 116, wrong: 3, stockWrong: 0 },
  "round9-b": { right: 193, wrong: 2, stockWrong: 0 },
  "round9-c": { right: 35, wrong: 1, stockWrong: 0 },
  "round10-a": { right: 40, wrong: 0, stockWrong: 0 },
  "round10-b": { right: 50, wrong: 0, stockWrong: 0 },
};

describe("training probe sets", () => {
  it.each(Object.entries(FLOORS))(
    "%s keeps its right answers and adds no wrong one",
    (name, floor) => {
      const root = resolve(repoRoot, "bench/probes", name);
      expect(existsSync(resolve(root, "manifest.jsonl"))).toBe(true);
      const { tally } = scoreProbes(root);
      expect(tally.right).toBeGreaterThanOrEqual(floor.right);
      expect(tally.wrong).toBeLessThanOrEqual(floor.wrong);
      expect(tally.stockWrong).toBeLessThanOrEqual(floor.stockWrong);
    },
  );
});
