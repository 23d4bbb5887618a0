import { canonicalCurrency } from "../money/currencies.ts";
import { decimalToMinor, normalizeDecimal } from "../money/decimal-to-minor.ts";
import { applyRecipe } from "./apply-recipe.ts";
import { stockFromPage } from "./availability.ts";
import { ACCEPT, choiceOptions, choosePrice, moneyKey } from "./choose-price.ts";
import { currencyEvidence } from "./currency-evidence.ts";
import { forgetFoundPrices } from "./found-prices.ts";
import { landedOf } from "./landed.ts";
import { makePageContext, type PageContext } from "./page-context.ts";
import { type PageText, pageTextPrefix, wholePageText } from "./page-text.ts";
import { isProductPage, STANDS_ALONE } from "./product-page.ts";
import { checkBudget, OverBudget, type ReadBudget } from "./read-budget.ts";
import { readJsonLd } from "./read-json-ld.ts";
import { readMetaTags } from "./read-meta-tags.ts";
import { readMicrodata } from "./read-microdata.ts";
import { readVisibleText, VISIBLE_WEIGHTS } from "./read-visible-text.ts";
import { currencyNote, type Resolver, resolveCurrency } from "./resolve-currency.ts";
import { type PageScan, scanHtml } from "./scan/index.ts";
import { storeName } from "./store-name.ts";
import { STORE_RULES } from "./store-rules/index.ts";
import type { RuleOutput, StoreRule } from "./store-rules/store-rule.ts";
import type {
  Availability,
  ExtractOptions,
  ExtractResult,
  Facts,
  PriceCandidate,
  ProductVariant,
  RawCandidate,
  RawVariant,
} from "./types.ts";
import { type VisibleCandidate, visibleCandidates } from "./visible-features.ts";

/** Pages beyond this are cut: bounded time whatever arrives. */
const MAX_HTML = 16_000_000;

/**
 * HTML (+ its URL) → what the product is and what it costs, or an honest "cannot tell".
 * The HTML may come whole or in consecutive pieces (page-text.ts): the answer is the same.
 * Pure and browser-safe; never throws but `OverBudget`, when a `budget` is given and spent
 * (read-budget.ts: checked between pieces of the page).
 */
export function extractProduct(
  html: PageText,
  url: string,
  options: ExtractOptions = {},
  budget?: ReadBudget,
): ExtractResult {
  try {
    const page = isPageText(html) ? pageTextPrefix(html, MAX_HTML) : "";
    const recipe = options?.recipe;
    const pageUrl = typeof url === "string" ? url : "";
    const result = run(
      page,
      pageUrl,
      { ...options, preferredCandidateKey: recipe?.candidateKey ?? options?.preferredCandidateKey },
      VISIBLE_WEIGHTS,
      budget,
    );
    if (!recipe) return result;
    // A recipe reads the page's element tree, built from the page in one string.
    const read = applyRecipe(result, wholePageText(page), recipe);
    // A recipe offered (a store's) that stopped matching: the page read as if it had none.
    if (options.isRecipeOffered === true && read.recipeStatus === "stopped_matching") {
      return run(page, pageUrl, { ...options, recipe: undefined }, VISIBLE_WEIGHTS, budget);
    }
    return read;
  } catch (error) {
    if (error instanceof OverBudget) throw error;
    return {
      ...emptyResult("no_price"),
      notes: [
        `extraction failed: ${error instanceof Error ? error.message : String(error)}`.slice(
          0,
          300,
        ),
      ],
    };
  }
}

function isPageText(html: unknown): html is PageText {
  return (
    typeof html === "string" ||
    (Array.isArray(html) && html.every((piece) => typeof piece === "string"))
  );
}

function emptyResult(status: ExtractResult["status"]): ExtractResult {
  return {
    status,
    title: null,
    imageUrl: null,
    price: null,
    priceKey: null,
    isPriceRange: false,
    listPrice: null,
    referenceLowest30d: null,
    availability: "unknown",
    brand: null,
    sku: null,
    gtin: null,
    canonicalUrl: null,
    store: null,
    rule: null,
    candidates: [],
    notes: [],
  };
}

