import { describe, expect, it } from "vitest";
import { findPrices } from "../../money/parse-price-string.ts";
import { sentenceWords, standsAlone } from "../amount-words.ts";
import { availabilityFromText, readAvailability, stockFromPage } from "../availability.ts";
import { FEATURES, type FeatureName } from "../feature-names.ts";
import { isFilteredList, isResultsHeading, isTicketPage } from "../listing-address.ts";
import { oldThenCurrent } from "../read-amount.ts";
import { scanHtml } from "../scan/index.ts";
import { shippingOfAmount } from "../shipping.ts";
import { unitOfAmount } from "../unit-price.ts";
import { visibleCandidates } from "../visible-features.ts";
import { alternation, entriesOf, OTHER_AMOUNT_CONCEPTS } from "./patterns.ts";
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
  VISIBLE_WORDS,
} from "./words.ts";

/**
 * Every entry of the vocabulary takes effect: a small page (or text) where the entry's example
 * stands, and nothing else could, shows the effect the entry is listed for; the same page with
 * a word no list holds does not. And no entry is covered by the others of its pattern, where it
 * could never make a difference of its own.
 */

const NEUTRAL = "zqxj";
const exampleOf = (entry: Entry): string => (typeof entry === "string" ? entry : entry.example);
const attr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

function feature(page: string, amount: string, name: FeatureName): boolean {
  const at = FEATURES.indexOf(name);
  return visibleCandidates(scanHtml(page), new Set()).some(
    (c) => c.amount === amount && (c.features[at] ?? 0) > 0,
  );
}

/** A pattern of the entries given, in the shape their list is read with. */
type Shape = (alternation: string) => RegExp;
const anywhere =
  (flags: string): Shape =>
  (alt) =>
    new RegExp(alt, flags);

/** What each concept's entries do, on a page made of one word. */
const CLASS_EFFECTS: Record<keyof typeof CLASS_NAMES, (word: string) => boolean> = {
  price: (w) => scanHtml(`<div><span class="${attr(w)}">19</span></div>`).priceElements.length > 0,
  oldPrice: (w) =>
    scanHtml(`<p><span class="${attr(w)}">€ 30</span></p>`).priceTexts[0]?.isStruckClass === true,
  currentPrice: (w) => feature(`<p><span class="${attr(w)}">€ 30</span></p>`, "30", "currentNamed"),
  unitPrice: (w) =>
    scanHtml(`<p><span class="${attr(w)}">€ 3</span></p>`).priceTexts[0]?.isPerUnit === true,
  elsewhere: (w) =>
    scanHtml(`<div class="${attr(w)}"><span>€ 3</span></div>`).priceTexts[0]?.isExcluded === true,
  productArea: (w) =>
    scanHtml(`<div class="${attr(w)}"><span>€ 3</span></div>`).priceTexts[0]?.isInMain === true,
  title: (w) => scanHtml(`<h2 class="${attr(w)}">Lamp</h2>`).titleElements.length > 0,
  stock: (w) => scanHtml(`<div class="${attr(w)}">In stock</div>`).stockElements.length > 0,
  // An image is a buy control by an add-to-cart token and its words, never by a cart-like name.
  buyToken: (w) => scanHtml(`<img class="${attr(w)}" alt="Buy now">`).buyControls.length > 0,
  // A box is a control only when named for the cart (then its words decide).
  cartLike: (w) => scanHtml(`<span class="${attr(w)}">Buy now</span>`).buyControls.length > 0,
  quantity: (w) => scanHtml(`<input name="${attr(w)}">`).buyControls[0]?.isQuantity === true,
  // Cents in an element of their own are read as after a <sup> (issue #34 class 2); the sign
  // after the amount, as a sign right before the units marks them too (driver.ts).
  cents: (w) =>
    scanHtml(`<p><span>809<span class="${attr(w)}">97</span> €</span></p>`).priceTexts.some((t) =>
      t.text.includes("\uE000"),
    ),
};

const isCandidate = (page: string, amount: string) =>
  visibleCandidates(scanHtml(page), new Set()).some((c) => c.amount === amount);

const otherAmount = (w: string) =>
  feature(`<div><b>€ 5</b> ${html(w)} end</div>`, "5", "otherAmountWords");

