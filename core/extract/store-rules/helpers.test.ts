import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignedObject } from "./helpers.ts";

describe("assignedObject", () => {
  const script = fc
    .array(
      fc.constantFrom("BCData", " = ", "=", "{", "}", '"a":1', ";", "\n", " ", "</script>", "x"),
      { maxLength: 30 },
    )
    .map((parts) => parts.join(""));
  const tail = ";?\\s*(?:<\\/script>|$|\\n)";

  it("captures what the lazy regex captures", () => {
    const byRegex = new RegExp(`BCData\\s*=\\s*(\\{[\\s\\S]*?\\})${tail}`);
    fc.assert(
      fc.property(script, (text) => {
        expect(assignedObject(text, /BCData\s*=\s*(?=\{)/, tail)).toBe(byRegex.exec(text)?.[1]);
      }),
      { numRuns: 5_000 },
    );
  });

  it("reads a script that repeats the assignment in one pass", () => {
    const text = "BCData={x".repeat(100_000);
    const started = performance.now();
    expect(assignedObject(text, /BCData\s*=\s*(?=\{)/, tail)).toBeUndefined();
    expect(assignedObject(`${text}}`, /BCData\s*=\s*(?=\{)/, tail)).toBe(`${text.slice(7)}}`);
    // The regex restarted its scan at each of the 100 000 assignments: ~19 s (a tenth: 188 ms).
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
