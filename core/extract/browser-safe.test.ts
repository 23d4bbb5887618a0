import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../tests/helpers/fixtures.ts";

/** core/extract and core/money are bundled into the browser extension: no Node-only APIs. */
describe("core/extract and core/money are browser-safe", () => {
  const files = ["core/extract", "core/extract/store-rules", "core/money"].flatMap((dir) =>
    readdirSync(resolve(repoRoot, dir))
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .map((f) => `${dir}/${f}`),
  );

  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)("%s uses no node: modules, Buffer or process", (file) => {
    const source = readFileSync(resolve(repoRoot, file), "utf8");
    expect(source).not.toMatch(/from\s+["']node:|require\(|\bBuffer\b|\bprocess\./);
    // Import and export statements only: a comment quoting words after "from" is no import.
    const imports =
      /^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
    for (const match of source.matchAll(imports)) {
      const target = match[1] ?? match[2] ?? "";
      expect(
        target.startsWith(".") || ["htmlparser2", "zod"].includes(target),
        `${file} imports ${target}`,
      ).toBe(true);
    }
  });
});
