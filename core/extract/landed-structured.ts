import { canonicalCurrency } from "../money/currencies.ts";
import { decimalToMinor } from "../money/decimal-to-minor.ts";
import { UNITS } from "../money/measure-units.ts";
import type { Money } from "../money/money.ts";
import type { UnitPrice } from "../money/unit-price.ts";
import { asArray, asRecord, asText, walkJson } from "./json-walk.ts";
import { readAmount } from "./read-amount.ts";
import { parseTolerantJson } from "./tolerant-json.ts";
import type { ShippingStated } from "./types.ts";
import { quantityOf, unitAmountToMinor } from "./unit-price.ts";

type Node = Record<string, unknown>;

/** What a JSON-LD block must hold to be read again for shipping or a unit price. */
const KEYS = /shippingDetails|freeShippingThreshold|referenceQuantity|unitPricingMeasure/;
const LIST_TYPES = /listprice|strikethroughprice|srp|msrp|invoiceprice|wasprice|originalprice/i;

/** An amount of `value` in `currency` as minor units of the price's currency, or null. */
function minorOf(value: unknown, currency: string | null, price: Money): number | null {
  if (value === undefined || value === null) return null;
  const read = readAmount(value, currency);
  if (!read || read.isRange) return null;
  const code = currency ? canonicalCurrency(currency) : null;
  if (code !== null && code !== price.currency) return null;
  const options = read.currencyOptions;
  if (code === null && options.length > 0 && !options.includes(price.currency)) return null;
  const minor = decimalToMinor(read.amount, price.currency);
  return minor !== null && minor >= 0 ? minor : null;
}

function typesOf(node: Node): string[] {
  return asArray(node["@type"]).map((t) => (typeof t === "string" ? t.toLowerCase() : ""));
}

const currencyOf = (node: Node, fallback: string | null): string | null =>
  asText(node.currency) ?? asText(node.priceCurrency) ?? fallback;

/**
 * The page's offer of the price found: an Offer whose price (or a price specification of it) is
 * that price; else the only offer that states shipping or a unit price.
 */
function offersOf(blocks: readonly string[]): { offers: Node[]; nodes: Node[] } {
  const offers: Node[] = [];
  const nodes: Node[] = [];
  for (const block of blocks) {
    if (!KEYS.test(block)) continue;
    walkJson(
      parseTolerantJson(block),
      (node) => {
        nodes.push(node);
        const isOffer = typesOf(node).some((t) => t.endsWith("offer"));
        if (isOffer || node.shippingDetails !== undefined) offers.push(node);
        return undefined;
      },
      20_000,
    );
  }
  return { offers, nodes };
}

function offerPrices(offer: Node, price: Money): number[] {
  const currency = asText(offer.priceCurrency);
  const out: number[] = [];
  const own = minorOf(offer.price, currency, price);
  if (own !== null) out.push(own);
  for (const spec of asArray(offer.priceSpecification)) {
    const s = asRecord(spec);
    if (s && s.referenceQuantity === undefined) {
      const m = minorOf(s.price, currencyOf(s, currency), price);
      if (m !== null) out.push(m);
    }
  }
  return out;
}

/** The delivery of one OfferShippingDetails: its rate, destinations and any stated threshold. */
function detailOf(detail: Node, currency: string | null, price: Money) {
  const rate = asRecord(detail.shippingRate);
  const rateCurrency = rate ? currencyOf(rate, currency) : currency;
  const same = rate && (rate.minValue === undefined || rate.minValue === rate.maxValue);
  const costMinor = rate && same ? minorOf(rate.value ?? rate.maxValue, rateCurrency, price) : null;
  const countries = asArray(detail.shippingDestination).flatMap((d) => {
    const region = asRecord(d);
    return region ? asArray(region.addressCountry).map((c) => asText(asRecord(c)?.name ?? c)) : [];
  });
  return {
    costMinor: detail.doesNotShip === true ? null : costMinor,
    countries: countries.filter((c): c is string => c !== null).map((c) => c.toUpperCase()),
    freeAboveMinor: thresholdOf(detail.freeShippingThreshold, currency, price),
  };
}

/** A `freeShippingThreshold`: a MonetaryAmount or a DeliveryChargeSpecification. */
function thresholdOf(value: unknown, currency: string | null, price: Money): number | null {
  const t = asRecord(asArray(value)[0]);
  if (!t) return null;
  const minor = minorOf(t.value ?? t.price ?? t.minValue, currencyOf(t, currency), price);
  return minor !== null && minor > 0 ? minor : null;
}

