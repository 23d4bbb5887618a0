import { prefixTreeAlternation } from "./prefix-tree.ts";
import {
  ADD_TO_CART_ACTIONS,
  APP_STATE_SCRIPTS,
  AVAILABILITY_VALUES,
  CHALLENGE_MARKUP,
  CHOSEN_CLASSES,
  CLASS_NAMES,
  CURRENCY_HINTS,
  CURRENCY_NAMES,
  CURRENCY_WORDS,
  type Entry,
  HIDDEN_CLASSES,
  MEASURE_UNITS,
  PLATFORM_ASSETS,
  PLATFORM_BODY_CLASSES,
  PLATFORM_SCRIPTS,
  type Platform,
  VISIBLE_WORDS,
  type Words,
} from "./words.ts";

/**
 * The patterns extraction tests, made from the vocabulary (words.ts) when the module loads, and
 * the pre-filters made from the same lists: nothing here is a word of its own.
 */

const asWritten = (word: string): string => word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** One entry as a pattern source: a word matched as written, or its pattern. */
export const sourceOf = (entry: Entry): string =>
  typeof entry === "string" ? asWritten(entry) : entry.pattern.source;

/** Every entry of the lists given, all languages. */
export const entriesOf = (...lists: readonly Words[]): Entry[] =>
  lists.flatMap((words) => Object.values(words).flat());

/** `(?:a|b|c)` of the entries. */
export const alternation = (entries: readonly Entry[]): string =>
  `(?:${entries.map(sourceOf).join("|")})`;

/**
 * The entries anywhere in a text. Written as a prefix tree (prefix-tree.ts) unless global: the
 * patterns made here are read with `test`, but for the global ones, read with `replace`.
 */
const anywhere = (entries: readonly Entry[], flags = "i") =>
  new RegExp(
    flags.includes("g")
      ? alternation(entries)
      : prefixTreeAlternation(entries, asWritten, sourceOf),
    flags,
  );

const classes = CLASS_NAMES;
const words = VISIBLE_WORDS;

// Class names, in an element's id, class and token attributes.
export const PRICE_WORD = anywhere(entriesOf(classes.price));
export const STRUCK = anywhere(entriesOf(classes.oldPrice));
export const PER_UNIT = anywhere(entriesOf(classes.unitPrice));
export const EXCLUDED = anywhere(entriesOf(classes.elsewhere));
export const PRODUCT_AREA = anywhere(entriesOf(classes.productArea));
export const TITLE_WORD = anywhere(entriesOf(classes.title));
export const STOCK_WORD = anywhere(entriesOf(classes.stock));
export const ADD_TO_CART_TOKEN = anywhere(entriesOf(classes.buyToken));
export const CART_LIKE_TOKEN = anywhere(entriesOf(classes.cartLike));
export const QUANTITY = anywhere(entriesOf(classes.quantity));
export const CENTS = anywhere(entriesOf(classes.cents));
/** Tested on tokens already in lower case. */
export const CURRENT_CLASS = anywhere(entriesOf(classes.currentPrice), "");

/**
 * The class-name lists an element's token text is tested against (scan/token-words.ts), and
 * the pre-filter made of all of them: a token text that matches none of their words needs no
 * other test.
 */
export const TOKEN_LISTS = {
  price: PRICE_WORD,
  struck: STRUCK,
  excluded: EXCLUDED,
  perUnit: PER_UNIT,
  product: PRODUCT_AREA,
  buyToken: ADD_TO_CART_TOKEN,
  cartLike: CART_LIKE_TOKEN,
  stock: STOCK_WORD,
  title: TITLE_WORD,
  cents: CENTS,
} as const;
export const INTERESTING = anywhere(
  entriesOf(
    classes.price,
    classes.oldPrice,
    classes.elsewhere,
    classes.unitPrice,
    classes.productArea,
    classes.buyToken,
    classes.cartLike,
    classes.stock,
    classes.title,
    classes.cents,
  ),
);

