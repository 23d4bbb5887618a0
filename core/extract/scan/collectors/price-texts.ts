import { CURRENCY_HINT, PRICE_WORD } from "../../vocabulary/patterns.ts";
import type { Attrs } from "../attrs.ts";
import { collapseLines, collapseSpaces } from "../chars.ts";
import { Hooks } from "../collector.ts";
import { type Element, NO_STRINGS, tokensOf } from "../element.ts";
import { BREAKS_LINE, CLOSES_P } from "../html.ts";
import type { TextLog } from "../text-log.ts";
import { Says } from "../token-words.ts";
import type { PriceText } from "../types.ts";

const MAX_PRICE_TEXTS = 800;
const MAX_AFTER = 40;
const MAX_CHILD_PRICES = 8;
/** The longest text of one choice in a row of them ("30-lb bag $64.99 $2.17/lb"). */
const MAX_CHOICE = 120;
/** The longest leading text of an unnamed element read as a price on its own. */
const MAX_UNNAMED_HEAD = 40;

const collapse = collapseLines;

/** The element's own tokens, then those of the three elements it sits in (to <html>). */
function nearTokens(el: Element): string {
  let out = tokensOf(el).join(" ");
  for (let e = el.parent, n = 0; e?.parent && n < 3 && out.length < 300; e = e.parent, n++) {
    out += ` ${tokensOf(e).join(" ")}`;
  }
  return out.slice(0, 300).toLowerCase();
}

const hasPriceWord = (el: Element): boolean => (el.says & Says.price) !== 0;

function nearPriceWord(el: Element): boolean {
  if (hasPriceWord(el)) return true;
  for (let e = el.parent, n = 0; e?.parent && n < 3; e = e.parent, n++)
    if (hasPriceWord(e)) return true;
  return false;
}

/**
 * Price texts: the innermost element whose short visible text holds a number next to a
 * currency (or a bare number in a price-named element), with what the scorer measures of it
 * (visible-features.ts): where it sits, the words just before and after it, and the prices
 * inside it. Uses the element slot `childPrices`.
 */
export class PriceTexts extends Hooks {
  readonly priceTexts: PriceText[] = [];
  /** Price texts waiting for the text that follows them. */
  private pendingAfter: PriceText[] = [];
  /** Those of them whose line goes on: no block or line break since they ended. */
  private onLine: PriceText[] = [];
  private readonly log: TextLog;
  /**
   * Elements with an amount in their own text before their first block child ("Now $52.00"
   * then the reviews widget, inside one `<h5>`): that leading text, read if the element ends
   * too long to be one price. Price-named elements, or a short text with a currency.
   */
  private readonly heads = new Map<Element, string>();
  /** Labels holding a radio button: its group and whether it is the checked one. */
  private readonly radios = new Map<Element, { group: string; checked: boolean }>();
  /** Radio buttons by id, for a label of their own after them (`<label for>`). */
  private readonly radioIds = new Map<string, { group: string; checked: boolean }>();
  /** Radio groups with a checked button. */
  private readonly checkedGroups = new Set<string>();
  /** Price texts in the label of a radio button not checked, with its group. */
  private readonly unchecked: { text: PriceText; group: string }[] = [];
  /** Table rows with price texts in their cells: the cells holding one, and the texts. */
  private readonly rows = new Map<Element, { cells: Set<Element>; texts: PriceText[] }>();
  /** Elements a table's ARIA roles name a row or a cell (`role="row"`, `role="cell"` …). */
  private readonly roleRows = new Set<Element>();
  private readonly roleCells = new Set<Element>();
  /** Price texts that are a `<button>`'s whole text, with the button (a row of amounts to choose). */
  private readonly amountButtons: { text: PriceText; el: Element }[] = [];
  /** Price texts that are a link's whole text, an amount alone ("<li><a>$25</a></li>"). */
  private readonly amountLinks: { text: PriceText; el: Element }[] = [];
  /**
   * Elements marked chosen (`aria-pressed="true"`, a class naming it selected …: the element
   * slot `isChosen`), counted.
   */
  private chosenCount = 0;
  /**
   * Price texts with the elements they sit in (themselves and three above, the element slot
   * `isInChain`; `isLongChoice` once one's text ends too long to be one choice).
   */
  private readonly inChoices: { text: PriceText; chain: Element[] }[] = [];
  /**
   * The last text read for a price, its currency test and its collapsed text: the elements
   * around one price end together with its text (the text log's `textOf` gives them the same
   * string), and each is a price text of its own.
   */
  private lastRead = { buf: "", hasCurrency: false, collapsed: null as string | null };

