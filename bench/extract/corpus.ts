import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { htmlFilesUnder, repoRoot } from "../../tests/helpers/fixtures.ts";

/** One labelled page of a corpus manifest (manifest.jsonl). */
export type CorpusRow = {
  path: string;
  url: string;
  store: string;
  price: string | null;
  currency: string | null;
  availability?: string;
  /** us-stores: why the label may be uncertain ("multiple_amounts_in_labelled_element:A|B"). */
  doubt?: string;
};

/**
 * The corpus folder: as given (relative to the working directory), else the same relative path
 * from the folders above it (`../shared/corpus` from a worktree two levels down).
 */
export function findCorpus(given: string): string {
  let base = process.cwd();
  for (let i = 0; i < 4; i++) {
    const dir = resolve(base, given);
    if (existsSync(resolve(dir, "manifest.jsonl"))) return dir;
    base = dirname(base);
  }
  return resolve(given);
}

/**
 * A benchmark's saved pages: every .html under the corpus given (`--corpus`), else under
 * DROPWAVE_CORPUS, else under `fallback` (a path from the repository's root). A run without any
 * says so and exits.
 */
export function savedPagesOrExit(
  given: string | undefined,
  fallback: string,
): { corpus: string; files: string[] } {
  const corpus = findCorpus(given ?? process.env.DROPWAVE_CORPUS ?? resolve(repoRoot, fallback));
  const files = htmlFilesUnder(corpus);
  if (files.length === 0) {
    console.error(`no saved pages under ${corpus}: pass --corpus DIR`);
    process.exit(1);
  }
  return { corpus, files };
}

/** The rows of a manifest file (none when it is absent), their paths prefixed with `prefix`. */
export function readManifest(path: string, prefix = ""): CorpusRow[] {
  return existsSync(path)
    ? readFileSync(path, "utf8")
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as CorpusRow)
        .map((row) => ({ ...row, path: `${prefix}${row.path}` }))
    : [];
}

/** A corpus's pages: its manifest, then `extra/` (classifieds, auctions, tickets) when present. */
export function readCorpus(corpus: string): CorpusRow[] {
  return [
    ...readManifest(resolve(corpus, "manifest.jsonl")),
    ...readManifest(resolve(corpus, "extra/manifest.jsonl"), "extra/"),
  ];
}
