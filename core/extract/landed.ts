import { decimalToMinor, minorToDecimal, normalizeDecimal } from "../money/decimal-to-minor.ts";
import type { Money } from "../money/money.ts";
import { type FoundPrice, normalizeText } from "../money/parse-price-string.ts";
import type { UnitPrice } from "../money/unit-price.ts";
import { foundPrices } from "./found-prices.ts";
import { structuredLanded } from "./landed-structured.ts";
import type { PageScan, PriceText } from "./scan/types.ts";
import { isFreeAfter, shippingOfAmount } from "./shipping.ts";
import type { ShippingStated } from "./types.ts";
import { unitAmountToMinor, unitOfAmount } from "./unit-price.ts";
import { titleOrder } from "./visible-features.ts";
import { PER_HINT, SHIPPING_WORD, UNIT_AFTER, UNIT_HINT } from "./vocabulary/patterns.ts";

/** What the page states of the landed price: shipping and a unit price (issue #37 item 6). */
export type Landed = { shipping?: ShippingStated; unitPrice?: UnitPrice };

/** How far (in elements) from the title or a buy control a figure tied to no price may stand. */
const BUY_BOX_AFTER_TITLE = 400;
const BUY_BOX_AROUND_CONTROL = 100;

type Found = { order: number; isExcluded: boolean; minor: number };

/**
 * Shipping and a unit price of the price found, in its currency: the page's structured data
 * first (landed-structured.ts), then its visible text (decision 0079). A visible figure counts
 * when it is tied to the price (or the "was" price) by the amount right before it ("4,99 € +
 * 3,00 € Livraison", "7,91 € (34,39 € / kg)"), or, tied to no amount, stands in the buy box
 * (near the title or a buy control); never one tied to another amount (another seller's offer,
 * a subscription's price) nor one in navigation, carousels or lists of other items — but for a
 * free-shipping threshold, which is the store's wherever it says so (a banner), the buy box's
 * first.
 */
export function readLanded(
  scan: PageScan,
  price: Money,
  listPrice: Money | null,
  country: string | null,
): Landed {
  const structured = structuredLanded(scan.jsonLd, price, country);
  const visible = visibleLanded(scan, price, listPrice);
  const cost = structured.shipping?.costMinor ?? visible.cost;
  const threshold = structured.shipping?.freeAboveMinor ?? visible.threshold;
  // "+ FREE Shipping" beside a price below a stated threshold: free from the threshold only.
  const costMinor =
    cost === 0 && threshold !== null && !structured.shipping && visible.costIsFreeWords
      ? null
      : cost;
  const out: Landed = {};
  if (costMinor !== null || threshold !== null)
    out.shipping = {
      costMinor,
      ...(threshold !== null ? { freeAboveMinor: threshold } : {}),
      currency: price.currency,
    };
  const unitPrice = structured.unitPrice ?? visible.unitPrice;
  if (unitPrice) out.unitPrice = unitPrice;
  return out;
}

/** `readLanded` of the chosen price (none without one): the hook in extract-product.ts. */
export function landedOf(
  scan: PageScan,
  chosen: { price: Money } | null,
  list: { price: Money } | undefined,
  country: string | undefined,
): Landed {
  if (!chosen) return {};
  return readLanded(scan, chosen.price, list?.price ?? null, country?.toUpperCase() ?? null);
}

/** The amounts of a price text, read in its normalized text, with what stands around each. */
function amountsOf(t: PriceText): { text: string; found: FoundPrice[] } {
  const text = normalizeText(t.text);
  return { text, found: foundPrices(text) };
}