  constructor(log: TextLog) {
    super();
    this.log = log;
  }

  override open(el: Element, parent: Element, attrs: Attrs, _isLeaf: boolean): void {
    if (this.chosenCount < 100 && isChosen(el, attrs)) {
      el.isChosen = true;
      this.chosenCount++;
    }
    const role = attrs.role;
    if (role === "row" && this.roleRows.size < 500) this.roleRows.add(el);
    else if (role !== undefined && CELL_ROLES.has(role) && this.roleCells.size < 2000)
      this.roleCells.add(el);
    if (el.tag === "input" && attrs.type?.toLowerCase() === "radio") this.noteRadio(el, attrs);
    else if (el.tag === "label" && attrs.for !== undefined && this.radioIds.size > 0) {
      const radio = this.radioIds.get(attrs.for);
      if (radio && this.radios.size < 200) this.radios.set(el, radio);
    }
    // A block (or <br>) after a price text parts its words from the next block's, as on screen:
    // "/ 100 g" then "8,99 €" is no "100 g8,99 €".
    // A new table row ends the words after an amount: the next row's header labels its own
    // amount ("税込価格 5,500円" then the row "税抜価格 5,000円").
    if (this.pendingAfter.length > 0 && (el.tag === "tr" || this.roleRows.has(el))) {
      this.pendingAfter = [];
      this.onLine = [];
    }
    if (this.pendingAfter.length > 0 && BREAKS_LINE.has(el.tag)) {
      for (const p of this.pendingAfter)
        if (p.after !== "" && !p.after.endsWith(" ")) p.after += " ";
      this.onLine = [];
    }
    if (
      parent.textAt >= 0 &&
      CLOSES_P.has(el.tag) &&
      this.heads.size < 50 &&
      !this.heads.has(parent) &&
      this.log.hasDigit(parent)
    ) {
      const head = this.log.textOf(parent);
      // A price-named element's leading number is read; an unnamed one's only with a currency
      // beside it and short enough to be one price ("Now $52.00" before the reviews widget).
      if (
        (parent.says & Says.price) !== 0 ||
        (CURRENCY_HINT.test(head) && collapse(head).length <= MAX_UNNAMED_HEAD)
      )
        this.heads.set(parent, head);
    }
  }

  override text(text: string, _el: Element, _isContinued: boolean): void {
    if (this.pendingAfter.length === 0) return;
    const keep: PriceText[] = [];
    const words = collapseSpaces(text);
    for (const p of this.pendingAfter) {
      if (words === " " && p.after.endsWith(" ")) continue;
      p.after += words;
      if (p.after.length < MAX_AFTER) keep.push(p);
      else p.after = p.after.slice(0, MAX_AFTER);
    }
    this.pendingAfter = keep;
    for (const p of this.onLine) p.lineAfter = p.after;
    if (keep.length < this.onLine.length) this.onLine = this.onLine.filter((p) => keep.includes(p));
  }

