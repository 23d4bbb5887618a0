import type { Entry } from "./words.ts";

/**
 * An alternation of entries written as a prefix tree for `RegExp#test`: "price", "preis", "prix"
 * become `pr(?:i(?:ce|x)|eis)`. The regex engine tries the alternatives of a plain alternation
 * one after the other at every position of the text; the tree tests each first character once,
 * so the long word lists (class names, sold-out words, the token pre-filter) are ~1.5× faster to
 * test (issue #34, speed). A pattern entry joins the tree by the plain start of each of its
 * alternatives (`\bship`, `\d\s*months?\b`, `payments? of`: `\b`, `s`, `h`, `i`, `p`; `\d`;
 * `p`, `a` … `n`, `t`), the rest of it a branch of its own; one with no plain start (a group
 * first) stays an alternative of its own. On the lists of other amounts, sold-out words and the
 * token pre-filter, most of the time went to those alternatives (issue #34). A lookbehind first
 * moves after the plain start that follows it, stated over that start too: `(?<!non-?)member`
 * joins as `member(?<!(?:non-?)member)`, which matches at the same places (each atom of the
 * start matches one character, or none for `\b`, so the lookbehind reads back over the very
 * characters the start just matched).
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
  type Node = { next: Map<string, Node>; isEnd: boolean; rests: string[] };
  const newNode = (): Node => ({ next: new Map(), isEnd: false, rests: [] });
  const root = newNode();
  const patterns: string[] = [];
  const insert = (atoms: readonly string[], rest: string) => {
    let node = root;
    for (const atom of atoms) {
      let next = node.next.get(atom);
      if (!next) {
        next = newNode();
        node.next.set(atom, next);
      }
      node = next;
    }
    if (rest === "") node.isEnd = true;
    else node.rests.push(rest);
  };
  for (const entry of entries) {
    if (typeof entry === "string") {
      if (entry === "") patterns.push(sourceOf(entry));
      else insert([...entry].map(asWritten), "");
      continue;
    }
    for (const alternative of topLevelAlternatives(sourceOf(entry))) {
      const { atoms, rest } = plainStart(alternative);
      if (atoms.length === 0) patterns.push(alternative);
      else insert(atoms, rest);
    }
  }
  // A word's end ends its branch: any text with a longer word holds the word itself (the
  // assertions of its start, `\b`, are tested at the same places).
  const sourceOfNode = (node: Node): string => {
    if (node.isEnd) return "";
    const branches = [
      ...[...node.next].map(([atom, next]) => atom + sourceOfNode(next)),
      ...node.rests,
    ];
    return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join("|")})`;
  };
  const tree = root.next.size > 0 ? [sourceOfNode(root)] : [];
  return `(?:${[...tree, ...patterns].join("|")})`;
}

/** A pattern source's alternatives: split at each `|` outside groups and classes. */
function topLevelAlternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") i++;
    else if (inClass) inClass = ch !== "]";
    else if (ch === "[") inClass = true;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "|" && depth === 0) {
      out.push(source.slice(from, i));
      from = i + 1;
    }
  }
  out.push(source.slice(from));
  return out;
}

/** An escape that stands for one character, a class of them or `\b`: `\d`, `\s`, `\.` … */
const ONE_ESCAPE = /^\\(?:[bBdDsSwW]|[^\p{L}\p{N}\s])$/u;
const QUANTIFIER = /^[?*+{]$/;
const SPECIAL = /^[\\^$.*+?()[\]{}|]$/;

/**
 * The atoms an alternative opens with, each matched on its own, and the rest of it: a character
 * as written or a one-character escape, up to a group, a class, a quantified atom or anything
 * else. An atom repeated once or more is an atom then its repeats: `\d+ bids?` is `\d`, then
 * `\d* bids?`.
 */
function plainStart(alternative: string): { atoms: string[]; rest: string } {
  const behind = leadingLookbehind(alternative);
  if (behind) {
    const after = plainStart(alternative.slice(behind.length));
    if (after.atoms.length === 0) return { atoms: [], rest: alternative };
    const [open, inner] = [behind.slice(0, 4), behind.slice(4, -1)];
    return { atoms: after.atoms, rest: `${open}(?:${inner})${after.atoms.join("")})${after.rest}` };
  }
  const atoms: string[] = [];
  let i = 0;
  while (i < alternative.length) {
    const ch = alternative[i] as string;
    let atom: string;
    if (ch === "\\") atom = alternative.slice(i, i + 2);
    else if (SPECIAL.test(ch) || /[\uD800-\uDFFF]/.test(ch)) break;
    else atom = ch;
    if (ch === "\\" && !ONE_ESCAPE.test(atom)) break;
    const after = alternative[i + atom.length] ?? "";
    if (after === "+" && atom !== "\\b" && atom !== "\\B") {
      atoms.push(atom);
      return { atoms, rest: `${atom}*${alternative.slice(i + atom.length + 1)}` };
    }
    if (QUANTIFIER.test(after)) break;
    atoms.push(atom);
    i += atom.length;
  }
  return { atoms, rest: alternative.slice(i) };
}

/** The lookbehind an alternative opens with (`(?<!non-?)`, `(?<=x)`), whole, or "" if none. */
function leadingLookbehind(alternative: string): string {
  if (!alternative.startsWith("(?<!") && !alternative.startsWith("(?<=")) return "";
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < alternative.length; i++) {
    const ch = alternative[i];
    if (ch === "\\") i++;
    else if (inClass) inClass = ch !== "]";
    else if (ch === "[") inClass = true;
    else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return alternative.slice(0, i + 1);
  }
  return "";
}
