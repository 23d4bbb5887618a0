import { canonicalCurrency } from "../money/currencies.ts";
import type { CurrencyEvidence } from "./currency-evidence.ts";
import type { PageContext } from "./page-context.ts";
import type { CurrencyBasis, PriceCandidate, RawCandidate } from "./types.ts";

/**
 * A candidate's currency (decision 0050): stated, the only one its symbol means, the page's or
 * the store's, the domain's or locale's country, then what else a person reads the symbol by —
 * currencies stated on the page, the address, the page's other prices, a generic English
 * domain, the person's own country.
 */

/** What a price's currency is read by: the page's and store's stated currency, the page's context, and the evidence a person reads a symbol by. */
export type Resolver = {
  page: string | null;
  store: string | null;
  ctx: PageContext;
  evidence: CurrencyEvidence;
};

type Resolved = { currency: string; basis: CurrencyBasis } | { conflict: readonly string[] };

/** The currencies of `set` that a symbol may mean (every one for a bare number). */
function meant(set: Iterable<string>, options: readonly string[]): string[] {
  const out: string[] = [];
  for (const c of set) if (options.length === 0 || options.includes(c)) out.push(c);
  return out;
}

/** The currency a candidate is in, and on what basis, or the currencies its symbol leaves open. */
export function resolveCurrency(raw: RawCandidate, r: Resolver): Resolved | null {
  const stated = raw.currency ? canonicalCurrency(raw.currency) : null;
  if (stated) return { currency: stated, basis: "explicit" };
  const options = raw.currencyOptions ?? [];
  if (options.length === 1 && options[0]) return { currency: options[0], basis: "symbol" };
  // A sentence stating the prices' currency ("All prices are in AUD") speaks before the domain:
  // a .ca store may sell in US dollars and say so.
  const said = r.page || r.store ? [] : meant(r.evidence.sentence, options);
  if (said.length > 1) return { conflict: said };
  if (said[0]) return { currency: said[0], basis: "stated" };
  const ordered: [string | null, CurrencyBasis][] = [
    [r.page, "page"],
    [r.store, "store"],
    [r.ctx.domainCurrency, "domain"],
    [r.ctx.localeCurrency, "locale"],
  ];
  for (const [currency, basis] of ordered) {
    // A bare number takes the page's/store's currency, else the domain's or locale's country.
    if (currency && (options.length === 0 || options.includes(currency))) {
      return { currency, basis };
    }
  }
  // What else a person reads the symbol by (currency-evidence.ts), strongest first; evidence
  // naming two of the currencies it may mean decides nothing.
  const e = r.evidence;
  const steps: [Iterable<string>, CurrencyBasis][] = [
    [e.stated, "stated"],
    [e.regional.keys(), "address"],
    [e.otherPrices, "other_prices"],
    // The page's language names a country for a sign, never for a bare number.
    [e.language && options.length > 0 ? [e.language] : [], "locale"],
  ];
  for (const [set, basis] of steps) {
    const found = meant(set, options);
    if (found.length > 1) return { conflict: found };
    if (found[0]) return { currency: found[0], basis };
  }
  if (options.length === 0) return null;
  if (e.isGenericEnglish && options.includes("USD")) return { currency: "USD", basis: "likely" };
  if (e.personal && options.includes(e.personal)) return { currency: e.personal, basis: "person" };
  return null;
}

/** Why a price's currency is what it is, for the bases a person may wonder about. */
export function currencyNote(c: PriceCandidate, e: CurrencyEvidence): string | null {
  // The currency sign itself ("$", "C$", "US$"), not another sign of the text ("Buy 3+ for $19").
  const symbol = /(?:[A-Z]{1,2})?\p{Sc}/u.exec(c.raw)?.[0];
  const read = `${symbol ? `"${symbol}"` : "the price"} read as ${c.price.currency}`;
  switch (c.currencyBasis) {
    case "stated":
      return `${read}: the page states ${c.price.currency} (in a sentence, its scripts, data layer or currency selector)`;
    case "address":
      return `${read}: ${e.regional.get(c.price.currency) ?? "the page's country"} names the country`;
    case "other_prices":
      return `${read}: the page's other prices are in ${c.price.currency}`;
    case "likely":
      return `${read}: a dollar sign on a generic domain in English, nothing naming another country`;
    case "person":
      return `${read}: nothing on the page decides it; your country breaks the tie`;
    default:
      return null;
  }
}
