import type { PageScan } from "./scan/types.ts";
import {
  DISCONTINUED,
  explainedContradiction,
  isDiscontinuedUnshown,
  isOtherKind,
} from "./structured-explained.ts";
import type { PriceCandidate } from "./types.ts";

export type ChoiceOptions = {
  preferredCandidateKey?: string;
  isVisibleTextAllowed: boolean;
  /** The page says its price shows only in the cart ("See price in cart" under the title). */
  isPriceInCart?: boolean;
};

export type PriceChoice = {
  status: "ok" | "ambiguous" | "none";
  chosen: PriceCandidate | null;
  notes: string[];
};

const STRUCTURED = new Set(["json_ld", "microdata", "rdfa", "meta", "app_state"]);
export const moneyKey = (c: PriceCandidate): string => `${c.price.currency}:${c.price.amountMinor}`;

function distinct(list: readonly PriceCandidate[]): string[] {
  return [...new Set(list.map(moneyKey))];
}

/** Highest confidence first; ties keep document/reading order. */
function best(list: readonly PriceCandidate[]): PriceCandidate | null {
  let top: PriceCandidate | null = null;
  for (const c of list) if (!top || c.confidence > top.confidence) top = c;
  return top;
}

function describe(list: readonly PriceCandidate[]): string {
  const byKey = new Map<string, PriceCandidate>();
  for (const c of list) if (!byKey.has(moneyKey(c))) byKey.set(moneyKey(c), c);
  return [...byKey.values()]
    .map((c) => `${c.raw || c.price.amountMinor} ${c.price.currency} (${c.source})`)
    .join(", ");
}

/**
 * Pick the price from the candidates, or say it cannot: a user's earlier choice, then the
 * variant the URL names, then the store's buy box / app state, then structured data (when it
 * agrees with itself, or when exactly one of its prices is also shown), then visible text.
 */