const WORD_EFFECTS: Record<keyof typeof VISIBLE_WORDS, (word: string) => boolean> = {
  buy: (w) => scanHtml(`<button>${html(w)}</button>`).buyControls[0]?.hasBuyWords === true,
  addToCart: (w) => scanHtml(`<a href="#">${html(w)}</a>`).hasAddToCart,
  // A link named for adding a product (not for the cart) is a control when its words name the cart.
  cartNoun: (w) => scanHtml(`<a class="add-product">${html(w)}</a>`).buyControls.length > 0,
  soldOut: (w) => scanHtml(`<button>${html(w)}</button>`).buyControls[0]?.saysSoldOut === true,
  // Sold-out words beside a size or colour speak of that variant (issue #34 class 8).
  // One seller's notice beside a priced link to others' offers: no sold-out product.
  oneSeller: (w) =>
    stockFromPage(
      scanHtml(
        `<h1>Item</h1><p>Currently unavailable ${html(w)}.</p><a href="/offers/1">New (3) from $64.87</a>`,
      ),
      true,
    ).availability !== "out_of_stock",
  variant: (w) => scanHtml(`<p>Sold out: ${html(w)} zqxj</p>`).soldOutTexts[0]?.isVariant === true,
  // A first <h1> naming a search's results makes no product page.
  searchResults: (w) => isResultsHeading(scanHtml(`<h1>${html(w)} lamp</h1>`).h1),
  // An amount priced per ticket makes no product page.
  perTicket: (w) => isTicketPage(scanHtml(`<p>€ 5 ${html(w)}</p>`)),
  // A heading naming other products excludes what follows it in its section.
  elsewhereHeading: (w) =>
    scanHtml(`<section><h2>${html(w)}</h2><p>€ 5</p></section>`).priceTexts[0]?.isExcluded === true,
  inStock: (w) => availabilityFromText(w) === "in_stock",
  inStockWord: (w) => availabilityFromText(w) === "in_stock",
  preorder: (w) => availabilityFromText(w) === "preorder",
  // An old price's label counts with a lower amount near it (the price a person pays).
  oldPrice: (w) =>
    feature(`<div><span>${html(w)}</span> <b>€ 5</b></div><p>€ 4</p>`, "5", "wasWords"),
  // "De R$ 199,90 por R$ 149,90": the first is the old price (read-amount.ts oldThenCurrent).
  reductionFrom: (w) => oldThenCurrent(`${w} € 9 por € 5`, findPrices(`${w} € 9 por € 5`)) !== null,
  reductionTo: (w) => oldThenCurrent(`de € 9 ${w} € 5`, findPrices(`de € 9 ${w} € 5`)) !== null,
  oldPriceLabelAfter: (w) =>
    feature(`<div><b>€ 5</b> <span>${html(w)}</span> <b>€ 4</b></div>`, "5", "wasWords") &&
    feature(`<div><b>€ 5 ${html(w)}</b> <b>€ 4</b></div>`, "5", "wasWords"),
  oldPriceLabel: (w) =>
    feature(`<div><span>${html(w)}</span> <b>€ 5</b></div><p>€ 4</p>`, "5", "wasWords") &&
    feature(`<div><b>€ 5</b> <span>${html(w)}</span> <b>€ 4</b></div>`, "5", "wasWords"),
  // The higher amount right before a price named current is the old one.
  // The EU's lowest price of the last 30 days is a reference, never a price candidate.
  lowest30d: (w) =>
    !isCandidate(`<p><span>${html(w)}:</span> <span>€ 5</span></p>`, "5") &&
    isCandidate(`<p><span>zqxj:</span> <span>€ 5</span></p>`, "5"),
  nowPrice: (w) => feature(`<div><b>€ 9</b> <b>${html(w)} € 5</b></div>`, "9", "wasWords"),
  // "MSRP $899.00 Click for price": the amount shown is no price to pay, alone as it stands.
  priceInCart: (w) => feature(`<div><b>€ 9</b> <a href="#">${html(w)}</a></div>`, "9", "wasWords"),
  quantityTier: otherAmount,
  shipping: otherAmount,
  orderMinimum: otherAmount,
  // The landed price (issue #37 item 6, landed.ts): free delivery, its threshold, what makes a
  // shipping figure conditional, the words between an amount and its unit.
  freeShipping: (w) => shippingOfAmount(`${w} shipping over `, "", false) === "threshold",
  shippingThreshold: (w) => shippingOfAmount(`free shipping ${w} `, "", false) === "threshold",
  shippingThresholdAfter: (w) =>
    shippingOfAmount("free shipping on ", ` ${w}`, false) === "threshold",
  shippingCondition: (w) =>
    shippingOfAmount("free shipping over ", ` ${w}`, false) === null &&
    shippingOfAmount("free shipping over ", " zqxj", false) === "threshold",
  perMeasure: (w) => unitOfAmount("", ` ${w} kg`)?.unit === "kg",
  instalment: otherAmount,
  save: otherAmount,
  beforeTax: otherAmount,
  deposit: otherAmount,
  points: otherAmount,
  used: otherAmount,
  otherSellers: otherAmount,
  addOn: otherAmount,
  term: otherAmount,
  subscription: otherAmount,
  membership: otherAmount,
  auction: otherAmount,
  // A longer text labelling its amount as the price is no sentence about another amount.
  priceLabel: (w) =>
    sentenceWords(`Get the ${w} of the day $5`, 18 + w.length) === 0 &&
    sentenceWords("Get the zqxj of the day $5", 22) >= 3,
  // A member's price, its words right after it: the price after it is first after the title.
  membershipAfter: (w) =>
    feature(
      `<h1>Juice</h1><div><span>€ 19</span> ${html(w)}</div><div>€ 23</div><button>Add to cart</button>`,
      "23",
      "firstAfterTitle",
    ),
  challenge: (w) => scanHtml(`<title>${html(w)}</title>`).hasCaptcha,
  // A promotion's figure is no candidate at all (issue #34 class 3).
  promotionBefore: (w) => !isCandidate(`<p><span>${html(w)} € 5</span></p>`, "5"),
  promotionAfter: (w) => !isCandidate(`<p><span>€ 5 ${html(w)}</span></p>`, "5"),
  taxPart: (w) => !isCandidate(`<p><span>${html(w)} € 5</span></p>`, "5"),
  approximate: (w) => !isCandidate(`<p><span>${html(w)} € 5</span></p>`, "5"),
  // A filter of price ranges beside two buy buttons makes a list.
  priceBoundBefore: (w) =>
    isFilteredList(
      scanHtml(
        `<a href="?p=1">${html(w)} €5</a><a href="?p=2">€5 - €9</a><a href="?p=3">€9 &amp; above</a><button>Add to cart</button><button>Add to cart</button>`,
      ),
    ),
  priceBoundAfter: (w) =>
    isFilteredList(
      scanHtml(
        `<a href="?p=1">€9 ${html(w)}</a><a href="?p=2">€5 - €9</a><a href="?p=3">under €5</a><button>Add to cart</button><button>Add to cart</button>`,
      ),
    ),
  // A buy-now label before an amount: the bid's words before it are not that amount's.
  buyNowLabel: (w) =>
    !feature(`<div><p>Place bid</p><p>${html(w)}:</p><p>€ 12</p></div>`, "12", "otherAmountWords"),
  // The price paid at once makes a higher amount close by the card's, an old price.
  cashPrice: (w) => feature(`<div><p>€ 9</p><p><b>€ 8</b> ${html(w)}</p></div>`, "9", "wasWords"),
  // A sentence stating the prices' currency states the page's.
  pricesStatedIn: (w) =>
    scanHtml(`<p>${html(w)} AUD and include GST.</p>`).sentenceCurrencies.has("AUD"),
  resultCount: (w) => scanHtml(`<h1>Lamps</h1><p>1,032 ${html(w)}</p>`).resultCountOrder >= 0,
};