  override close(el: Element, parent: Element): void {
    if (el.isRaw) return;
    if (el.isInChain && this.log.lengthOf(el) > MAX_CHOICE) el.isLongChoice = true;
    const count = this.priceTexts.length;
    let isPrice = this.log.hasDigit(el) && this.notePriceText(el, this.log.textOf(el));
    if (this.heads.size > 0) {
      const head = this.heads.get(el);
      if (head !== undefined) {
        this.heads.delete(el);
        if (!isPrice && !this.log.isShort(el)) isPrice = this.notePriceText(el, head);
      }
    }
    // The end of a block (or of a line break's element) ends the line of the texts before it.
    if (this.onLine.length > 0 && BREAKS_LINE.has(el.tag)) this.onLine = [];
    if ((el.tag === "tr" || this.roleRows.has(el)) && this.rows.size > 0) this.settleRow(el, count);
    if (parent.childPrices.length < MAX_CHILD_PRICES && (isPrice || el.childPrices.length > 0)) {
      if (parent.childPrices === NO_STRINGS) parent.childPrices = [];
      if (isPrice) parent.childPrices.push(this.log.textOf(el));
      else
        for (const c of el.childPrices)
          if (parent.childPrices.length < MAX_CHILD_PRICES) parent.childPrices.push(c);
    }
  }

  /** The innermost element with a short text holding a number and a currency → a price text. */
  private notePriceText(el: Element, buf: string): boolean {
    // What the browser that rendered the page did not show is no price of it (its text is not in
    // the log either: driver.ts).
    if (el.isUnrendered) return false;
    const last = this.lastRead;
    if (last.buf !== buf || buf === "")
      this.lastRead = { buf, hasCurrency: CURRENCY_HINT.test(buf), collapsed: null };
    const read = this.lastRead;
    const hasCurrency = read.hasCurrency;
    // Without a currency, only a price-named element or near ancestor makes a price text: the
    // elements' own word bits say so before any token list is built.
    if (!hasCurrency && !nearPriceWord(el)) return false;
    const tokens = nearTokens(el);
    if (!hasCurrency && !PRICE_WORD.test(tokens)) return false;
    if (this.priceTexts.length >= MAX_PRICE_TEXTS) return false;
    const collapsed = read.collapsed ?? collapse(buf);
    read.collapsed = collapsed;
    const text: PriceText = {
      order: el.order,
      tag: el.tag,
      text: collapsed,
      tokens,
      before: el.before.slice(-60),
      lineBefore: el.beforeOnLine > 0 ? el.before.slice(-Math.min(60, el.beforeOnLine)) : "",
      after: "",
      lineAfter: "",
      isStruckMarkup: el.isStruckMarkup,
      isStruckClass: el.isStruck && !el.isStruckMarkup,
      isExcluded: el.isExcluded,
      isHidden: el.isHidden,
      isPerUnit: el.isPerUnit,
      isInMain: el.isInMain,
      isInProductScope: el.isInProductScope,
      isEmphasised: el.isEmphasised,
      isInForm: el.isInForm,
      linkHref: el.linkHref,
      isUncheckedRadio: false,
      isInOption: el.isInOption,
      subscriptionAt: el.subscriptionAt,
      prop: el.prop ?? el.parent?.prop ?? null,
      depth: el.depth,
      childPrices: el.childPrices,
    };
    this.priceTexts.push(text);
    if (this.radios.size > 0) {
      const radio = this.radioOf(el);
      if (radio && !radio.checked) {
        text.isUncheckedRadio = true;
        if (this.unchecked.length < 100) this.unchecked.push({ text, group: radio.group });
      }
    }
    if (this.pendingAfter.length < 20) {
      this.pendingAfter.push(text);
      this.onLine.push(text);
    }
    if (el.tag === "button" && this.amountButtons.length < 100)
      this.amountButtons.push({ text, el });
    else if (el.tag === "a" && this.amountLinks.length < 100 && AMOUNT_ALONE.test(collapsed.trim()))
      this.amountLinks.push({ text, el });
    this.noteCell(el, text);
    if (!el.isInOption) {
      const chain: Element[] = [];
      for (let e: Element | null = el, n = 0; e?.parent && n < 4; e = e.parent, n++) {
        chain.push(e);
        e.isInChain = true;
      }
      this.inChoices.push({ text, chain });
    }
    // A bare number (no currency) does not hide its parent: "€<span>19</span>" is read whole.
    return hasCurrency;
  }