/** A chosen choice's class: one of CHOSEN_CLASSES as a class name or its last part. */
export const CHOSEN_CLASS = new RegExp(`(?:^|[\\s_-])${alternation(CHOSEN_CLASSES)}(?:\\s|$)`, "i");

/**
 * A count of results as a whole text: "1,032 items", "48 résultats", "Showing 1-24 of 48 results"
 * (a word, the shown part and "of" before the count). "3 items left" is none.
 */
export const RESULT_COUNT = new RegExp(
  `^(?:\\p{L}+ \\d[\\d.,]*(?: ?[-–] ?\\d[\\d.,]*)? \\p{L}+ )?\\d[\\d.,]* (?:${alternation(entriesOf(words.resultCount))})$`,
  "iu",
);

/** A hiding class: one of HIDDEN_CLASSES as a whole class name. */
export const HIDDEN_CLASS = new RegExp(`(?:^|\\s)${alternation(HIDDEN_CLASSES)}(?:\\s|$)`);
/**
 * The pre-filter of HIDDEN_CLASS, for `includes`: "hid" and "none", which nearly every hiding
 * class holds, and each class that holds neither.
 */
export const HIDDEN_CLASS_HINTS: readonly string[] = [
  ...new Set(
    HIDDEN_CLASSES.map((c) => (c.includes("hid") ? "hid" : c.includes("none") ? "none" : c)),
  ),
];

// Visible words.
export const BUY_WORDS = anywhere(entriesOf(words.buy));
export const ADD_TO_CART = anywhere(entriesOf(words.addToCart));
export const CART_NOUN = anywhere(entriesOf(words.cartNoun));
export const SOLD_OUT_WORDS = anywhere(entriesOf(words.soldOut));
/** A heading naming a row of other products (recommendations, recently viewed). */
export const ELSEWHERE_HEADING = anywhere(entriesOf(words.elsewhereHeading));
/** A first <h1> naming a search's results. */
export const SEARCH_RESULTS = anywhere(entriesOf(words.searchResults));
/** A seat's price: "/ ticket", "pro Karte". */
export const PER_TICKET = anywhere(entriesOf(words.perTicket));
/** An amount as a filter writes it: a sign or letters, then digits, then a sign or letters. */
const BOUND_AMOUNT =
  "(?:\\p{L}{1,3}\\s?)?[^\\p{L}\\d\\s]{0,3}\\s?\\d[\\d.,']*\\s?[^\\p{L}\\d\\s]{0,3}(?:\\s?\\p{L}{1,3}\\.?)?";
/** The whole text of a price filter's choice: "Under $25", "$25 – $50", "$100 & Above". */
export const PRICE_BOUND = new RegExp(
  `^(?:${alternation(entriesOf(words.priceBoundBefore))}\\s+${BOUND_AMOUNT}|${BOUND_AMOUNT}\\s*(?:[-–—]|to|bis|à|a)\\s*${BOUND_AMOUNT}|${BOUND_AMOUNT}\\s*(?:\\+|${alternation(entriesOf(words.priceBoundAfter))}))$`,
  "iu",
);
/** Every sold-out phrase of a text, to see what else the text says. */
export const SOLD_OUT_ALL = anywhere(entriesOf(words.soldOut), "gi");
/** A size, colour or variant named beside sold-out words. */
export const VARIANT_WORDS = anywhere(entriesOf(words.variant));
export const CAPTCHA = anywhere(entriesOf(words.challenge));
/** Tested on text in lower case. */
export const IN_STOCK = new RegExp(
  `${alternation(entriesOf(words.inStock))}|(?<![\\p{L}])${alternation(entriesOf(words.inStockWord))}`,
  "u",
);
/** Tested on text in lower case. */
export const PREORDER = anywhere(entriesOf(words.preorder), "");
/** An old price's words at the end of the text before an amount ("was", "statt", "Reg."). */
export const WAS_WORDS = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.oldPrice))}\\.?\\s*[:：]?\\s*$`,
  "iu",
);
/** "De R$ 199,90 por R$ 149,90": the "from" word ending the text before the old amount … */
export const REDUCTION_FROM = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.reductionFrom))}\\s*$`,
  "iu",
);
/** … and the "for" word alone between the two amounts (currency signs aside). */
export const REDUCTION_TO = new RegExp(`^${alternation(entriesOf(words.reductionTo))}$`, "iu");