export function choosePrice(
  candidates: readonly PriceCandidate[],
  options: ChoiceOptions,
): PriceChoice {
  const priced = candidates.filter((c) => c.role === "price" && c.price.amountMinor > 0);
  const notes: string[] = [];
  if (options.preferredCandidateKey) {
    const preferred = priced.find((c) => c.key === options.preferredCandidateKey);
    if (preferred)
      return { status: "ok", chosen: preferred, notes: ["the candidate chosen earlier"] };
    notes.push("the candidate chosen earlier is not on the page any more");
  }

  const variant = priced.filter((c) => c.isVariantMatch);
  if (variant.length > 0 && distinct(variant).length === 1) {
    return {
      status: "ok",
      chosen: best(variant),
      notes: [...notes, "the variant named in the URL or in the add-to-cart form"],
    };
  }

  const rules = priced.filter(
    (c) => (c.source === "store_rule" || c.source === "app_state") && c.confidence >= 0.8,
  );
  const topRule = best(rules);
  if (topRule) {
    const rivals = rules.filter(
      (c) => c.confidence === topRule.confidence && moneyKey(c) !== moneyKey(topRule),
    );
    if (rivals.length > 0) {
      return {
        status: "ambiguous",
        chosen: null,
        notes: [
          ...notes,
          `the store's price block shows several prices: ${describe([topRule, ...rivals])}`,
        ],
      };
    }
    const others = priced.filter(
      (c) => STRUCTURED.has(c.source) && moneyKey(c) !== moneyKey(topRule),
    );
    if (others.length > 0)
      notes.push(`structured data disagrees with the store's price block: ${describe(others)}`);
    return { status: "ok", chosen: topRule, notes };
  }

  // An auction's bid ("Current bid: US $12.50") is the bid so far, no price to buy at, and so is
  // structured data whose amount the page shows only as one.
  const visible = visibleChoice(priced.filter((c) => !c.isBid));
  let pool = priced.filter((c) => STRUCTURED.has(c.source) && !isOtherKind(c, priced, visible));
  if (pool.length === 0 && priced.some((c) => STRUCTURED.has(c.source)))
    notes.push("structured data gives an auction's bid or a member's price, none to buy at");
  // "See price in cart" under the title, and structured data gives an amount the page shows
  // nowhere: a price the store does not show, maybe stale, maybe before the cart's discount.
  if (options.isPriceInCart && pool.length > 0 && !pool.some((c) => isShown(c, priced)))
    return hiddenInCart(pool, notes);
  if (isDiscontinuedUnshown(pool, priced, visible.chosen))
    return { status: "ambiguous", chosen: null, notes: [...notes, DISCONTINUED] };
  if (pool.length > 0) {
    // An exact amount equal to a range's low end (og:price giving the cheapest variant beside an
    // AggregateOffer's lowPrice) restates the range, and is no exact price of its own.
    const lows = new Set(pool.filter((c) => c.isRange).map(moneyKey));
    const exact = pool.filter((c) => !c.isRange && !lows.has(moneyKey(c)));
    if (exact.length > 0) pool = exact;
    else {
      // Only a range (an AggregateOffer's lowPrice): a higher price the buy box shows alone is
      // that of the variant it shows, and the price (issue #34 class 6); the range's low end
      // shown stays the low end of a range.
      const shown = visible.chosen;
      const low = pool.reduce((a, c) => Math.min(a, c.price.amountMinor), Number.POSITIVE_INFINITY);
      if (
        shown &&
        pool.every((c) => c.price.currency === shown.price.currency) &&
        shown.price.amountMinor > low
      )
        return {
          status: "ok",
          chosen: shown,
          notes: [...notes, "structured data gives a range; the price its buy box shows was taken"],
        };
      // A range the page shows no end of, and no buy-box price (a configurator): none to pay.
      if (!shown && !pool.some((c) => isShown(c, candidates)))
        return { status: "ambiguous", chosen: null, notes: [...notes, UNSHOWN_RANGE] };
    }
    if (distinct(pool).length > 1) {
      // A structured price equal to a stated list/"was" price is the list price.
      const listKeys = new Set(candidates.filter((c) => c.role === "list_price").map(moneyKey));
      const notList = pool.filter((c) => !listKeys.has(moneyKey(c)));
      if (notList.length > 0) pool = notList;
    }
    const values = distinct(pool);
    const withTax = values.length === 1 ? taxIncludedAbove(pool, candidates) : null;
    if (withTax)
      return {
        status: "ok",
        chosen: withTax,
        notes: [
          ...notes,
          `structured data gives ${describe(pool)}, which the page names the price before tax; the price with tax its buy box shows was taken`,
        ],
      };
    if (values.length === 1) return agreeingStructured(pool, candidates, visible.chosen, notes);
    const top = visible.chosen;
    if (top && values.includes(moneyKey(top))) {
      return {
        status: "ok",
        chosen: best(pool.filter((c) => moneyKey(c) === moneyKey(top))),
        notes: [
          ...notes,
          `structured prices disagree (${describe(pool)}); the one the page shows in its buy box was taken`,
        ],
      };
    }
    const shown = new Set(
      priced
        .filter(
          (c) =>
            (c.source === "visible_text" && c.confidence >= ACCEPT) || c.source === "store_rule",
        )
        .map(moneyKey),
    );
    const corroborated = values.filter((v) => shown.has(v));
    if (corroborated.length === 1) {
      return {
        status: "ok",
        chosen: best(pool.filter((c) => moneyKey(c) === corroborated[0])),
        notes: [
          ...notes,
          `structured prices disagree (${describe(pool)}); the one shown on the page was taken`,
        ],
      };
    }
    return {
      status: "ambiguous",
      chosen: null,
      notes: [...notes, `several credible prices: ${describe(pool)}`],
    };
  }

  if (options.isVisibleTextAllowed) {
    const rule = best(priced.filter((c) => c.source === "store_rule"));
    if (rule)
      return { status: "ok", chosen: rule, notes: [...notes, "read from the store's price block"] };
    if (visible.chosen)
      return {
        status: "ok",
        chosen: visible.chosen,
        notes: [...notes, "read from visible text only"],
      };
    if (visible.rivals.length > 0)
      return {
        status: "ambiguous",
        chosen: null,
        notes: [...notes, `the page shows several prices alike: ${describe(visible.rivals)}`],
      };
  }
  return { status: "none", chosen: null, notes };
}

/**
 * Structured data agreeing with itself: its price, unless the page shows a sale it lags, or its
 * buy box confidently shows another amount (see contradictingBuyBox).
 */