  /**
   * A radio button inside a label ("Desk + Chair $648" beside "Desk only $499", "Subscribe &
   * Save" beside "One-time purchase"): the label's price is an option's, unless it is checked.
   */
  private noteRadio(el: Element, attrs: Attrs): void {
    const group = attrs.name ?? "";
    const checked = attrs.checked !== undefined;
    if (checked) this.checkedGroups.add(group);
    if (attrs.id && this.radioIds.size < 200) this.radioIds.set(attrs.id, { group, checked });
    for (let e = el.parent, n = 0; e && n < 4; e = e.parent, n++)
      if (e.tag === "label") {
        if (!this.radios.has(e) && this.radios.size < 200) this.radios.set(e, { group, checked });
        return;
      }
  }

  private radioOf(el: Element): { group: string; checked: boolean } | undefined {
    for (let e: Element | null = el, n = 0; e && n < 6; e = e.parent, n++) {
      const radio = this.radios.get(e);
      if (radio) return radio;
    }
    return undefined;
  }

  /** A price text inside a table's cell (its own element or up to three above it is the cell). */
  private isRow(e: Element): boolean {
    return e.tag === "tr" || this.roleRows.has(e);
  }

  private noteCell(el: Element, text: PriceText): void {
    for (let e: Element | null = el, n = 0; e && n < 4; e = e.parent, n++) {
      if (this.isRow(e)) return;
      const isCell = e.tag === "td" || e.tag === "th" || this.roleCells.has(e);
      if (isCell && e.parent && this.isRow(e.parent)) {
        const row = this.rows.get(e.parent) ?? { cells: new Set<Element>(), texts: [] };
        if (row.texts.length < 50) row.texts.push(text);
        row.cells.add(e);
        if (this.rows.size < 200) this.rows.set(e.parent, row);
        return;
      }
    }
  }

  /**
   * A table row with prices in two cells or more ("Price | $249.00 | $349.00 | $499.00", models
   * side by side): a comparison of several items, each cell another's as much as this one's; the
   * buy box says which is this one's. Its prices, and the row's own text, are no candidates of
   * the page's product (`isExcluded`, as a row of other products).
   */
  private settleRow(row: Element, firstOfRow: number): void {
    const found = this.rows.get(row);
    if (!found) return;
    this.rows.delete(row);
    if (found.cells.size < 2) return;
    for (const text of found.texts) text.isExcluded = true;
    for (let i = firstOfRow; i < this.priceTexts.length; i++) {
      const own = this.priceTexts[i];
      if (own && own.order === row.order) own.isExcluded = true;
    }
  }

  /**
   * Once the page is read: the price texts of radio options not checked, in a group whose
   * checked button the page shows, are options (as an <option> is). With no checked button
   * (the page sets the choice from a script), nothing is marked.
   */
  settleRadioOptions(): void {
    for (const { text, group } of this.unchecked)
      if (this.checkedGroups.has(group)) text.isInOption = true;
    this.settleChosenSiblings();
    this.settleAmountsToChoose();
  }

  /**
   * Amounts to choose from, none chosen: a group of radio buttons none checked, or a row of
   * buttons none marked chosen, each labelled by an amount alone and each a different one (a gift
   * card's "$25" "$50" "$100" "$200"). The amount is the choice itself and no one is made: each
   * is an option not chosen, and the page has no price until one is.
   */
  private settleAmountsToChoose(): void {
    const groups = new Map<unknown, PriceText[]>();
    const add = (key: unknown, text: PriceText) => {
      const list = groups.get(key);
      if (list) list.push(text);
      else groups.set(key, [text]);
    };
    for (const { text, group } of this.unchecked)
      if (!this.checkedGroups.has(group)) add(`radio:${group}`, text);
    const rowsWithChoice = new Set<unknown>();
    for (const { text, el } of this.amountButtons) {
      add(el.parent, text);
      if (el.isChosen) rowsWithChoice.add(el.parent);
    }
    // Links, each alone in its list item or side by side: their row is the list's.
    for (const { text, el } of this.amountLinks) {
      const item = el.parent?.tag === "li" ? el.parent : null;
      const row = item ? item.parent : el.parent;
      add(row, text);
      if (el.isChosen || item?.isChosen) rowsWithChoice.add(row);
    }
    for (const [key, texts] of groups) {
      if (texts.length < 3 || rowsWithChoice.has(key)) continue;
      const amounts = texts.map((t) => t.text.trim());
      if (amounts.every((a) => AMOUNT_ALONE.test(a)) && new Set(amounts).size === amounts.length)
        for (const t of texts) t.isInOption = true;
      else if (typeof key !== "string") this.settleLabelledButtons(texts);
    }
  }

