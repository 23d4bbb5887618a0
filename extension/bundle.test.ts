import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../scripts/build-extension.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * What the extension's scripts carry. The extension reads pages with core/extract and core/money
 * but validates nothing with a schema: a module of theirs that defines a Zod schema at load time
 * pulls all of Zod into every script (~440 KiB minified, two thirds of the bundle, once through
 * the person's-country helper and once through the unit-price schemas). Schemas live in modules
 * the extension does not import (core/accounts/country-input.ts, core/money/unit-price.ts).
 */
describe("the extension's bundle", () => {
  it("holds no Zod, whatever core modules its scripts import", async () => {
    const result = await build({
      entryPoints: ENTRIES.map((name) => path.join(root, "extension/src", `${name}.ts`)),
      outdir: path.join(root, "build/extension-bundle-test"),
      bundle: true,
      format: "iife",
      minify: true,
      metafile: true,
      write: false,
      logLevel: "error",
    });
    const inputs = Object.values(result.metafile.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputs.filter((input) => input.includes("node_modules/zod/"))).toEqual([]);
    expect(inputs.some((input) => input.startsWith("core/extract/"))).toBe(true);
  });
});