/** Lists read in another shape than "anywhere in the text, any case" (see patterns.ts). */
const SHAPES: Partial<Record<keyof typeof VISIBLE_WORDS, Shape>> = {
  // At the end of the text before an amount, after a non-letter.
  oldPrice: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}\\.?\\s*:?\\s*$`, "iu"),
  oldPriceLabel: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}\\.?\\s*:?\\s*$`, "iu"),
  reductionFrom: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}\\s*$`, "iu"),
  reductionTo: (alt) => new RegExp(`^${alt}$`, "iu"),
  oldPriceLabelAfter: (alt) => new RegExp(`^\\s*${alt}(?![\\p{L}])`, "iu"),
  priceLabel: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}(?![\\p{L}])`, "iu"),
  membershipAfter: (alt) => new RegExp(`^\\s*${alt}(?![\\p{L}])`, "iu"),
  lowest30d: (alt) => new RegExp(`${alt}[^\\d]{0,25}$`, "iu"),
  nowPrice: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}\\.?\\s*:?\\s*$`, "iu"),
  priceInCart: (alt) => new RegExp(`^\\s*${alt}(?![\\p{L}])`, "iu"),
  inStock: anywhere("u"),
  inStockWord: (alt) => new RegExp(`(?<![\\p{L}])${alt}`, "u"),
  preorder: anywhere(""),
  promotionBefore: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}\\s*$`, "u"),
  taxPart: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}\\s*$`, "u"),
  approximate: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}\\s*$`, "u"),
  priceBoundBefore: (alt) => new RegExp(`^${alt}$`, "iu"),
  priceBoundAfter: (alt) => new RegExp(`^${alt}$`, "iu"),
  buyNowLabel: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}$`, "iu"),
  pricesStatedIn: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}$`, "iu"),
  promotionAfter: (alt) => new RegExp(`^\\s*${alt}`, "u"),
  shippingThreshold: (alt) => new RegExp(`(?:^|[^\\p{L}])${alt}\\s*$`, "u"),
  shippingThresholdAfter: (alt) => new RegExp(`^\\s*${alt}`, "u"),
  shippingCondition: anywhere("u"),
  freeShipping: anywhere("iu"),
  perMeasure: (alt) => new RegExp(`^${alt}$`, "iu"),
  resultCount: (alt) => new RegExp(`^${alt}$`, "iu"),
};