/** An old price's label at the end of the text before an amount … */
export const OLD_LABEL_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.oldPriceLabel))}\\s*[:：]?\\s*$`,
  "iu",
);
/** … or at the start of the text right after one (then a lower amount). */
export const OLD_LABEL_AFTER = new RegExp(
  `^\\s*${alternation(entriesOf(words.oldPriceLabel, words.oldPriceLabelAfter))}(?![\\p{L}])\\s*[:：]?`,
  "iu",
);
/**
 * The EU's "lowest price in the last 30 days" ending at most 25 characters (no digit) before an
 * amount: "Lowest price in the last 30 days: €59.99", "Najniższa cena z 30 dni przed obniżką: 59,99 zł".
 */
export const LOWEST_30D_BEFORE = new RegExp(
  `${alternation(entriesOf(words.lowest30d))}[^\\d]{0,25}$`,
  "iu",
);
/** Words at the start of the text right after an amount: the price is shown only in the cart. */
export const PRICE_IN_CART_AFTER = new RegExp(
  `^\\s*${alternation(entriesOf(words.priceInCart))}(?![\\p{L}])`,
  "iu",
);
/** The same words as a notice of their own ("See price in cart"), opening a short text. */
export const PRICE_IN_CART_NOTICE = new RegExp(
  `^\\W*${alternation(entriesOf(words.priceInCart))}(?![\\p{L}])`,
  "iu",
);
/** A current price's words at the end of the text before an amount ("Now", "jetzt", "ahora"). */
export const NOW_WORDS = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.nowPrice))}\\.?\\s*[:：]?\\s*$`,
  "iu",
);
/** Words right after an amount naming it the price paid at once ("à vista no PIX", "al contado"). */
export const CASH_PRICE_AFTER = new RegExp(
  `^[\\s(:–-]*(?:[\\p{L}]+ ){0,2}${alternation(entriesOf(words.cashPrice))}(?![\\p{L}])`,
  "iu",
);
/** Words labelling an amount as the price anywhere in a longer text ("Deal of the day $39.99"). */
export const PRICE_LABEL = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.nowPrice, words.priceLabel, words.cashPrice))}(?![\\p{L}])`,
  "iu",
);
/**
 * A price before tax: its words at the start of the text right after the amount ("ex. VAT");
 * not "zzgl." before another amount ("zzgl. 4,95 € Versand": plus the shipping).
 */
export const BEFORE_TAX_AFTER = new RegExp(
  `^\\s*\\(?\\s*(?!zzgl\\.?\\s*[\\d\\p{Sc}])${alternation(entriesOf(words.beforeTax))}`,
  "iu",
);
/** A member's price: its words at the start of the text right after the amount. */
/** A deposit's words at the start of the text right after an amount ("<b>$500</b> deposit", "Pfand"). */
export const DEPOSIT_AFTER = new RegExp(
  `^\\s*${alternation(entriesOf(words.deposit))}(?![\\p{L}])`,
  "iu",
);
export const MEMBERSHIP_AFTER = new RegExp(
  `^\\s*${alternation(entriesOf(words.membershipAfter))}(?![\\p{L}])`,
  "iu",
);
/**
 * The concepts of amounts that are not the item's price: shipping, an order's minimum,
 * instalments, savings, before tax, deposits, points, used offers, other sellers.
 */
/** Words that state a saving ("Save", "You save", "spar"): the amount beside them is one. */
export const SAVING = anywhere(entriesOf(words.save));
export const OTHER_AMOUNT_CONCEPTS = [
  "quantityTier",
  "shipping",
  "orderMinimum",
  "instalment",
  "save",
  "beforeTax",
  "deposit",
  "points",
  "used",
  "otherSellers",
  "addOn",
  "term",
  "subscription",
  "membership",
  "auction",
] as const;
export const OTHER_AMOUNT = anywhere(
  entriesOf(...OTHER_AMOUNT_CONCEPTS.map((concept) => words[concept])),
);
/**
 * Of those, the kinds whose words before an amount on its own line say what it is ("Same-day
 * delivery <b>$9.99</b>", "Subscribe & Save 15% <span>$12.74</span>"): a delivery cost, a payment
 * of several, a term's, a subscription's, a member's, an add-on's. Not "used" nor "other sellers": "New and
 * used from €99" is sometimes the one price.
 */
export const OTHER_AMOUNT_ON_LINE = anywhere(
  entriesOf(
    words.shipping,
    words.instalment,
    words.term,
    words.subscription,
    words.membership,
    words.addOn,
    words.auction,
    words.quantityTier,
  ),
);
/** A quantity tier's words right before an amount, in a cell or line of their own ("ab 5 Packungen" then "6,49 €"). */
export const QUANTITY_TIER_BEFORE = new RegExp(
  `${alternation(entriesOf(words.quantityTier))}\\s*[:：]?\\s*$`,
  "i",
);
/** A buy-now label ending with a colon at the end of the text before an amount ("Buy It Now: US $"). */
export const BUY_NOW_LABEL = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.buyNowLabel))}\\s*[:：]\\s*(?:\\p{L}{1,3}\\s?)?[^\\p{L}\\d\\s]{0,3}\\s*$`,
  "iu",
);
/** Words naming a price before tax, anywhere in a text (read-visible-text.ts `isNamedBeforeTax`). */
export const BEFORE_TAX = anywhere(entriesOf(words.beforeTax));
/** An auction's words: the amount beside them is a bid (read-visible-text.ts `isBid`). */
export const AUCTION = anywhere(entriesOf(words.auction));
/** A member's price's words ("Plus member price", "Clubpreis"): member-tiers.ts. */
export const MEMBERSHIP = anywhere(entriesOf(words.membership));
/** Another offer's words ("Bundle price", "gift wrap"): title-named-offer.ts. */
export const ADD_ON = anywhere(entriesOf(words.addOn));
/** One seller named beside sold-out words ("unavailable from this seller"): availability.ts. */
export const ONE_SELLER = anywhere(entriesOf(words.oneSeller));
/** A subscription's words: its percentage or saving is no sale of the product. */
export const SUBSCRIPTION = anywhere(entriesOf(words.subscription));