function visibleLanded(scan: PageScan, price: Money, listPrice: Money | null) {
  const own = new Set([decimalOf(price)]);
  const known = new Set([price, listPrice].flatMap((m) => (m ? [decimalOf(m)] : [])));
  // The amounts read as the price's shipping or unit price: what follows them is tied to the
  // price too ("$24.99 Shipping: $4.99 ($0.42 / 100 g)", "(23,96 € / kg) Versand: 4,95 €").
  const read = new Set<string>();
  const title = titleOrder(scan);
  const buys = scan.buyControls.filter((b) => !b.isExcluded).map((b) => b.order);
  const isInBuyBox = (order: number) =>
    (title >= 0 && order >= title && order - title <= BUY_BOX_AFTER_TITLE) ||
    buys.some((b) => Math.abs(b - order) <= BUY_BOX_AROUND_CONTROL);
  let cost: Found | null = null;
  let costIsFreeWords = false;
  const thresholds: Found[] = [];
  let unitPrice: (UnitPrice & { order: number }) | null = null;
  for (const t of scan.priceTexts) {
    // Innermost texts only: an outer one runs its children's amounts together, a carousel's
    // among them; the words around each amount come from `before` and `after`.
    if (t.childPrices.length > 0 || t.isHidden || t.isInOption || t.text.length > 200) continue;
    const around = `${t.before.slice(-40)} ${t.text} ${t.after.slice(0, 30)}`;
    const isShipping = SHIPPING_WORD.test(around);
    const isUnit =
      (around.includes("/") || around.includes("=") || PER_HINT.test(around)) &&
      UNIT_HINT.test(around);
    if (!isShipping && !isUnit) continue;
    const { text, found } = amountsOf(t);
    for (const [i, p] of found.entries()) {
      const currencyFits = p.currencies.length === 0 || p.currencies.includes(price.currency);
      if (!currencyFits) continue;
      const lead = `${t.before} ${text.slice(0, p.index)}`;
      const rest = `${restAfter(text, p)} ${t.after}`;
      const previous = i > 0 ? found[i - 1] : undefined;
      const tiedTo = previous
        ? { ...previous, lead: `${t.before} ${text.slice(0, previous.index)}` }
        : lastAmount(t.before);
      // Tied to the price (a unit price also to its "was" price: "UVP: 419,00 € (29,99 € /
      // 100 g)"), or to no amount in the buy box; never to a listing of other offers ("New (5)
      // from £39.50 + FREE Shipping").
      const isTied = (amounts: ReadonlySet<string>) =>
        !t.isExcluded &&
        (tiedTo !== undefined
          ? (amounts.has(tiedTo.amount) || read.has(tiedTo.amount)) &&
            !tiedTo.isFrom &&
            !OFFER_COUNT.test(tiedTo.lead)
          : isInBuyBox(t.order));
      const isListing = p.isFrom || OFFER_COUNT.test(lead.slice(-30));
      if (isUnit && isTied(known) && (!unitPrice || t.order < unitPrice.order)) {
        const unit = unitOf(lead, rest, p.amount, price);
        if (unit) unitPrice = { ...unit, order: t.order };
        if (unit) read.add(p.amount);
      }
      if (isShipping) {
        const minor = decimalToMinor(p.amount, price.currency);
        const kind = minor === null ? null : shippingOfAmount(lead, rest, p.isFrom);
        if (minor !== null && kind === "threshold" && minor > 0)
          thresholds.push({ order: t.order, isExcluded: t.isExcluded, minor });
        else if (minor !== null && kind === "cost" && isTied(own) && !own.has(p.amount)) {
          if (!cost || t.order < cost.order) cost = { order: t.order, isExcluded: false, minor };
          read.add(p.amount);
        } else if (
          !cost &&
          (own.has(p.amount) || read.has(p.amount)) &&
          !t.isExcluded &&
          !isListing &&
          isFreeAfter(rest.replace(UNIT_AFTER, ""))
        ) {
          cost = { order: t.order, isExcluded: false, minor: 0 };
          costIsFreeWords = true;
        }
      }
    }
  }
  const inBox = thresholds.filter((t) => !t.isExcluded);
  const amounts = new Set(thresholds.map((t) => t.minor));
  const threshold = inBox[0]?.minor ?? (amounts.size === 1 ? (thresholds[0]?.minor ?? null) : null);
  return {
    cost: cost?.minor ?? null,
    costIsFreeWords,
    threshold,
    unitPrice: unitPrice
      ? {
          amountMinor: unitPrice.amountMinor,
          currency: unitPrice.currency,
          perQuantity: unitPrice.perQuantity,
          unit: unitPrice.unit,
        }
      : null,
  };
}

function unitOf(lead: string, rest: string, amount: string, price: Money): UnitPrice | null {
  const written = unitOfAmount(lead, rest);
  if (!written) return null;
  const minor = unitAmountToMinor(amount, price.currency, written.perQuantity);
  if (!minor) return null;
  // One piece at the item's own price says nothing a shopper compares.
  if (written.unit === "piece" && minor.amountMinor === price.amountMinor) return null;
  return { ...minor, currency: price.currency, unit: written.unit };
}

/** The text after an amount's number and its currency, if written after it. */
function restAfter(text: string, p: FoundPrice): string {
  const tail = text.slice(p.index).replace(/^[\d.,' ]*\d(?:[.,]-+)?/, "");
  const currency = p.currencyText;
  if (currency && tail.trimStart().startsWith(currency))
    return tail.trimStart().slice(currency.length);
  return tail;
}

/** A count of offers right before an amount: "New (5) from", "Neu und gebraucht (7) ab". */
const OFFER_COUNT = /\(\d+\)[^\d()]{0,24}$/;

/** The last amount in the 40 characters before a text, if any ("Prix : 4,99 € " → 4.99). */
function lastAmount(before: string): (FoundPrice & { lead: string }) | undefined {
  const tail = normalizeText(before.slice(-40));
  const last = /\d/.test(tail) ? foundPrices(tail).at(-1) : undefined;
  return last ? { ...last, lead: tail.slice(0, last.index) } : undefined;
}

function decimalOf(m: Money): string {
  return normalizeDecimal(minorToDecimal(m.amountMinor, m.currency));
}
