import { Parser } from "htmlparser2";
import { decimalToMinor } from "../money/decimal-to-minor.ts";
import type { Money } from "../money/money.ts";
import { parsePriceString } from "../money/parse-price-string.ts";

/**
 * A price recipe: where on a page the right price is, as a person pointed at it with the
 * browser extension's picker (docs/decisions/0027-browser-extension.md). It is a description
 * of the picked element — its tag, id, classes and a few attributes, those of its nearest
 * ancestors, the words just before it — not a CSS selector, so that later pages of the same
 * layout are matched by likeness: the element may move, class names may be re-hashed by a
 * deploy, and the match still holds; when nothing on the page is like enough, the recipe says
 * so ("stopped matching") and never hands back some other price.
 *
 * The same functions describe an element of the live page (the extension, through the DOM)
 * and match a page's HTML (the server's checks and the extension's popup), through the small
 * TreeView interface below. Pure and browser-safe.
 */

/** One element of a recipe: the picked one or an ancestor. */
export type RecipeStep = {
  tag: string;
  id: string | null;
  classes: string[];
  /** 1-based position among its parent's children of the same tag. */
  index: number;
};

/** The schema that checks a recipe sent to the server is recipe-schema.ts (kept out of the extension's bundle). */
export type PriceRecipe = {
  /** The extraction's candidate key for the same price when it had one (structured data). */
  candidateKey: string | null;
  element: RecipeStep & { attrs: Record<string, string> };
  /** Nearest first. */
  ancestors: RecipeStep[];
  /** The words just before the price ("our price"), lower case, without numbers. */
  label: string;
  /** The price when it was picked: its currency reads later prices without a symbol. */
  sample: Money;
};

export type RecipeMatch =
  | { kind: "matched"; price: Money; raw: string; score: number }
  | { kind: "not_found"; reason: string };

/** How a tree of nodes is read: the DOM in the extension, the parsed HTML below. */
export type TreeView<N> = {
  isElement(node: N): boolean;
  /** Lower-case tag name of an element. */
  tag(node: N): string;
  attr(node: N, name: string): string | null;
  attrNames(node: N): string[];
  parent(node: N): N | null;
  previous(node: N): N | null;
  children(node: N): readonly N[];
  /** The value of a text node ("" for others). */
  ownText(node: N): string;
};

/** Attributes that name what an element is, worth keeping in a recipe. */
const NAMING_ATTR =
  /^(?:itemprop|data-(?:test|testid|qa|automation-id|selector|price-type|role)|aria-label|role)$/;
const SKIPPED = new Set(["script", "style", "noscript", "template", "svg"]);
const MAX_PRICE_TEXT = 80;
const ACCEPT = 0.5;
/** A runner-up this close (with another amount) makes the match too uncertain to use. */
const MARGIN = 0.08;

/** Digits in ids and classes vary per product and per build ("price-1234"): compared as '#'. */
const shape = (value: string) => value.toLowerCase().replace(/\d+/g, "#");

/**
 * The element's place among its siblings of the same tag, from 1. With `known` (positions
 * already counted in this tree, read once), the count stops at the nearest same-tag sibling
 * counted before: every price element of a page is described, and a list of thousands of
 * siblings was counted from its start for each of them.
 */
function siblingIndex<N>(node: N, view: TreeView<N>, known?: Map<N, number>): number {
  const tag = view.tag(node);
  let index = 1;
  for (let p = view.previous(node); p !== null; p = view.previous(p)) {
    if (!view.isElement(p) || view.tag(p) !== tag) continue;
    const counted = known?.get(p);
    if (counted !== undefined) {
      index += counted;
      break;
    }
    index++;
  }
  known?.set(node, index);
  return index;
}

function stepOf<N>(node: N, view: TreeView<N>, known?: Map<N, number>): RecipeStep {
  const tag = view.tag(node);
  const index = siblingIndex(node, view, known);
  const id = view.attr(node, "id");
  const classes = (view.attr(node, "class") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 30)
    .map((c) => c.slice(0, 200));
  return {
    tag: tag.slice(0, 40),
    id: id ? id.slice(0, 200) : null,
    classes,
    index: Math.min(index, 100_000),
  };
}