/**
 * A promotion's figure (issue #34 class 3) or the tax part of a price: its words at the end of the
 * text before the amount,
 * a currency sign or code between them allowed ("orders of $"), tested on lower case …
 */
export const PROMOTION_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.promotionBefore, words.taxPart, words.approximate))}\\s*:?\\s*(?:[^\\p{L}\\d\\s]{1,3}|[a-z]{3})?\\s*$`,
  "u",
);
/** … or at the start of the text after it, a currency sign or code before them allowed ("€ rabatt"). */
export const PROMOTION_AFTER = new RegExp(
  `^\\s*(?:[^\\p{L}\\d\\s]{1,3}|[a-z]{3}(?![\\p{L}]))?\\s*${alternation(entriesOf(words.promotionAfter))}`,
  "u",
);

// The landed price (issue #37 item 6): shipping and unit prices, read by landed.ts.
const SHIP = alternation(entriesOf(words.shipping));
const FREE = alternation(entriesOf(words.freeShipping));
/** A currency sign or code that may stand between words and an amount ("Shipping: $"). */
const SIGN = "(?:[^\\p{L}\\p{N}\\s]{1,3}|[a-z]{3})?";
/** A shipping word in a text (any case). */
export const SHIPPING_WORD = anywhere(entriesOf(words.shipping), "iu");
/**
 * Free delivery: a free word beside a shipping word, either order, no more than one word
 * between ("free shipping", "FREE standard delivery", "Versand kostenlos", "versandkostenfrei").
 */
export const FREE_SHIPPING = new RegExp(
  `${FREE}\\p{L}*[^\\p{L}\\p{N}]{1,3}(?:\\p{L}+[^\\p{L}\\p{N}]{1,3})?${SHIP}|${SHIP}\\p{L}*(?:[^\\p{L}\\p{N}]{1,3}\\p{L}+)?[^\\p{L}\\p{N}]{0,3}${FREE}`,
  "iu",
);
/** Every free-delivery phrase of a text (to see what follows the last). */
export const FREE_SHIPPING_ALL = new RegExp(FREE_SHIPPING.source, "giu");
/** A free-shipping threshold's words at the end of the text before its amount (lower case). */
export const SHIPPING_THRESHOLD_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.shippingThreshold))}\\s*:?\\s*${SIGN}\\s*$`,
  "u",
);
/** A free-shipping threshold's words right after its amount (lower case): "$35+", "$50 and up". */
export const SHIPPING_THRESHOLD_AFTER = new RegExp(
  `^\\s*${alternation(entriesOf(words.shippingThresholdAfter))}`,
  "u",
);
/**
 * A delivery cost's label at the end of the text before its amount, a word after it allowed:
 * "Shipping: $", "Shipping costs: ", "+ Versandkosten".
 */
