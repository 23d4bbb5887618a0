import { type PageText, pageTextLength } from "../page-text.ts";
import type { ReadBudget } from "../read-budget.ts";
import { BotChallenge } from "./collectors/bot-challenge.ts";
import { BuyControls } from "./collectors/buy-controls.ts";
import { HeadAndMeta } from "./collectors/head.ts";
import { KeptElements } from "./collectors/kept-elements.ts";
import { PriceTexts } from "./collectors/price-texts.ts";
import { Scripts } from "./collectors/scripts.ts";
import { SoldOutTexts } from "./collectors/sold-out.ts";
import { type Collectors, ScanDriver } from "./driver.ts";
import type { PageScan } from "./types.ts";

export type {
  BuyControl,
  ElementRecord,
  PageScan,
  PriceText,
  ScriptBlock,
  SoldOutText,
} from "./types.ts";

/**
 * One linear pass over the HTML that keeps only what extraction reads (see types.ts): the
 * driver (driver.ts) reads the page and tells each collector (collectors/) of every element,
 * text and end; each collector keeps its own part.
 *
 * A page in pieces is read exactly as the same page in one string (pieces.test.ts). With a
 * `budget`, it is checked before each piece (read-budget.ts).
 */
export function scanHtml(html: PageText, budget?: ReadBudget): PageScan {
  const pieces = typeof html === "string" ? [html] : html;
  const driver = new ScanDriver();
  const c: Collectors = {
    head: new HeadAndMeta(driver.log),
    scripts: new Scripts(),
    kept: new KeptElements(),
    prices: new PriceTexts(driver.log),
    buys: new BuyControls(driver.log),
    soldOut: new SoldOutTexts(driver.log),
    challenge: new BotChallenge(pageTextLength(html)),
  };
  driver.run(pieces, c, budget);
  c.prices.settleRadioOptions();
  const { title, h1 } = c.head.titleAndH1();
  return {
    lang: c.head.lang,
    title,
    h1,
    h1Order: c.head.h1Order,
    titleMatchOrder: c.head.titleMatchOrder,
    resultCountOrder: c.head.resultCountOrder,
    priceInCartOrder: c.head.priceInCartOrder,
    titleH1Order: c.head.titleH1Order,
    isH1Excluded: c.head.isH1Excluded,
    canonical: c.head.canonical,
    hreflangs: c.head.hreflangs,
    // A selector's "(CAD $)" states the currency in use when it is the only code so shown (a
    // list of every country's shows many, and says nothing).
    sentenceCurrencies: c.head.sentenceCurrencies,
    statedCurrencies: mergeCounts(
      mergeCounts(c.scripts.statedCurrencies, c.head.selectedCurrencies),
      c.head.shownCurrencies.size === 1 ? c.head.shownCurrencies : new Map(),
    ),
    metas: c.head.metas,
    jsonLd: c.scripts.jsonLd,
    scripts: c.scripts.scripts,
    priceElements: c.kept.priceElements,
    props: c.kept.props,
    stockElements: c.kept.stockElements,
    titleElements: c.kept.titleElements,
    priceTexts: c.prices.priceTexts,
    buyControls: c.buys.buyControls,
    soldOutTexts: c.soldOut.soldOutTexts,
    hasAddToCart: c.buys.hasAddToCart,
    cartVariantId: c.buys.cartVariantId,
    hasCaptcha: c.challenge.hasCaptcha(title, h1),
    bodyTokens: c.head.bodyTokens,
    markers: new Set([...c.head.markers, ...c.scripts.markers]),
    elementCount: driver.elementCount,
  };
}

function mergeCounts(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
): Map<string, number> {
  const out = new Map(a);
  for (const [key, n] of b) out.set(key, (out.get(key) ?? 0) + n);
  return out;
}
