import { has, inside, insideLike, stockFrom, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

const CURRENCY_BY_SUFFIX: Record<string, string> = {
  com: "USD",
  ca: "CAD",
  "com.mx": "MXN",
  "com.br": "BRL",
  "co.uk": "GBP",
  de: "EUR",
  fr: "EUR",
  it: "EUR",
  es: "EUR",
  nl: "EUR",
  "com.be": "EUR",
  ie: "EUR",
  se: "SEK",
  pl: "PLN",
  "com.tr": "TRY",
  ae: "AED",
  sa: "SAR",
  eg: "EGP",
  in: "INR",
  "co.jp": "JPY",
  "com.au": "AUD",
  sg: "SGD",
};
const HOST =
  /(?:^|\.)amazon\.(com|ca|com\.mx|com\.br|co\.uk|de|fr|it|es|nl|com\.be|ie|se|pl|com\.tr|ae|sa|eg|in|co\.jp|com\.au|sg)$/;

/** The buy box: the price to pay, not the list price, other sellers, Subscribe & Save or unit prices. */
const BUY_BOX = [
  "#corePriceDisplay_desktop_feature_div",
  "#corePrice_feature_div",
  "#corePrice_desktop",
  "#apex_desktop",
  "#apex_offerDisplay_desktop",
  "#priceblock_ourprice",
  "#priceblock_dealprice",
  "#priceblock_saleprice",
  "#price_inside_buybox",
  "#newBuyBoxPrice",
  "#kindle-price",
  "#corePriceDisplay_mobile_feature_div",
];
const NOT_THE_PRICE = [
  "#sns-base-price",
  "#snsAccordionRowMiddle",
  ".basisPrice",
  "#pricePerUnit",
  ".pricePerUnit",
];

export const amazon: StoreRule = {
  name: "Amazon",
  kind: "store",
  matches: (ctx) => HOST.test(ctx.host),
  read: (ctx) => {
    const suffix = HOST.exec(ctx.host)?.[1] ?? "com";
    const currency = CURRENCY_BY_SUFFIX[suffix] ?? null;
    const candidates = ctx.scan.priceElements
      .filter((r) => inside(r, ...BUY_BOX) && !r.isPerUnit && !inside(r, ...NOT_THE_PRICE))
      .filter((r) => !insideLike(r, "#aod", "#olp", "#mbc", "#used", "#tradeIn", "#sns"))
      .filter((r) => has(r, ".a-offscreen") || BUY_BOX.some((t) => has(r, t)))
      .map((r) =>
        textCandidate(r, {
          confidence: inside(r, ".priceToPay", ".apexPriceToPay") ? 0.95 : 0.9,
          currency,
        }),
      );
    for (const r of ctx.scan.priceElements) {
      if (has(r, "#twister-plus-price-data-price") && r.attrs.value) {
        candidates.push(textCandidate(r, { attr: "value", confidence: 0.85, currency }));
      }
    }
    return {
      candidates: uniqueByPath(candidates),
      availability: stockFrom(ctx, "#availability", "#outOfStock"),
      currency,
    };
  },
};
