import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** One labelled page of a corpus manifest (manifest.jsonl). */
export type CorpusRow = {
  path: string;
  url: string;
  store: string;
  price: string | null;
  currency: string | null;
  availability?: string;
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