  /**
   * A row of buttons none marked chosen, each a short choice naming its option and its price
   * ("4-lb bag $17.99", "12-lb bag $38.99", "24-lb bag $64.99"), each price a different one: the
   * page says by a style nobody can read which is chosen, so each is an option not chosen, with
   * the amounts inside it (the buy box's own price, after the row, says which).
   */
  private settleLabelledButtons(texts: readonly PriceText[]): void {
    const amounts = texts.map((t) => t.text.match(MONEY_PART)?.[0]);
    if (texts.some((t) => t.text.length > MAX_LABELLED_CHOICE)) return;
    if (amounts.some((a) => a === undefined) || new Set(amounts).size !== amounts.length) return;
    const buttons = new Set(
      this.amountButtons.filter(({ text }) => texts.includes(text)).map(({ el }) => el),
    );
    for (const t of texts) t.isInOption = true;
    for (const { text, chain } of this.inChoices)
      if (chain.some((e) => buttons.has(e))) text.isInOption = true;
  }

  /**
   * A row of choices each showing a price, one marked chosen and the others not marked at all
   * ("5-lb bag $18.99", "30-lb bag $64.99" pressed): the others' prices are options not chosen.
   * A chosen element counts only with a price inside it (a pressed "♡" beside a bundle chooses
   * nothing), and its siblings only of its own tag; neither may be longer than one choice (an
   * open menu "active" beside the page's content is no choice).
   */
  private settleChosenSiblings(): void {
    if (this.chosenCount === 0) return;
    const rows = new Map<Element, Set<string>>();
    const isChoice = (e: Element) => !e.isLongChoice;
    for (const { chain } of this.inChoices)
      for (const e of chain)
        if (e.isChosen && e.parent && isChoice(e)) {
          const tags = rows.get(e.parent) ?? new Set<string>();
          tags.add(e.tag);
          rows.set(e.parent, tags);
        }
    if (rows.size === 0) return;
    for (const { text, chain } of this.inChoices) {
      if (chain.some((e) => e.isChosen)) continue;
      if (chain.some((e) => e.parent && isChoice(e) && rows.get(e.parent)?.has(e.tag)))
        text.isInOption = true;
    }
  }
}

/** The longest text of a choice in a row of labelled buttons ("12-lb bag $38.99"). */
const MAX_LABELLED_CHOICE = 60;
/** An amount with the signs around it ("$38.99", "38,99 €"). */
const MONEY_PART = /[^\p{L}\d\s]{0,3}\d[\d.,']*[^\p{L}\d\s]{0,3}/u;

/** ARIA roles of a table's cells. */
const CELL_ROLES = new Set(["cell", "gridcell", "columnheader", "rowheader"]);

/** A text that is an amount alone, its currency's sign or letters beside it ("$25", "50,00 €"). */
const AMOUNT_ALONE =
  /^(?:\p{L}{1,3}\.? ?)?[^\p{L}\d\s]{0,3} ?\d[\d.,' ]*(?:[.,][-–])? ?[^\p{L}\d\s]{0,3}(?: ?\p{L}{1,3}\.?)?$/u;

/**
 * A choice marked chosen: pressed, checked, selected or current in its ARIA state, or by a class
 * naming it so (CHOSEN_CLASSES, in the element's word bits: token-words.ts).
 */
function isChosen(el: Element, attrs: Attrs): boolean {
  if (
    attrs["aria-pressed"] === "true" ||
    attrs["aria-checked"] === "true" ||
    attrs["aria-selected"] === "true" ||
    (attrs["aria-current"] !== undefined && attrs["aria-current"] !== "false")
  )
    return true;
  return (el.says & Says.chosen) !== 0;
}