/** The entries compiled into one pattern with a concept's: none of them may cover another. */
function rivalsOf(concept: keyof typeof VISIBLE_WORDS): Entry[] {
  if ((OTHER_AMOUNT_CONCEPTS as readonly string[]).includes(concept))
    return entriesOf(...OTHER_AMOUNT_CONCEPTS.map((c) => VISIBLE_WORDS[c]));
  if (concept === "inStock" || concept === "inStockWord")
    return entriesOf(VISIBLE_WORDS.inStock, VISIBLE_WORDS.inStockWord);
  return entriesOf(VISIBLE_WORDS[concept]);
}

/**
 * What is wrong with `entry`: its pattern does not match its example, its example takes no
 * effect, or the other entries of its pattern (`rivals`) match the example already.
 */
function faultsOf(
  entry: Entry,
  effect: (word: string) => boolean,
  rivals: readonly Entry[],
  shape: Shape,
): string[] {
  const example = exampleOf(entry);
  const faults: string[] = [];
  if (typeof entry !== "string" && !entry.pattern.test(example))
    faults.push(`"${example}" is not matched by its own pattern`);
  if (!effect(example)) faults.push(`"${example}" takes no effect`);
  const others = rivals.filter((e) => e !== entry);
  if (others.length > 0 && shape(alternation(others)).test(example))
    faults.push(`"${example}" is covered by another entry of its list`);
  return faults;
}

function expectAll(
  entries: readonly Entry[],
  effect: (word: string) => boolean,
  rivals: readonly Entry[],
  shape: Shape,
) {
  expect(effect(NEUTRAL), "a page without the word").toBe(false);
  expect(entries.flatMap((entry) => faultsOf(entry, effect, rivals, shape))).toEqual([]);
}