function toCandidates(
  raws: readonly RawCandidate[],
  r: Resolver,
  notes: string[],
): { candidates: PriceCandidate[]; unresolved: number } {
  const out: PriceCandidate[] = [];
  const keys = new Map<string, number>();
  let unresolved = 0;
  const conflicts = new Set<string>();
  for (const raw of raws) {
    const resolved = resolveCurrency(raw, r);
    if (!resolved || "conflict" in resolved) {
      const counts =
        raw.role === "price" && (raw.source !== "visible_text" || raw.confidence >= ACCEPT);
      if (counts) unresolved++;
      if (counts && resolved) for (const c of resolved.conflict) conflicts.add(c);
      continue;
    }
    const amountMinor = raw.isMinor
      ? Number(raw.amount)
      : decimalToMinor(raw.amount, resolved.currency);
    if (amountMinor === null || !Number.isSafeInteger(amountMinor) || amountMinor < 0) continue;
    const base = `${raw.source}:${raw.path}`;
    const n = keys.get(base) ?? 0;
    keys.set(base, n + 1);
    out.push({
      key: n > 0 ? `${base}#${n}` : base,
      source: raw.source,
      path: raw.path,
      price: { amountMinor, currency: resolved.currency },
      role: raw.role,
      confidence: Math.round(raw.confidence * 100) / 100,
      currencyBasis: resolved.basis,
      isRange: raw.isRange ?? false,
      isFrom: raw.isFrom ?? false,
      isVariantMatch: raw.isVariantMatch ?? false,
      ...(raw.isOtherOption ? { isOtherOption: true } : {}),
      ...(raw.isBid ? { isBid: true } : {}),
      ...(raw.isCardPrice ? { isCardPrice: true } : {}),
      ...(raw.isBeforeTax ? { isBeforeTax: true } : {}),
      ...(raw.isElsewhere ? { isElsewhere: true } : {}),
      ...(raw.isDiscontinued ? { isDiscontinued: true } : {}),
      ...(raw.isMember ? { isMember: true } : {}),
      ...(raw.isWithTax ? { isWithTax: true } : {}),
      raw: raw.raw,
    });
  }
  if (unresolved > 0 && conflicts.size > 0) {
    notes.push(
      `${unresolved} price(s) in an ambiguous currency symbol were left out: the page names ${[...conflicts].sort().join(" and ")}`,
    );
  } else if (unresolved > 0) {
    notes.push(
      `${unresolved} price(s) in an ambiguous currency symbol (nothing on the page decides it) were left out`,
    );
  }
  return { candidates: out, unresolved };
}

function absolute(value: string | null | undefined, base: URL | null): string | null {
  if (!value) return null;
  try {
    return new URL(value, base ?? undefined).href;
  } catch {
    return null;
  }
}

function runRule(rule: StoreRule, ctx: PageContext): RuleOutput {
  try {
    return rule.read(ctx);
  } catch {
    return { candidates: [] };
  }
}

/** One scan, then every reader but visible text (whose features depend on the others). */
function readSources(
  html: PageText,
  url: string,
  variantId: string | null = null,
  budget?: ReadBudget,
) {
  // The amounts read in this page's texts are kept for this page only (found-prices.ts).
  forgetFoundPrices();
  const scan: PageScan = scanHtml(html, budget);
  checkBudget(budget);
  const ctx = makePageContext(scan, url, variantId);
  const titles = [scan.metas.get("og:title")?.[0] ?? null, scan.h1, scan.title];
  const jsonLd = readJsonLd(scan.jsonLd, ctx.variantId, url, titles);
  const micro = readMicrodata(scan.props);
  const meta = readMetaTags(scan.metas);
  const matched = STORE_RULES.filter((rule) => rule.matches(ctx));
  // A store rule for the domain speaks for the page; platforms apply only without one.
  const storeRule = matched.find((rule) => rule.kind === "store");
  const rules = storeRule ? [storeRule] : matched.filter((rule) => rule.kind === "platform");
  const outputs = rules.map((rule) => ({ rule, output: runRule(rule, ctx) }));
  const structuredAmounts = new Set(
    [
      ...outputs.flatMap((o) => o.output.candidates),
      ...jsonLd.candidates,
      ...micro.candidates,
      ...meta.candidates,
    ]
      // A range's low end (an AggregateOffer's lowPrice) is the cheapest variant's price, which
      // an unchosen option may show: it confirms no shown amount as the price.
      .filter((c) => c.role === "price" && !c.isMinor && !c.isRange)
      .map((c) => normalizeDecimal(c.amount)),
  );
  // Nor does an exact amount equal to a range's low end (og:price restating an AggregateOffer's
  // lowPrice, as choose-price.ts reads it).
  for (const c of [...jsonLd.candidates, ...micro.candidates, ...meta.candidates])
    if (c.isRange && c.role === "price" && !c.isMinor)
      structuredAmounts.delete(normalizeDecimal(c.amount));
  return { scan, ctx, jsonLd, micro, meta, outputs, storeRule, structuredAmounts };
}

