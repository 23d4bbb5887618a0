import { describe, expect, it } from "vitest";
import { importedText } from "./export-import.tsx";

describe("importedText", () => {
  it("agrees in number (#39 item 12)", () => {
    expect(importedText(1)).toBe("Imported 1 product. It is checked in a moment.");
    expect(importedText(3)).toBe("Imported 3 products. They are checked in a moment.");
  });
});
