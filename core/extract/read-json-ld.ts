import { readAvailability } from "./availability.ts";
import { productByTitle } from "./json-ld-product.ts";
import { asArray, asRecord, asText } from "./json-walk.ts";
import { readAmount } from "./read-amount.ts";
import { parseTolerantJson } from "./tolerant-json.ts";
import type { Facts, RawCandidate, RawVariant } from "./types.ts";

type Node = Record<string, unknown>;
type Located = { node: Node; path: string };

const PRODUCT_TYPES =
  /^(product|productgroup|productmodel|individualproduct|someproducts|vehicle|car|book)$/;
/** UN/CEFACT common codes of one piece: a price per one of them is the item's own. */
const PIECE_CODES = new Set(["C62", "EA", "H87", "PCE", "NMP", "XPP"]);
const LIST_TYPES = /listprice|strikethroughprice|srp|msrp|invoiceprice|wasprice|originalprice/i;

function typesOf(node: Node): string[] {
  return asArray(node["@type"])
    .map((t) => (typeof t === "string" ? (t.split(/[/:#]/).pop() ?? t).toLowerCase() : ""))
    .filter(Boolean);
}

function isType(node: Node, pattern: RegExp): boolean {
  return typesOf(node).some((t) => pattern.test(t));
}

/** Every node of every block: arrays and @graph flattened, mainEntity/itemListElement followed. */
function flatten(value: unknown, path: string, out: Located[], depth = 0): void {
  if (depth > 6 || out.length > 2_000) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      flatten(item, `${path}[${i}]`, out, depth + 1);
    });
    return;
  }
  const node = asRecord(value);
  if (!node) return;
  if (node["@type"] !== undefined) out.push({ node, path });
  for (const key of ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item"]) {
    if (node[key] !== undefined && typeof node[key] === "object") {
      flatten(node[key], `${path}.${key}`, out, depth + 1);
    }
  }
}

function textOf(value: unknown): string | null {
  const direct = asText(value);
  if (direct) return direct;
  const record = asRecord(value);
  if (record) return asText(record.name) ?? asText(record.url) ?? asText(record["@id"]);
  const first = asArray(value)[0];
  return first !== undefined && first !== value ? textOf(first) : null;
}

function imageOf(value: unknown): string | null {
  const first = asArray(value)[0];
  if (typeof first === "string") return first.trim() || null;
  const record = asRecord(first);
  return record ? (asText(record.url) ?? asText(record.contentUrl)) : null;
}

function gtinOf(node: Node): string | null {
  for (const key of ["gtin13", "gtin12", "gtin14", "gtin8", "gtin", "isbn"]) {
    const v = asText(node[key]);
    if (v) return v;
  }
  return null;
}

export type JsonLdResult = { candidates: RawCandidate[]; facts: Facts; blocks: number };

/**
 * Product prices from JSON-LD: Product / ProductGroup (hasVariant) → Offer, Offer[],
 * AggregateOffer, priceSpecification (the entry without a priceType is the current price).
 */
export function readJsonLd(
  blocks: readonly string[],
  variantId: string | null,
  pageUrl: string,
  titles: readonly (string | null)[] = [],
): JsonLdResult {
  const nodes: Located[] = [];
  blocks.forEach((block, i) => {
    const parsed = parseTolerantJson(block);
    if (parsed !== undefined) flatten(parsed, `jsonld[${i}]`, nodes);
  });
  const products = nodes.filter((n) => isType(n.node, PRODUCT_TYPES));
  const candidates: RawCandidate[] = [];
  // Every product an item of a list, two or more: a category's or a search's list, no product of
  // the page's own (a product page's list of related items stands beside its own product).
  const listed = products.filter((n) => n.path.includes(".itemListElement"));
  if (listed.length >= 2 && listed.length === products.length)
    return { candidates, facts: { isListing: true }, blocks: blocks.length };
  if (products.length === 0) {
    // Offers published on their own.
    for (const { node, path } of nodes) {
      if (isType(node, /^(offer|aggregateoffer)$/))
        readOffer(node, path, null, variantId, candidates, 0.75);
    }
    return { candidates, facts: {}, blocks: blocks.length };
  }
  const urlPath = safePath(pageUrl);
  // The page's product: the one whose url matches the page, else the one named as the page's
  // title names it, else the first with offers, else the first.
  const byUrl = products.find((p) => {
    const u = asText(p.node.url) ?? asText(p.node["@id"]);
    return u !== null && urlPath !== null && safePath(u) === urlPath;
  });
  const byTitle = byUrl ? null : productByTitle(products, titles);
  const main =
    byUrl ??
    byTitle ??
    products.find((p) => p.node.offers !== undefined || p.node.hasVariant !== undefined) ??
    products[0];
  if (!main) return { candidates, facts: {}, blocks: blocks.length };
  const product = main.node;
  const facts: Facts = {
    isProduct: true,
    title: asText(product.name),
    imageUrl: imageOf(product.image),
    brand: textOf(product.brand) ?? textOf(product.manufacturer),
    sku: asText(product.sku) ?? asText(product.productID) ?? asText(product.mpn),
    gtin: gtinOf(product),
  };

  const offerSets: { owner: Node; offers: unknown; path: string }[] = [
    { owner: product, offers: product.offers, path: `${main.path}.offers` },
  ];
  asArray(product.hasVariant).forEach((variant, i) => {
    const v = asRecord(variant);
    if (v)
      offerSets.push({ owner: v, offers: v.offers, path: `${main.path}.hasVariant[${i}].offers` });
  });
  // Several Product nodes that are variants of one item (same name root / productGroupID).
  const groupId = asText(product.productGroupID) ?? asText(product.inProductGroupWithID);
  if (groupId) {
    for (const p of products) {
      if (p === main) continue;
      if (asText(p.node.inProductGroupWithID) === groupId)
        offerSets.push({ owner: p.node, offers: p.node.offers, path: `${p.path}.offers` });
    }
  }
  let variantAvailability: Facts["availability"] = null;
  let isAnyInStock = false;
  const variants = new Map<string, RawVariant>();
  for (const set of offerSets) {
    const ownerMatches =
      variantId !== null && set.owner !== product && ownsVariant(set.owner, variantId);
    asArray(set.offers).forEach((offer, i) => {
      const o = asRecord(offer);
      if (!o) return;
      noteVariant(variants, set.owner === product ? null : set.owner, o);
      const path = Array.isArray(set.offers) ? `${set.path}[${i}]` : set.path;
      readOffer(o, path, ownerMatches ? set.owner : null, variantId, candidates, 0.85);
      if (ownerMatches) {
        for (const c of candidates) if (c.path.startsWith(path)) c.isVariantMatch = true;
      }
      const availability = readAvailability(o.availability);
      if (ownerMatches || (variantId !== null && ownsVariant(o, variantId)))
        variantAvailability = availability;
      if (facts.availability == null) facts.availability = availability;
      if (availability === "in_stock") isAnyInStock = true;
    });
  }
  // One sold-out size is not a sold-out product: any offer in stock makes the product so.
  if (isAnyInStock && facts.availability === "out_of_stock") facts.availability = "in_stock";
  if (variantAvailability) facts.availability = variantAvailability;
  if (variants.size >= 2) facts.variants = [...variants.values()].slice(0, 100);
  facts.currency = candidates.find((c) => c.currency)?.currency ?? null;
  return { candidates, facts, blocks: blocks.length };
}

function safePath(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.hostname.replace(/^www\./, "")}${u.pathname.replace(/\/$/, "")}`;
  } catch {
    return null;
  }
}

/**
 * A variant: a hasVariant / product-group member with its own SKU or id, or one offer of several
 * that names its own SKU. The first offer per id is kept.
 */
function noteVariant(out: Map<string, RawVariant>, owner: Node | null, offer: Node): void {
  const id =
    (owner && (asText(owner.sku) ?? asText(owner.productID) ?? asText(owner["@id"]))) ??
    asText(offer.sku) ??
    null;
  if (!id || id.length > 100 || out.has(id)) return;
  const currency = asText(offer.priceCurrency)?.toUpperCase() ?? null;
  const read = offer.price !== undefined ? readAmount(offer.price, currency) : null;
  out.set(id, {
    id,
    name: (owner ? asText(owner.name) : null) ?? asText(offer.name) ?? null,
    amount: read && !read.isRange ? read.amount : null,
    currency,
    availability: readAvailability(offer.availability),
  });
}

function ownsVariant(node: Node, variantId: string): boolean {
  for (const key of ["sku", "productID", "@id", "url", "gtin", "gtin13", "gtin12", "mpn"]) {
    const v = asText(node[key]);
    if (v && (v === variantId || v.includes(`variant=${variantId}`) || v.endsWith(`/${variantId}`)))
      return true;
  }
  return false;
}

function readOffer(
  offer: Node,
  path: string,
  variantOwner: Node | null,
  variantId: string | null,
  out: RawCandidate[],
  confidence: number,
): void {
  const currency = asText(offer.priceCurrency)?.toUpperCase() ?? null;
  const isVariantMatch =
    variantOwner !== null || (variantId !== null && ownsVariant(offer, variantId));
  const push = (
    value: unknown,
    at: string,
    role: RawCandidate["role"],
    extra: Partial<RawCandidate> = {},
    cur = currency,
  ) => {
    const read = readAmount(value, cur);
    if (!read) return;
    out.push({
      source: "json_ld",
      path: at,
      amount: read.amount,
      currency: cur,
      currencyOptions: read.currencyOptions,
      role: read.isPerUnit ? "unit_price" : role,
      confidence,
      isRange: read.isRange,
      isFrom: read.isFrom,
      isVariantMatch,
      ...(/discontinued\s*$/i.test(asText(offer.availability) ?? "")
        ? { isDiscontinued: true }
        : {}),
      raw: String(value).slice(0, 80),
      ...extra,
    });
  };
  // AggregateOffer with its own offers: read those.
  const nested = asArray(offer.offers);
  if (nested.length > 0) {
    nested.forEach((n, i) => {
      const r = asRecord(n);
      if (r) readOffer(r, `${path}.offers[${i}]`, variantOwner, variantId, out, confidence);
    });
  }
  if (offer.price !== undefined && asRecord(offer.price) === null)
    push(offer.price, `${path}.price`, "price");
  const specs = asArray(offer.priceSpecification);
  specs.forEach((spec, i) => {
    const s = asRecord(spec);
    if (!s) return;
    const kind = asArray(s["@type"])
      .map((t) => asText(t) ?? "")
      .join(" ");
    // A delivery charge is what shipping costs, never the price (core/extract/landed.ts reads it).
    if (/DeliveryChargeSpecification|PaymentChargeSpecification/.test(kind)) return;
    const type = asText(s.priceType) ?? "";
    const specCurrency = asText(s.priceCurrency)?.toUpperCase() ?? currency;
    const quantity = asRecord(s.referenceQuantity);
    // A price per a quantity other than one, or per one of a measure (kg, l, m …), is a unit
    // price; per one piece ("C62", "EA") it is the item's own.
    const unitCode = (quantity && asText(quantity.unitCode)?.toUpperCase()) ?? "";
    const isUnit =
      quantity !== null &&
      (Number(asText(quantity.value) ?? 1) !== 1 ||
        (unitCode !== "" && !PIECE_CODES.has(unitCode)));
    const role = isUnit ? "unit_price" : type && LIST_TYPES.test(type) ? "list_price" : "price";
    const at =
      specs.length > 1 || Array.isArray(offer.priceSpecification)
        ? `${path}.priceSpecification[${i}].price`
        : `${path}.priceSpecification.price`;
    const isWithTax = /^true$/i.test(String(s.valueAddedTaxIncluded));
    push(s.price ?? s.minPrice, at, role, isWithTax ? { isWithTax } : {}, specCurrency);
  });
  if (offer.lowPrice !== undefined) {
    const low = readAmount(offer.lowPrice, currency);
    const high = readAmount(offer.highPrice, currency);
    const count = Number(asText(offer.offerCount) ?? "0");
    const isSingle =
      high === null || (low !== null && Number(low.amount) === Number(high.amount)) || count === 1;
    push(offer.lowPrice, `${path}.lowPrice`, "price", {
      isRange: !isSingle,
      confidence: isSingle ? confidence : confidence * 0.6,
    });
  }
}