export const SHIPPING_COST_BEFORE = new RegExp(
  `${SHIP}\\p{L}*(?: \\p{L}+)?\\s*[:=]?\\s*\\+?\\s*${SIGN}\\s*$`,
  "iu",
);
/** A delivery cost's words right after its amount: "$4.99 shipping", "3,00 € de frais de port". */
export const SHIPPING_COST_AFTER = new RegExp(`^\\s*\\(?\\s*(?:\\p{L}{1,3} )?${SHIP}`, "iu");

/** Words that make a shipping figure relative or conditional ("$5 more", "with code"). */
export const SHIPPING_CONDITION = anywhere(entriesOf(words.shippingCondition), "u");

/** Units of measure (MEASURE_UNITS) as a whole word, with the quantity before it, if any. */
const UNIT_ENTRIES = Object.values(MEASURE_UNITS).flatMap((w) => entriesOf(w));
const MEASURE = `(?:(\\d+(?:[.,]\\d+)?) ?)?(${alternation(UNIT_ENTRIES)})(?![\\p{L}\\p{N}])`;
const PER = alternation(entriesOf(words.perMeasure));
/** Which unit a written unit is (lower case). */
export const UNIT_OF: readonly (readonly [keyof typeof MEASURE_UNITS, RegExp])[] = Object.entries(
  MEASURE_UNITS,
).map(([unit, w]) => [
  unit as keyof typeof MEASURE_UNITS,
  new RegExp(`^${alternation(entriesOf(w))}$`, "iu"),
]);
/** Right after a unit price's amount: "/ 100 g", "per kg", "pro Stück", "le kg" (groups: quantity, unit). */
export const UNIT_AFTER = new RegExp(`^\\s*(?:/|${PER}(?= ))\\s*${MEASURE}`, "iu");
/** Right before it: "1 kg = ", "(100 g = €", "Prix au kg : ", "price per 100 g:" (groups: quantity, unit). */
export const UNIT_BEFORE = new RegExp(
  `(?:${MEASURE}\\s*=|(?:^|[^\\p{L}])${PER} ${MEASURE}\\s*:?)\\s*${SIGN}\\s*$`,
  "iu",
);

