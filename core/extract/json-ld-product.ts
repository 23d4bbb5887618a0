import { asText } from "./json-walk.ts";

type Node = Record<string, unknown>;
type Located = { node: Node; path: string };

/** The words of a name that say what it is: three characters or more with a letter, folded. */
function nameWords(text: string): Set<string> {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w.length >= 3 && /\p{L}/u.test(w));
  return new Set(words);
}

/** How much two names say the same: shared words over all their words (0 to 1). */
function likeness(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const all = a.size + b.size - shared;
  return all === 0 ? 0 : shared / all;
}

/**
 * Which of a page's JSON-LD products with offers is the one it shows, by the page's titles
 * (og:title, the first <h1>, <title>): with several (the item, then its accessories, a bundle's
 * parts, a recommended item's block), the one whose name is most like a title, when exactly one
 * is the most like and shares a word with it. `null`: the titles tell nothing.
 */
export function productByTitle(
  products: readonly Located[],
  titles: readonly (string | null)[],
): Located | null {
  const titleWords = titles.filter((t): t is string => !!t).map(nameWords);
  const offered = products.filter((p) => p.node.offers !== undefined);
  if (offered.length < 2 || !titleWords.some((w) => w.size >= 2)) return null;
  const scored = offered.map((p) => {
    const words = nameWords(asText(p.node.name) ?? "");
    return { p, score: Math.max(...titleWords.map((t) => likeness(words, t))) };
  });
  const top = Math.max(...scored.map((s) => s.score));
  const best = scored.filter((s) => s.score === top);
  return top > 0 && best.length === 1 && best[0] ? best[0].p : null;
}