function shippingOfOffer(
  offer: Node,
  price: Money,
  country: string | null,
): Omit<ShippingStated, "currency"> | null {
  const currency = asText(offer.priceCurrency);
  const details = asArray(offer.shippingDetails)
    .map((d) => asRecord(d))
    .filter((d): d is Node => d !== null)
    .map((d) => detailOf(d, currency, price));
  // Several destinations: the person's country's, else one cost they all agree on.
  const mine = country ? details.filter((d) => d.countries.includes(country)) : [];
  const pool = mine.length > 0 ? mine : details;
  const costs = new Set(pool.map((d) => d.costMinor));
  const costMinor = costs.size === 1 ? (pool[0]?.costMinor ?? null) : null;
  const freeAboveMinor = pool.find((d) => d.freeAboveMinor !== null)?.freeAboveMinor ?? null;
  if (costMinor === null && freeAboveMinor === null) return null;
  return { costMinor, ...(freeAboveMinor !== null ? { freeAboveMinor } : {}) };
}

function unitPriceOfOffer(offer: Node, product: Node | null, price: Money): UnitPrice | null {
  const currency = asText(offer.priceCurrency);
  for (const spec of asArray(offer.priceSpecification)) {
    const s = asRecord(spec);
    if (!s || s.referenceQuantity === undefined) continue;
    if (LIST_TYPES.test(asText(s.priceType) ?? "")) continue;
    const quantity = quantityOf(s.referenceQuantity);
    const read = readAmount(s.price, currencyOf(s, currency));
    if (!quantity || !read || read.isRange) continue;
    const minor = unitAmountToMinor(read.amount, price.currency, quantity.perQuantity);
    if (!minor) continue;
    // One piece at the item's own price says nothing a shopper compares.
    if (quantity.unit === "piece" && minor.amountMinor === price.amountMinor) continue;
    return { ...minor, currency: price.currency, unit: quantity.unit };
  }
  // The pack's size (Google's unit pricing measure) and the base it is priced per.
  const measure = quantityOf(offer.unitPricingMeasure ?? product?.unitPricingMeasure);
  if (!measure) return null;
  const base = quantityOf(offer.unitPricingBaseMeasure ?? product?.unitPricingBaseMeasure) ?? {
    perQuantity: 1,
    unit: BASE_UNIT[UNITS[measure.unit].dimension],
  };
  const from = UNITS[measure.unit];
  const to = UNITS[base.unit];
  if (from.dimension !== to.dimension) return null;
  const factor = (base.perQuantity * to.inBase) / (measure.perQuantity * from.inBase);
  return {
    amountMinor: Math.round(price.amountMinor * factor),
    currency: price.currency,
    perQuantity: base.perQuantity,
    unit: base.unit,
  };
}

const BASE_UNIT = { mass: "kg", volume: "l", length: "m", area: "m2", count: "piece" } as const;

/**
 * Shipping and a unit price from the page's JSON-LD (schema.org Offer `shippingDetails` with its
 * `shippingRate`, a `freeShippingThreshold`; a UnitPriceSpecification with a
 * `referenceQuantity`, or `unitPricingMeasure`), in the price's currency.
 */
export function structuredLanded(
  blocks: readonly string[],
  price: Money,
  country: string | null,
): { shipping: Omit<ShippingStated, "currency"> | null; unitPrice: UnitPrice | null } {
  if (!blocks.some((b) => KEYS.test(b))) return { shipping: null, unitPrice: null };
  const { offers, nodes } = offersOf(blocks);
  const matching = offers.filter((o) => offerPrices(o, price).includes(price.amountMinor));
  const pool = matching.length > 0 ? matching : offers.length === 1 ? offers : [];
  const product = nodes.find((n) => n.unitPricingMeasure !== undefined) ?? null;
  let shipping: Omit<ShippingStated, "currency"> | null = null;
  let unitPrice: UnitPrice | null = null;
  for (const offer of pool) {
    shipping ??= shippingOfOffer(offer, price, country);
    unitPrice ??= unitPriceOfOffer(offer, product, price);
  }
  // A store's threshold published on its own (ShippingRateSettings).
  if (!shipping?.freeAboveMinor) {
    const settings = nodes.find((n) => n.freeShippingThreshold !== undefined && !pool.includes(n));
    const freeAboveMinor = settings
      ? thresholdOf(settings.freeShippingThreshold, asText(settings.currency), price)
      : null;
    if (freeAboveMinor !== null)
      shipping = { costMinor: shipping?.costMinor ?? null, freeAboveMinor };
  }
  return { shipping, unitPrice };
}