function agreeingStructured(
  pool: readonly PriceCandidate[],
  candidates: readonly PriceCandidate[],
  shown: PriceCandidate | null,
  notes: readonly string[],
): PriceChoice {
  const lagging = saleNotInStructured(pool, candidates);
  if (lagging === "unclear")
    return {
      status: "ambiguous",
      chosen: null,
      notes: [
        ...notes,
        "the structured price is struck through on the page and no sale price stands out",
      ],
    };
  if (lagging) return { status: "ok", chosen: lagging, notes: [...notes, LAGGING_NOTE] };
  const configured = totalAboveFromBase(pool, candidates);
  if (configured === "unclear")
    return {
      status: "ambiguous",
      chosen: null,
      notes: [...notes, `structured data gives ${describe(pool)}, shown only as a "from" price`],
    };
  if (configured)
    return {
      status: "ok",
      chosen: configured,
      notes: [
        ...notes,
        `structured data gives ${describe(pool)}, shown only as a "from" price; the higher price its buy box shows was taken`,
      ],
    };
  const contradiction = contradictingBuyBox(pool, candidates, shown);
  if (contradiction?.isInCents)
    return {
      status: "ok",
      chosen: contradiction.shown,
      notes: [
        ...notes,
        `structured data gives ${describe(pool)}, a hundred times the price its buy box shows (written in cents); the buy box's price was taken`,
      ],
    };
  if (contradiction?.isOtherOption)
    return {
      status: "ok",
      chosen: contradiction.shown,
      notes: [
        ...notes,
        `structured data gives ${describe(pool)}, another variant's price (an option not chosen shows it); the price its buy box shows was taken`,
      ],
    };
  const why = contradiction && explainedContradiction(pool, contradiction.shown, candidates);
  if (contradiction && why)
    return {
      status: "ok",
      chosen: contradiction.shown,
      notes: [
        ...notes,
        `structured data gives ${describe(pool)}, ${why}; the buy box's price was taken`,
      ],
    };
  if (contradiction)
    return {
      status: "ambiguous",
      chosen: null,
      notes: [
        ...notes,
        `structured data gives ${describe(pool)}, an amount the page never shows; its buy box shows ${describe([contradiction.shown])}`,
      ],
    };
  return { status: "ok", chosen: best(pool), notes: [...notes] };
}

/** What the choice of a price needs of the page beyond its candidates. */
export function choiceOptions(
  options: { preferredCandidateKey?: string },
  scan: Pick<PageScan, "priceInCartOrder">,
  isVisibleTextAllowed: boolean,
): ChoiceOptions {
  return {
    preferredCandidateKey: options.preferredCandidateKey,
    isVisibleTextAllowed,
    // "See price in cart" under the title: structured data's unshown amount is none to take.
    isPriceInCart: scan.priceInCartOrder >= 0,
  };
}

/** Structured data's amount on a page showing its price only in the cart: none to take. */
function hiddenInCart(pool: readonly PriceCandidate[], notes: readonly string[]): PriceChoice {
  const why = `structured data gives ${describe(pool)}, an amount the page never shows: it shows its price only in the cart`;
  return { status: "ambiguous", chosen: null, notes: [...notes, why] };
}

/** The visible texts of any kind showing a structured candidate's amount (not other products'). */
function visibleCopies(
  structured: PriceCandidate,
  candidates: readonly PriceCandidate[],
): PriceCandidate[] {
  return candidates.filter(
    (c) =>
      c.source === "visible_text" &&
      c.price.amountMinor === structured.price.amountMinor &&
      !c.isElsewhere,
  );
}

/** A structured amount the page shows as visible text of some kind. */
function isShown(structured: PriceCandidate, priced: readonly PriceCandidate[]): boolean {
  return visibleCopies(structured, priced).length > 0;
}

const UNSHOWN_RANGE = "structured data gives only a range the page never shows, and no price";

/** A visible candidate must score at least this to be taken as the price. */
export const ACCEPT = 0.5;
/** A different amount within this much of the best score makes the page ambiguous. */
const MARGIN = 0.2;
/** The sale price a lagging structured price gives way to must score at least this. */
const LAGGING_FLOOR = 0.3;
const LAGGING_NOTE =
  "structured data shows the price before the sale (struck through on the page); the sale price shown in the buy box was taken";

/** The best-scored visible price, unless another amount scores almost as well. */
function visibleChoice(priced: readonly PriceCandidate[]): {
  chosen: PriceCandidate | null;
  rivals: PriceCandidate[];
} {
  const visible = priced.filter((c) => c.source === "visible_text");
  const top = best(visible);
  if (!top || top.confidence < ACCEPT) return { chosen: null, rivals: [] };
  const rivals = visible.filter(
    (c) =>
      moneyKey(c) !== moneyKey(top) && c.confidence >= Math.max(ACCEPT, top.confidence - MARGIN),
  );
  if (rivals.length > 0) return { chosen: null, rivals: [top, ...rivals] };
  return { chosen: top, rivals: [] };
}

/** A visible price this sure stands in the buy box (first after the title, named, near buying). */
const BUY_BOX_SURE = 0.9;

/**
 * Structured data whose one amount the page never shows as a price (no visible amount of any
 * kind equals it, but an option not chosen) while the buy box confidently shows another: a stale
 * price, another variant's, or a template's. Returns the buy box's price, and whether an option
 * not chosen shows the structured amount: then it is another variant's, and the buy box shows the
 * chosen one's; else which one a person pays cannot be told. Exactly a hundred times the buy
 * box's price, it is that price written in cents ("price": 7900 beside "$79.00").
 */