describe("the vocabulary: every entry takes effect", () => {
  for (const [concept, effect] of Object.entries(CLASS_EFFECTS)) {
    const entries = entriesOf(CLASS_NAMES[concept as keyof typeof CLASS_NAMES]);
    it(`class names: ${concept} (${entries.length})`, () => {
      expectAll(entries, effect, entries, anywhere(concept === "currentPrice" ? "" : "i"));
    });
  }

  it(`hiding classes (${HIDDEN_CLASSES.length})`, () => {
    const hidden = (c: string) =>
      scanHtml(`<p><span class="${attr(c)}">€ 5</span></p>`).priceTexts[0]?.isHidden === true;
    expect(hidden(NEUTRAL)).toBe(false);
    for (const c of HIDDEN_CLASSES) expect(hidden(c), c).toBe(true);
  });

  it(`chosen classes (${CHOSEN_CLASSES.length})`, () => {
    const otherIsOption = (c: string) =>
      scanHtml(
        `<div><button>S <span>€ 5</span></button><button class="opt opt--${attr(c)}">L <span>€ 7</span></button></div>`,
      ).priceTexts[0]?.isInOption === true;
    expect(otherIsOption(NEUTRAL)).toBe(false);
    for (const c of CHOSEN_CLASSES) expect(otherIsOption(c), c).toBe(true);
  });

  for (const [concept, effect] of Object.entries(WORD_EFFECTS)) {
    const key = concept as keyof typeof VISIBLE_WORDS;
    const entries = entriesOf(VISIBLE_WORDS[key]);
    it(`visible words: ${concept} (${entries.length})`, () => {
      expectAll(entries, effect, rivalsOf(key), SHAPES[key] ?? anywhere("i"));
    });
  }

  it("units of measure", () => {
    const all = Object.values(MEASURE_UNITS).flatMap((w) => entriesOf(w));
    for (const [unit, words] of Object.entries(MEASURE_UNITS)) {
      const isUnit = (w: string) => unitOfAmount("", ` / ${w}`)?.unit === unit;
      expectAll(entriesOf(words), isUnit, all, (alt) => new RegExp(`^${alt}$`, "iu"));
    }
  });

  it("currency hints", () => {
    const isPriceText = (w: string) =>
      scanHtml(`<p><span>5 ${html(w)}</span></p>`).priceTexts.length > 0;
    const entries = entriesOf(CURRENCY_HINTS);
    expectAll(entries, isPriceText, entries, anywhere(""));
  });

  it("currencies in letters: no words of a sentence, nor a label between two amounts", () => {
    const isCurrencyWord = (w: string) => {
      const pair = `€ 9 ${w} € 5`;
      return standsAlone(`€ 5 ${w}`) && oldThenCurrent(pair, findPrices(pair)) !== null;
    };
    expect(isCurrencyWord(NEUTRAL)).toBe(false);
    const failing = entriesOf(CURRENCY_WORDS).filter(
      (entry) => typeof entry === "string" && !isCurrencyWord(entry),
    );
    expect(failing).toEqual([]);
  });

  it("currencies named in words: each names its code in a sentence stating the prices'", () => {
    expect(scanHtml(`<p>All prices are in ${NEUTRAL}.</p>`).sentenceCurrencies.size).toBe(0);
    for (const [code, names] of Object.entries(CURRENCY_NAMES))
      for (const entry of entriesOf(names)) {
        const said = scanHtml(`<p>All prices are in ${html(exampleOf(entry))}.</p>`);
        expect([...said.sentenceCurrencies], exampleOf(entry)).toEqual([code]);
      }
  });

  it("availability values", () => {
    const states = { inStock: "in_stock", outOfStock: "out_of_stock", preorder: "preorder" };
    for (const [state, values] of Object.entries(AVAILABILITY_VALUES)) {
      const is = (value: string) =>
        readAvailability(value) === states[state as keyof typeof states];
      expectAll(values, is, values, (alt) => new RegExp(`^${alt}`));
    }
  });

  it("platforms, app-state scripts, challenge markup, add-to-cart forms", () => {
    const markers = (page: string) => scanHtml(page).markers;
    for (const platform of PLATFORM_SCRIPTS)
      for (const word of platform.words)
        expect(
          markers(`<script>${exampleOf(word)}</script>`).has(platform.name),
          exampleOf(word),
        ).toBe(true);
    for (const platform of PLATFORM_BODY_CLASSES)
      for (const word of platform.words)
        expect(markers(`<body class="${attr(exampleOf(word))}"></body>`).has(platform.name)).toBe(
          true,
        );
    for (const platform of PLATFORM_ASSETS)
      for (const word of platform.words)
        expect(
          markers(`<img src="https://${attr(exampleOf(word))}/a.png">`).has(platform.name),
        ).toBe(true);
    expect(markers(`<script>${NEUTRAL}</script><body class="${NEUTRAL}">`).size).toBe(0);

    const isAppState = (w: string) => scanHtml(`<script>var a = ${w};</script>`).scripts.length > 0;
    expectAll(APP_STATE_SCRIPTS, isAppState, APP_STATE_SCRIPTS, anywhere(""));
    const isChallenge = (w: string) => scanHtml(`<p>${w}</p>`).hasCaptcha;
    expectAll(CHALLENGE_MARKUP, isChallenge, CHALLENGE_MARKUP, anywhere(""));
    const isCartForm = (w: string) => scanHtml(`<form action="${attr(w)}"></form>`).hasAddToCart;
    expectAll(ADD_TO_CART_ACTIONS, isCartForm, ADD_TO_CART_ACTIONS, anywhere("i"));
  });
});

describe("the vocabulary: no entry of another kind of amount inside plain English words", () => {
  // Read anywhere in a text, an entry written for one language must not sit inside common words
  // of another: Turkish "ay " (months) once made "Today only $89.99" and "You pay $109.00" an
  // instalment's.
  const plain =
    "You pay today. Order by Friday, delivered on Monday or Tuesday; display the way it is, always. Separate parts, accurate and decorated. Great price, new arrival, add to cart, buy now, in stock. Sparkle and transparency, spare parts; having a shaving kit; a 15.6-inch screen 16x zoom; Xbox deals on desktops.";
  it.each(OTHER_AMOUNT_CONCEPTS)("%s", (concept) => {
    const hits = Object.values(VISIBLE_WORDS[concept])
      .flat()
      .filter((entry) => alternationTest(entry, plain));
    expect(hits).toEqual([]);
  });
});

function alternationTest(entry: Parameters<typeof alternation>[0][number], text: string): boolean {
  return new RegExp(alternation([entry]), "iu").test(text);
}