/** The visible candidates of a page with their features, for fitting the weights. */
export function visibleFeaturesOf(html: string, url: string): VisibleCandidate[] {
  const { scan, structuredAmounts } = readSources(html.slice(0, MAX_HTML), url);
  return visibleCandidates(scan, structuredAmounts, undefined, url);
}

/**
 * The extraction itself, with the visible-price weights as a parameter so that the fitting
 * script can measure other weights (leave-one-store-out) through the whole pipeline.
 */
export function extractWithWeights(
  html: string,
  url: string,
  options: ExtractOptions,
  weights: readonly number[] = VISIBLE_WEIGHTS,
): ExtractResult {
  return run(html.slice(0, MAX_HTML), url, options, weights);
}

function run(
  html: PageText,
  url: string,
  options: ExtractOptions,
  weights: readonly number[] = VISIBLE_WEIGHTS,
  budget?: ReadBudget,
): ExtractResult {
  const { scan, ctx, jsonLd, micro, meta, outputs, storeRule, structuredAmounts } = readSources(
    html,
    url,
    options.variantId ?? null,
    budget,
  );
  const visible = readVisibleText(scan, structuredAmounts, weights, url);

  const facts: Facts[] = [
    ...outputs.map((o) => o.output.facts ?? {}),
    jsonLd.facts,
    micro.facts,
    meta.facts,
  ];
  const pick = <K extends keyof Facts>(key: K): Facts[K] | null => {
    for (const f of facts) {
      const v = f[key];
      if (v !== undefined && v !== null && v !== "") return v;
    }
    return null;
  };
  const ruleCurrency = outputs.find((o) => o.output.currency)?.output.currency ?? null;
  const pageCurrency = jsonLd.facts.currency ?? micro.facts.currency ?? meta.facts.currency ?? null;
  const notes: string[] = [];
  const raws: RawCandidate[] = [
    ...outputs.flatMap((o) => o.output.candidates),
    ...jsonLd.candidates,
    ...micro.candidates,
    ...meta.candidates,
    ...visible,
  ];
  const resolver: Resolver = {
    page: pageCurrency ? canonicalCurrency(pageCurrency) : null,
    store: ruleCurrency,
    ctx,
    evidence: currencyEvidence(
      scan,
      ctx.url,
      statedByPrices(raws),
      options.country ? options.country.toUpperCase() : null,
    ),
  };
  const { candidates, unresolved } = toCandidates(raws, resolver, notes);
  const tagOnly = meta.candidates.length === 0 && !facts.slice(0, -1).some((f) => f.isProduct);
  const isProduct = isProductPage(url, facts, scan, visible, outputs, tagOnly);
  const structuredCount =
    jsonLd.candidates.length + micro.candidates.length + meta.candidates.length;
  const isBlocked =
    scan.hasCaptcha &&
    structuredCount === 0 &&
    !outputs.some((o) => o.output.candidates.length > 0);
  const choice = choosePrice(candidates, choiceOptions(options, scan, !isBlocked && isProduct));
  notes.push(...choice.notes);
  const why = choice.chosen ? currencyNote(choice.chosen, resolver.evidence) : null;
  if (why) notes.push(why);
  if (isBlocked) notes.push("the page looks like a robot check or challenge, not a product page");

  const chosen = choice.chosen;
  const listPrice = chosen
    ? candidates
        .filter(
          (c) =>
            c.role === "list_price" &&
            c.price.currency === chosen.price.currency &&
            c.price.amountMinor > chosen.price.amountMinor,
        )
        .sort(
          (a, b) =>
            Number(b.source === chosen.source) - Number(a.source === chosen.source) ||
            b.confidence - a.confidence,
        )[0]
    : undefined;

  // The EU's lowest price of the last 30 days, in the price's currency (the first one shown).
  const reference = candidates.find(
    (c) =>
      c.role === "reference_30d" &&
      c.price.amountMinor > 0 &&
      (chosen === null || c.price.currency === chosen.price.currency),
  );

  const ruleAvailability = outputs.find((o) => o.output.availability)?.output.availability ?? null;
  const pageStock = stockFromPage(
    scan,
    chosen !== null,
    chosen !== null && (chosen.source !== "visible_text" || chosen.confidence >= STANDS_ALONE),
  );
  const structuredAvailability = pick("availability");
  // The buy box showing sold out overrules structured data that still says in stock, and the
  // buy box showing it for sale (nothing sold out on the page) structured data saying sold out
  // — not a variant's: the page's one button is the shown variant's.
  const availability: Availability =
    ruleAvailability ??
    (pageStock.isSoldOutShown && structuredAvailability === "in_stock" ? "out_of_stock" : null) ??
    (pageStock.isForSaleShown &&
    structuredAvailability === "out_of_stock" &&
    !options.variantId &&
    (jsonLd.facts.variants?.length ?? 0) <= 1
      ? "in_stock"
      : null) ??
    structuredAvailability ??
    pageStock.availability ??
    "unknown";
  const status: ExtractResult["status"] =
    choice.status === "ok"
      ? "ok"
      : choice.status === "ambiguous" || (unresolved > 0 && isProduct && !isBlocked)
        ? "ambiguous"
        : isProduct && !isBlocked
          ? "no_price"
          : "not_product";
  const titleElement = scan.titleElements.find(
    (r) => !r.isExcluded && !r.isHidden && r.text.length > 2 && r.text.length < 500,
  );
  const title = pick("title") ?? titleElement?.text ?? scan.h1 ?? scan.title;
  const seen = new Set<string>();
  const variants = resolveVariants(
    outputs.find((o) => o.output.facts?.variants)?.output.facts?.variants ?? jsonLd.facts.variants,
    resolver,
    ctx.variantId,
  );
  return {
    status,
    title: title ? title.slice(0, 500) : null,
    imageUrl: absolute(pick("imageUrl"), ctx.url),
    price: chosen ? chosen.price : null,
    priceKey: chosen ? chosen.key : null,
    isPriceRange: chosen ? chosen.isRange || chosen.isFrom : false,
    listPrice: listPrice ? listPrice.price : null,
    referenceLowest30d: reference ? reference.price : null,
    ...landedOf(scan, chosen, listPrice, options.country),
    availability: status === "not_product" ? "unknown" : availability,
    brand: pick("brand") ?? null,
    sku: pick("sku") ?? null,
    gtin: pick("gtin") ?? null,
    canonicalUrl: absolute(scan.canonical ?? scan.metas.get("og:url")?.[0] ?? null, ctx.url),
    store: ctx.host ? storeName(ctx.host, scan.metas.get("og:site_name")?.[0] ?? null) : null,
    rule: outputs.find((o) => o.output.candidates.length > 0)?.rule.name ?? storeRule?.name ?? null,
    candidates: keepShown(candidates, chosen).filter((c) => {
      // The same price read twice from the same source (nested elements, repeated blocks) is one
      // candidate; visible text keeps one per amount, the first in the page.
      const where = c.source === "visible_text" ? "" : c.path.replace(/:\d+$/, "");
      const k = `${c.source}|${c.role}|${moneyKey(c)}|${where}`;
      if (seen.has(k) && c.key !== chosen?.key) return false;
      seen.add(k);
      return true;
    }),
    notes,
    ...(variants ? { variants } : {}),
  };
}