/** Visible text under a node (scripts and styles left out), whitespace collapsed. */
export function textOf<N>(node: N, view: TreeView<N>, limit = 400): string {
  let out = "";
  const walk = (n: N): void => {
    if (out.length > limit) return;
    if (!view.isElement(n)) {
      out += view.ownText(n);
      return;
    }
    if (SKIPPED.has(view.tag(n))) return;
    for (const child of view.children(n)) walk(child);
  };
  walk(node);
  return out.replace(/\s+/g, " ").trim();
}

/** Text of a node read from its end, until `need` characters are collected. */
function textFromEnd<N>(node: N, view: TreeView<N>, need: number): string {
  if (!view.isElement(node)) return view.ownText(node);
  if (SKIPPED.has(view.tag(node))) return "";
  let out = "";
  const kids = view.children(node);
  for (let i = kids.length - 1; i >= 0 && out.length < need; i--) {
    const kid = kids[i];
    if (kid !== undefined) out = textFromEnd(kid, view, need - out.length) + out;
  }
  return out;
}

/** "Our price:" → "our price"; numbers, currency signs and punctuation dropped. */
export function labelWords(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return words.length <= 40 ? words : words.slice(-40).replace(/^\S*\s/, "");
}

/** The words just before a node in reading order (up to 3 ancestor levels up). */
function labelBefore<N>(node: N, view: TreeView<N>): string {
  let text = "";
  let at: N | null = node;
  for (let level = 0; at !== null && level < 4; level++) {
    for (let p = view.previous(at); p !== null; p = view.previous(p)) {
      text = `${textFromEnd(p, view, 80)} ${text}`;
      if (labelWords(text).length >= 3) return labelWords(text);
      if (text.length > 200) return labelWords(text);
    }
    at = view.parent(at);
    if (at !== null && view.isElement(at) && /^(?:body|html|main)$/.test(view.tag(at))) break;
  }
  return labelWords(text);
}

/** Reads a price text the way a recipe does: one price with a currency (or the sample's). */
export function readRecipePrice(text: string, currency: string | null): Money | null {
  if (text.length === 0 || text.length > MAX_PRICE_TEXT || !/\d/.test(text)) return null;
  const parsed = parsePriceString(text, { currency });
  if (!parsed || parsed.isPerUnit) return null;
  const code = parsed.currencies.length === 1 ? parsed.currencies[0] : currency;
  // A bare number is not a price here: the picker offers, and a recipe reads, shown prices.
  if (!code || parsed.currencyText === null) return null;
  const amountMinor = decimalToMinor(parsed.amount, code);
  if (amountMinor === null || amountMinor <= 0) return null;
  return { amountMinor, currency: code };
}

/** Whether an element's own text reads as a price (and none of its child elements' does). */
export function isPriceElement<N>(node: N, view: TreeView<N>, currency: string | null): boolean {
  const text = textOf(node, view, MAX_PRICE_TEXT + 1);
  if (readRecipePrice(text, currency) === null) return false;
  return !view.children(node).some((c) => view.isElement(c) && isPriceElement(c, view, currency));
}

/** Describes the picked element of a page as a recipe. */
export function describePick<N>(
  node: N,
  view: TreeView<N>,
  sample: Money,
  candidateKey: string | null = null,
  known?: Map<N, number>,
): PriceRecipe {
  const attrs: Record<string, string> = {};
  for (const name of view.attrNames(node)) {
    if (!NAMING_ATTR.test(name) || Object.keys(attrs).length >= 10) continue;
    attrs[name] = (view.attr(node, name) ?? "").slice(0, 200);
  }
  const ancestors: RecipeStep[] = [];
  for (let p = view.parent(node); p !== null && ancestors.length < 8; p = view.parent(p)) {
    if (!view.isElement(p) || /^(?:body|html)$/.test(view.tag(p))) break;
    ancestors.push(stepOf(p, view, known));
  }
  return {
    candidateKey,
    element: { ...stepOf(node, view, known), attrs },
    ancestors,
    label: labelBefore(node, view),
    sample,
  };
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const left = new Set(a.map(shape));
  const right = new Set(b.map(shape));
  let shared = 0;
  for (const x of left) if (right.has(x)) shared++;
  return shared / (left.size + right.size - shared);
}