function contradictingBuyBox(
  pool: readonly PriceCandidate[],
  candidates: readonly PriceCandidate[],
  shown: PriceCandidate | null,
): { shown: PriceCandidate; isOtherOption: boolean; isInCents: boolean } | null {
  const structured = pool[0];
  if (!structured || !shown || shown.confidence < BUY_BOX_SURE) return null;
  if (shown.price.amountMinor === structured.price.amountMinor) return null;
  const copies = visibleCopies(structured, candidates);
  if (copies.some((c) => !c.isOtherOption)) return null;
  const isInCents =
    shown.price.currency === structured.price.currency &&
    structured.price.amountMinor === shown.price.amountMinor * 100;
  return { shown, isOtherOption: copies.length > 0, isInCents };
}

/**
 * Structured data whose amount the page shows only as a "from" price ("Starting at $1,899", a
 * configurator's base) while one higher amount stands out in the buy box ("Your Harlow $2,099",
 * the item as configured): that one. Several such amounts: unclear.
 */
function totalAboveFromBase(
  pool: readonly PriceCandidate[],
  candidates: readonly PriceCandidate[],
): PriceCandidate | "unclear" | null {
  const structured = pool[0];
  if (!structured) return null;
  const copies = visibleCopies(structured, candidates);
  if (!copies.some((c) => c.isFrom) || copies.some((c) => !c.isFrom && !c.isOtherOption))
    return null;
  const higher = candidates.filter(
    (c) =>
      c.source === "visible_text" &&
      c.role === "price" &&
      c.confidence >= BUY_BOX_SURE &&
      !c.isFrom &&
      !c.isRange &&
      !c.isOtherOption &&
      c.price.currency === structured.price.currency &&
      c.price.amountMinor > structured.price.amountMinor,
  );
  if (higher.length === 0) return null;
  return distinct(higher).length === 1 ? best(higher) : "unclear";
}

/**
 * Structured data that agrees with itself but lags a sale: its amount appears on the page only
 * struck through or as a "was" price, and the buy box confidently shows a lower price. The price
 * by card beside a lower one paid at once is no price before a sale: where the store's structured
 * data states it, that is the price the store declares, and it stays.
 */
function saleNotInStructured(
  pool: readonly PriceCandidate[],
  candidates: readonly PriceCandidate[],
): PriceCandidate | "unclear" | null {
  const structured = pool[0];
  if (!structured) return null;
  const key = moneyKey(structured);
  const isStruck = candidates.some(
    (c) =>
      c.source === "visible_text" &&
      c.role === "list_price" &&
      !c.isCardPrice &&
      moneyKey(c) === key,
  );
  const isShownAsPrice = candidates.some(
    (c) =>
      c.source === "visible_text" &&
      c.role === "price" &&
      moneyKey(c) === key &&
      c.confidence >= 0.3,
  );
  if (!isStruck || isShownAsPrice) return null;
  const lower = candidates.filter(
    (c) =>
      c.source === "visible_text" &&
      c.role === "price" &&
      c.confidence >= LAGGING_FLOOR &&
      c.price.currency === structured.price.currency &&
      c.price.amountMinor < structured.price.amountMinor,
  );
  const top = best(lower);
  if (!top) return null;
  const rivals = lower.filter(
    (c) => moneyKey(c) !== moneyKey(top) && c.confidence >= top.confidence - MARGIN,
  );
  return rivals.length > 0 ? "unclear" : top;
}

/** How much a price with tax may be above the same price before it (Hungary's 27 % VAT). */
const TAX_MAX = 1.3;

/**
 * Structured data whose amount the page shows only named a price before tax ("(税抜 ¥11,636)")
 * while one higher amount, at most 30 % more, stands as the price in the buy box ("¥12,800税込"):
 * the price with tax is what a person pays. Several such amounts, or none: nothing.
 */
function taxIncludedAbove(
  pool: readonly PriceCandidate[],
  candidates: readonly PriceCandidate[],
): PriceCandidate | null {
  const structured = pool[0];
  if (!structured) return null;
  const amount = structured.price.amountMinor;
  const copies = visibleCopies(structured, candidates);
  if (copies.length === 0 || !copies.every((c) => c.isBeforeTax)) return null;
  const above = candidates.filter(
    (c) =>
      c.source === "visible_text" &&
      c.role === "price" &&
      c.confidence >= ACCEPT &&
      !c.isBeforeTax &&
      !c.isOtherOption &&
      !c.isRange &&
      !c.isFrom &&
      c.price.currency === structured.price.currency &&
      c.price.amountMinor > amount &&
      c.price.amountMinor <= amount * TAX_MAX,
  );
  return distinct(above).length === 1 ? best(above) : null;
}