/** The currencies the page's prices state by a code or a symbol only one currency uses. */
function statedByPrices(raws: readonly RawCandidate[]): Set<string> {
  const out = new Set<string>();
  for (const raw of raws) {
    const code = raw.currency ? canonicalCurrency(raw.currency) : null;
    const only = raw.currencyOptions?.length === 1 ? raw.currencyOptions[0] : undefined;
    if (code) out.add(code);
    else if (only) out.add(only);
  }
  return out;
}

/** The page's variants with their prices resolved, the selected one marked. */
function resolveVariants(
  raws: readonly RawVariant[] | undefined,
  r: Resolver,
  selectedId: string | null,
): ProductVariant[] | undefined {
  if (!raws || raws.length < 2) return undefined;
  return raws.map((v) => {
    const currency = v.currency ? canonicalCurrency(v.currency) : r.page;
    const amountMinor = v.amount && currency ? decimalToMinor(v.amount, currency) : null;
    return {
      id: v.id,
      name: v.name ? v.name.slice(0, 200) : null,
      price:
        amountMinor !== null && currency && Number.isSafeInteger(amountMinor) && amountMinor >= 0
          ? { amountMinor, currency }
          : null,
      availability: v.availability ?? "unknown",
      isSelected: selectedId !== null && v.id === selectedId,
    };
  });
}

/** Visible candidates beyond the 30 best scored are not worth showing (or storing). */
function keepShown(
  candidates: readonly PriceCandidate[],
  chosen: PriceCandidate | null,
): PriceCandidate[] {
  const visible = candidates.filter((c) => c.source === "visible_text");
  if (visible.length <= 30) return [...candidates];
  const floor = [...visible].sort((a, b) => b.confidence - a.confidence)[29]?.confidence ?? 0;
  let kept = 0;
  return candidates.filter((c) => {
    if (c.source !== "visible_text" || c === chosen) return true;
    if (c.confidence < floor || kept >= 30) return false;
    kept++;
    return true;
  });
}
