import { basename } from "node:path";
import { isBlindStore } from "./blind.ts";
import { type Answer, type Labelled, type Scores, score } from "./metrics.ts";

/**
 * How a bench treats the blind third (blind.ts) of the corpus it reads:
 * - "stores": stores that isBlindStore picks are set aside; their pages are scored, and only
 *   their aggregate figures are ever shown (the default for us-stores);
 * - "none": every page is in-sample (the default elsewhere: the benchmark's held-out half lives
 *   outside this checkout's reach, and its shared half was read while writing the rules).
 */
export type BlindPolicy = "stores" | "none";

/** The policy a corpus gets when `--blind` is not given: "stores" for us-stores only. */
export function defaultBlindPolicy(corpus: string): BlindPolicy {
  return basename(corpus.replace(/\/+$/, "")) === "us-stores" ? "stores" : "none";
}

/** `--blind stores|none`, or the corpus's default; anything else is refused. */
export function blindPolicyFrom(given: string | undefined, corpus: string): BlindPolicy {
  if (given === undefined) return defaultBlindPolicy(corpus);
  if (given === "stores" || given === "none") return given;
  throw new Error(`--blind takes "stores" or "none", not ${JSON.stringify(given)}`);
}

/**
 * The blind part of a set of results, sealed: it answers counts and scores, never its items.
 * Nothing that prints can get a blind page's path, store, label or answer out of it, so a
 * per-page table or a list of misses built from `open` cannot include one by mistake.
 */
export class BlindPart<T> {
  readonly #items: readonly T[];
  constructor(items: readonly T[]) {
    this.#items = items;
  }
  get pages(): number {
    return this.#items.length;
  }
  /** Scores of one contender over the blind pages (aggregate only). */
  scores(pair: (item: T) => readonly [Labelled, Answer]): Scores {
    return score(this.#items.map(pair));
  }
  /** How many blind pages satisfy `predicate` (aggregate only). */
  count(predicate: (item: T) => boolean): number {
    return this.#items.filter(predicate).length;
  }
  /** How many distinct values `key` takes over the blind pages (e.g. stores), or those `where` keeps. */
  distinct(key: (item: T) => string, where: (item: T) => boolean = () => true): number {
    return new Set(this.#items.filter(where).map(key)).size;
  }
  /** This part and `other` as one (e.g. the blind parts of two corpora). */
  concat(other: BlindPart<T>): BlindPart<T> {
    return new BlindPart([...this.#items, ...other.#items]);
  }
  /** Another view of the same pages (e.g. each row with its page read), still sealed. */
  map<U>(fn: (item: T) => U): BlindPart<U> {
    return new BlindPart(this.#items.map(fn));
  }
  /** A sum over the blind pages (e.g. ms, for totals). */
  sum(value: (item: T) => number): number {
    return this.#items.reduce((total, item) => total + value(item), 0);
  }
}

/**
 * Splits results by the policy, before anything is printed: `open` may be shown page by page,
 * `blind` only as aggregates.
 */
export function splitBlind<T>(
  items: readonly T[],
  storeOf: (item: T) => string,
  policy: BlindPolicy,
): { open: T[]; blind: BlindPart<T> } {
  if (policy === "none") return { open: [...items], blind: new BlindPart<T>([]) };
  const open: T[] = [];
  const blind: T[] = [];
  for (const item of items) (isBlindStore(storeOf(item)) ? blind : open).push(item);
  return { open, blind: new BlindPart(blind) };
}

/** What the blind part is called in reports. */
export const BLIND_NAME = "blind third";
