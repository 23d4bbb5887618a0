import type { Entry } from "./words.ts";

/**
 * An alternation of entries written as a prefix tree for `RegExp#test`: "price", "preis", "prix"
 * become `pr(?:i(?:ce|x)|eis)`. The regex engine tries the alternatives of a plain alternation
 * one after the other at every position of the text; the tree tests each first character once,
 * so the long word lists (class names, sold-out words, the token pre-filter) are ~1.5× faster to
 * test (issue #34, speed). Pattern entries stay alternatives of their own.
 *
 * For `test` only: a text matches the tree exactly when it matches the plain alternation, but a
 * word that another one starts ("bag", "bags") is kept as the shorter, so which match `exec`,
 * `match` or `replace` find may differ. patterns.ts makes global patterns plainly.
 */
export function prefixTreeAlternation(
  entries: readonly Entry[],
  asWritten: (word: string) => string,
  sourceOf: (entry: Entry) => string,
): string {
  type Node = { next: Map<string, Node>; isEnd: boolean };
  const root: Node = { next: new Map(), isEnd: false };
  const patterns: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== "string" || entry === "") {
      patterns.push(sourceOf(entry));
      continue;
    }
    let node = root;
    for (const ch of entry) {
      let next = node.next.get(ch);
      if (!next) {
        next = { next: new Map(), isEnd: false };
        node.next.set(ch, next);
      }
      node = next;
    }
    node.isEnd = true;
  }
  // A word's end ends its branch: any text with a longer word holds the word itself.
  const sourceOfNode = (node: Node): string => {
    if (node.isEnd) return "";
    const branches = [...node.next].map(([ch, next]) => asWritten(ch) + sourceOfNode(next));
    return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join("|")})`;
  };
  const tree = root.next.size > 0 ? [sourceOfNode(root)] : [];
  return `(?:${[...tree, ...patterns].join("|")})`;
}
