import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { FetchOutcome } from "../../core/fetch/index.ts";

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

/** Every `.html` file under `dir`, at any depth, sorted (none when `dir` is absent). */
export function htmlFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return htmlFilesUnder(path);
      return /\.html?$/.test(name) ? [path] : [];
    });
}

/** A successful fetch of `url` with an empty page, for tests that only need the outcome's kind. */
export function okOutcome(
  url: string,
  overrides: Partial<Extract<FetchOutcome, { kind: "ok" }>> = {},
): Extract<FetchOutcome, { kind: "ok" }> {
  return {
    kind: "ok",
    url,
    finalUrl: url,
    status: 200,
    headers: {},
    contentType: "text/html",
    charset: "utf-8",
    body: "",
    bytes: 0,
    timings: { gateWaitMs: 0, firstByteMs: 0, totalMs: 0 },
    redirects: [],
    isRendered: false,
    ...overrides,
  };
}
