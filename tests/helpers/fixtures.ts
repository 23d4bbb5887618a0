import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A page written for the tests, under tests/fixtures/pages. */
export function fixturePage(name: string): string {
  return readFileSync(resolve(repoRoot, "tests/fixtures/pages", `${name}.html`), "utf8");
}

/** The shared real-page corpus: `<repo>/../shared/corpus`, or DROPWAVE_CORPUS. Null when absent. */
export function corpusDir(): string | null {
  const dir = resolve(process.env.DROPWAVE_CORPUS ?? resolve(repoRoot, "../shared/corpus"));
  return existsSync(resolve(dir, "manifest.jsonl")) ? dir : null;
}