/** How alike two ancestor steps are, 0–1 (tag, id and classes; only what the recipe has). */
function stepLikeness(want: RecipeStep, have: RecipeStep): number {
  let score = want.tag === have.tag ? 1 : 0;
  let max = 1;
  if (want.id) {
    max += 2;
    if (have.id && shape(have.id) === shape(want.id)) score += 2;
  }
  if (want.classes.length > 0) {
    max += 2;
    score += 2 * jaccard(want.classes, have.classes);
  }
  return score / max;
}

/**
 * How alike a page's element is to the recipe's, 0–1. Ancestors are compared as a set (each
 * recipe ancestor with the most alike of the element's eight nearest), so a wrapper added or
 * removed costs little; exact positions count only a little, so a move costs little too.
 */
export function likeness(
  recipe: PriceRecipe,
  candidate: Omit<PriceRecipe, "sample" | "candidateKey">,
): number {
  const want = recipe.element;
  const have = candidate.element;
  let score = 0;
  let max = 0;
  const add = (weight: number, value: number) => {
    max += weight;
    score += weight * value;
  };
  add(1, want.tag === have.tag ? 1 : 0);
  if (want.id) add(3, have.id !== null && shape(have.id) === shape(want.id) ? 1 : 0);
  if (want.classes.length > 0) add(3, jaccard(want.classes, have.classes));
  const attrNames = Object.keys(want.attrs);
  if (attrNames.length > 0) {
    const same = attrNames.filter(
      (n) =>
        have.attrs[n] !== undefined && shape(have.attrs[n] ?? "") === shape(want.attrs[n] ?? ""),
    );
    add(2, same.length / attrNames.length);
  }
  if (recipe.ancestors.length > 0) {
    const near = candidate.ancestors.slice(0, 8);
    let sum = 0;
    recipe.ancestors.forEach((step, i) => {
      let best = 0;
      near.forEach((other, j) => {
        best = Math.max(best, stepLikeness(step, other) * (i === j ? 1 : 0.85));
      });
      sum += best;
    });
    add(3, sum / recipe.ancestors.length);
    const path = recipe.ancestors.slice(0, 4);
    const samePlace = path.filter(
      (step, i) =>
        candidate.ancestors[i]?.tag === step.tag && candidate.ancestors[i]?.index === step.index,
    ).length;
    add(1, (samePlace + (want.index === have.index ? 1 : 0)) / (path.length + 1));
  }
  if (recipe.label) {
    const label = candidate.label;
    add(
      3,
      label === recipe.label
        ? 1
        : label && (label.endsWith(recipe.label) || recipe.label.endsWith(label))
          ? 0.6
          : 0,
    );
  }
  return max === 0 ? 0 : score / max;
}

/** Every price element of a tree, described as the picker would describe it. */
function priceElements<N>(
  root: N,
  view: TreeView<N>,
  currency: string,
): { node: N; price: Money; raw: string }[] {
  const out: { node: N; price: Money; raw: string }[] = [];
  /** Returns whether this subtree holds a price element. */
  const walk = (node: N): boolean => {
    if (!view.isElement(node) || SKIPPED.has(view.tag(node))) return false;
    let hasInner = false;
    for (const child of view.children(node)) if (walk(child)) hasInner = true;
    if (hasInner) return true;
    const raw = textOf(node, view, MAX_PRICE_TEXT + 1);
    const price = readRecipePrice(raw, currency);
    if (price === null) return false;
    out.push({ node, price, raw });
    return true;
  };
  walk(root);
  return out;
}

