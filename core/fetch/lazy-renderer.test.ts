import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const fetchModule = fileURLToPath(new URL("./index.ts", import.meta.url));

/** Imports the fetcher in a fresh Node process and says which packages that loaded. */
function packagesLoadedBy(file: string): string[] {
  const script = `
    import { createRequire } from "node:module";
    await import(${JSON.stringify(file)});
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    process.stdout.write(JSON.stringify(loaded.filter((f) => f.includes("playwright"))));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return JSON.parse(out) as string[];
}

it("importing the fetcher does not load playwright-core: it comes with the first render", () => {
  // Its bundles are ~14 MB of source in the heap of every process that fetches (web, worker,
  // the single process on PGlite), which most never render a page.
  expect(packagesLoadedBy(fetchModule)).toEqual([]);
});
