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

/** Elements that hold exactly the buy-box price (older layouts). */
const PRICE_IDS = [
  "#priceblock_ourprice",
  "#priceblock_dealprice",
  "#priceblock_saleprice",
  "#price_inside_buybox",
  "#newBuyBoxPrice",
  "#kindle-price",
  "#tp_price_block_total_price_ww",
];
/** Buy-box containers (current layouts): read their `.a-offscreen` prices, never their whole text. */
const BUY_BOX = [
  "#corePriceDisplay_desktop_feature_div",
  "#corePrice_feature_div",
  "#corePrice_desktop",
  "#apex_desktop",
  "#apex_offerDisplay_desktop",
  "#corePriceDisplay_mobile_feature_div",
  ...PRICE_IDS,
];
const PRICE_TO_PAY = [".priceToPay", ".apexPriceToPay", ".reinventPricePriceToPayMargin"];
/** Not the price: Subscribe & Save, unit prices, other sellers, used and trade-in offers. */
const NOT_THE_PRICE = [
  "#sns-base-price",
  "#snsAccordionRowMiddle",
  "#pricePerUnit",
  ".pricePerUnit",
];

/**
 * Amazon (every locale): the buy-box price to pay — `.priceToPay`/`.apexPriceToPay` inside
 * the core price block, or the older `#priceblock_*` / `#price_inside_buybox` — never the
 * struck list price, per-unit prices, Subscribe & Save, or "other sellers" offers.
 * `?th=1&psc=1` URLs are served already rendered for that variant, so the buy box is the variant's.
 */
export const amazon: StoreRule = {
  name: "Amazon",
  kind: "store",
  matches: (ctx) => HOST.test(ctx.host),
  read: (ctx) => {
    const suffix = HOST.exec(ctx.host)?.[1] ?? "com";
    const currency = CURRENCY_BY_SUFFIX[suffix] ?? null;
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isPerUnit && !inside(r, ...NOT_THE_PRICE))
      .filter(
        (r) =>
          !insideLike(r, "#aod", "#olp", "#mbc", "#used", "#tradeIn", "#sns", "#buybox-see-all"),
      )
      .map((r) => {
        if (PRICE_IDS.some((id) => has(r, id)) && !has(r, ".a-price")) {
          return textCandidate(r, { confidence: 0.9, currency });
        }
        if (has(r, ".a-offscreen") && inside(r, ...BUY_BOX) && r.text) {
          return textCandidate(r, {
            confidence: inside(r, ...PRICE_TO_PAY) ? 0.95 : 0.85,
            currency,
          });
        }
        if (has(r, "#twister-plus-price-data-price") && r.attrs.value) {
          return textCandidate(r, { attr: "value", confidence: 0.85, currency });
        }
        return null;
      });
    return {
      candidates: uniqueByPath(candidates),
      availability: stockFrom(ctx, "#availability", "#outOfStock"),
      currency,
    };
  },
};