/** A "per" word before a space (any case, Latin letters): UNIT_HINT's own pre-filter. */
export const PER_HINT = new RegExp(`(?:^|[^a-z\\u00C0-\\u024F])${PER} `, "i");
/** A unit price's words anywhere in a text: the test before its amounts are read. */
export const UNIT_HINT = new RegExp(
  `(?:/|(?:^|[^\\p{L}])${PER} )\\s*${MEASURE}|${MEASURE}\\s*=`,
  "iu",
);

/**
 * A sentence stating the currency the page's prices are in ("All prices are in AUD and include
 * GST"): its words, then the rest of its clause (group 1; a full stop inside a word, "U.S.", goes on).
 */
export const PRICES_STATED_IN = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.pricesStatedIn))}\\s+((?:[^.;!?]|\\.(?!\\s|$)){2,80})`,
  "iu",
);
/** The words of such a sentence alone, its currency perhaps in the next element ("All prices are in <strong>AUD</strong>"). */
export const PRICES_STATED_LEAD = new RegExp(
  `(?:^|[^\\p{L}])${alternation(entriesOf(words.pricesStatedIn))}(?:\\s|$)`,
  "iu",
);
/** Each currency named in words ("Australian dollars"), by ISO code, as a whole word. */
export const CURRENCY_NAMED: readonly (readonly [string, RegExp])[] = Object.entries(
  CURRENCY_NAMES,
).map(([code, names]) => [
  code,
  new RegExp(`(?<![\\p{L}])${alternation(entriesOf(names))}(?![\\p{L}])`, "iu"),
]);

/** A currency sign, word or code: the cheap test before a text is parsed as a price. */
export const CURRENCY_HINT = anywhere(entriesOf(CURRENCY_HINTS), "");
/**
 * A currency written in letters ("zł", "kr", "TL"), as a pattern source to place in others: match
 * it as a whole word (`(?<![\p{L}\p{N}])…(?![\p{L}\p{N}])`, with the `u` flag).
 */
export const CURRENCY_WORD = alternation(entriesOf(CURRENCY_WORDS));

/** Availability values (lower case, without spaces), at the value's start. */
const atStart = (entries: readonly string[]) => new RegExp(`^${alternation(entries)}`);
export const IN_STOCK_VALUE = atStart(AVAILABILITY_VALUES.inStock);
export const OUT_OF_STOCK_VALUE = atStart(AVAILABILITY_VALUES.outOfStock);
export const PREORDER_VALUE = atStart(AVAILABILITY_VALUES.preorder);

const platformPatterns = (platforms: readonly Platform[]) =>
  platforms.map(
    (platform) =>
      [platform.name, anywhere(platform.words, platform.isCaseSensitive ? "" : "i")] as const,
  );
/** Platforms named by scripts, in the order they are tested. */
export const PLATFORMS: readonly (readonly [string, RegExp])[] = platformPatterns(PLATFORM_SCRIPTS);
/** The pre-filter of PLATFORMS: any of their words, in any case. */
export const PLATFORM_WORD = anywhere(PLATFORM_SCRIPTS.flatMap((platform) => platform.words));
export const PLATFORM_BODY: readonly (readonly [string, RegExp])[] =
  platformPatterns(PLATFORM_BODY_CLASSES);
export const PLATFORM_ASSET: readonly (readonly [string, RegExp])[] =
  platformPatterns(PLATFORM_ASSETS);

/** Scripts that hold a store's data, by their first 20 000 characters. */
export const APP_STATE = anywhere(APP_STATE_SCRIPTS, "");
export const CHALLENGE_MARKERS = anywhere(CHALLENGE_MARKUP, "");
/** The longest of CHALLENGE_MARKUP: a piece of a page is tested with this much of the one before. */
export const CHALLENGE_MARKER_LENGTH = Math.max(
  ...CHALLENGE_MARKUP.map((entry) => (typeof entry === "string" ? entry.length : 100)),
);
export const ADD_TO_CART_ACTION = anywhere(ADD_TO_CART_ACTIONS);