/** The recipe's price on a tree (the DOM, or parsed HTML): the most alike price element. */
export function matchRecipeInTree<N>(root: N, view: TreeView<N>, recipe: PriceRecipe): RecipeMatch {
  const known = new Map<N, number>();
  const scored = priceElements(root, view, recipe.sample.currency).map((found) => ({
    ...found,
    score: likeness(recipe, describePick(found.node, view, found.price, null, known)),
  }));
  scored.sort((a, b) => b.score - a.score);
  const [best, ...rest] = scored;
  if (!best || best.score < ACCEPT) {
    return { kind: "not_found", reason: "no price on the page is in the spot that was picked" };
  }
  const rival = rest.find(
    (r) =>
      r.score > best.score - MARGIN &&
      (r.price.amountMinor !== best.price.amountMinor || r.price.currency !== best.price.currency),
  );
  if (rival) {
    return {
      kind: "not_found",
      reason: "more than one price on the page looks like the one picked",
    };
  }
  return {
    kind: "matched",
    price: best.price,
    raw: best.raw,
    score: Math.round(best.score * 100) / 100,
  };
}

/** The recipe's price on a page's HTML. */
export function matchRecipe(html: string, recipe: PriceRecipe): RecipeMatch {
  return matchRecipeInTree(parseLightTree(html), LIGHT_VIEW, recipe);
}

/** A minimal element tree of a page (the extension's DOM has the same shape through TreeView). */
export type LightNode = {
  tag: string;
  attrs: Record<string, string>;
  parent: LightNode | null;
  children: LightNode[];
  previous: LightNode | null;
  /** Text nodes: tag "#text". */
  text: string;
};

const MAX_NODES = 400_000;
/** Deeper elements are read as part of their ancestor at this depth (bounded recursion). */
const MAX_DEPTH = 200;

/**
 * Open elements htmlparser2's Parser remembers, at most. Its stack is an array it grows at the
 * front (`unshift`) and searches on every closing tag: O(depth) per element, so a page of
 * 200 000 unclosed `<div>`s took it ~20 s. Past this depth (far beyond any real page's, and
 * past MAX_DEPTH, below which the tree is built) the outermost open elements are forgotten:
 * their closing tags, if any, are then ignored.
 */
const MAX_OPEN = 1_024;

/** htmlparser2's Parser's stacks (private in its types, plain arrays in 12.0). */
type ParserStacks = { stack?: unknown; foreignContext?: unknown };

function forgetOutermost(parser: ParserStacks): void {
  for (const list of [parser.stack, parser.foreignContext]) {
    if (Array.isArray(list) && list.length > MAX_OPEN) list.length = MAX_OPEN;
  }
}

/** Parses HTML into a LightNode tree (htmlparser2's forgiving parser; capped in size). */
export function parseLightTree(html: string): LightNode {
  const root: LightNode = {
    tag: "#root",
    attrs: {},
    parent: null,
    children: [],
    previous: null,
    text: "",
  };
  let current = root;
  let count = 0;
  let depth = 0;
  let overflow = 0;
  const append = (node: LightNode) => {
    node.previous = current.children[current.children.length - 1] ?? null;
    current.children.push(node);
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        forgetOutermost(parser as unknown as ParserStacks);
        if (depth >= MAX_DEPTH) {
          overflow++;
          return;
        }
        depth++;
        const node: LightNode = {
          tag: name,
          attrs: attribs,
          parent: current,
          children: [],
          previous: null,
          text: "",
        };
        if (count++ < MAX_NODES) append(node);
        current = node;
      },
      ontext(text) {
        const last = current.children[current.children.length - 1];
        if (last && last.tag === "#text") last.text += text;
        else if (count++ < MAX_NODES)
          append({ tag: "#text", attrs: {}, parent: current, children: [], previous: null, text });
      },
      onclosetag() {
        if (overflow > 0) {
          overflow--;
          return;
        }
        depth = Math.max(0, depth - 1);
        current = current.parent ?? root;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return root;
}

export const LIGHT_VIEW: TreeView<LightNode> = {
  isElement: (n) => n.tag !== "#text",
  tag: (n) => n.tag,
  attr: (n, name) => n.attrs[name] ?? null,
  attrNames: (n) => Object.keys(n.attrs),
  parent: (n) => (n.parent && n.parent.tag !== "#root" ? n.parent : null),
  previous: (n) => n.previous,
  children: (n) => n.children,
  ownText: (n) => (n.tag === "#text" ? n.text : ""),
};
