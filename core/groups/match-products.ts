/**
 * Which watches are the same product at different stores (issue #37 item 5, decision 0068).
 * Pure. Structured data gives two identities: the GTIN (EAN/UPC), and the brand with the
 * maker's part number. Extraction keeps no separate MPN field; it keeps the page's `sku`, which
 * on many stores is the maker's part number and on others the store's own code, so a SKU counts
 * only beside the same brand and only when it looks like a part number (letters and digits).
 */

export type MatchableWatch = {
  watchId: string;
  productId: string;
  gtin: string | null;
  brand: string | null;
  sku: string | null;
  /** The group it is in already, if any. */
  groupId: string | null;
};

export type MatchReason = "gtin" | "brand_sku";

export type GroupSuggestion = {
  /** The shared identity ("gtin:04006381333931", "brand_sku:acme|ACK100"). */
  key: string;
  reason: MatchReason;
  /** The watches to group (none of them in a group yet). */
  watchIds: string[];
  /** The group they would join (one that already holds a watch of the same identity), or null for a new one. */
  intoGroupId: string | null;
};

/**
 * A GTIN-8, -12, -13 or -14 as 14 digits (UPC-A 012345678905 and EAN 0012345678905 are one
 * number), or null when it is not one: wrong length, not digits, a wrong check digit, or all zeros.
 */
export function normalizeGtin(value: string | null): string | null {
  if (!value) return null;
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{8}$|^\d{12,14}$/.test(digits)) return null;
  const padded = digits.padStart(14, "0");
  if (/^0+$/.test(padded)) return null;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(padded[i]) * (i % 2 === 0 ? 3 : 1);
  const check = (10 - (sum % 10)) % 10;
  return check === Number(padded[13]) ? padded : null;
}

/** A brand as compared: lower case, letters and digits only ("Acme Inc." → "acmeinc"). */
export function normalizeBrand(value: string | null): string | null {
  if (!value) return null;
  const brand = value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
  return brand.length >= 2 ? brand : null;
}

/**
 * A part number as compared: upper case, without spaces, dots, dashes and slashes
 * ("WH-1000XM5/B" → "WH1000XM5B"), or null when it does not look like one: fewer than 4
 * characters, or not both letters and digits (a bare number is often a store's own id).
 */
export function normalizePartNumber(value: string | null): string | null {
  if (!value) return null;
  const part = value.toUpperCase().replace(/[\s./_-]/g, "");
  if (part.length < 4 || part.length > 40 || !/^[A-Z0-9]+$/.test(part)) return null;
  return /[A-Z]/.test(part) && /\d/.test(part) ? part : null;
}

/** The identities a watch's product has (none without structured data). */
export function identitiesOf(w: MatchableWatch): { key: string; reason: MatchReason }[] {
  const keys: { key: string; reason: MatchReason }[] = [];
  const gtin = normalizeGtin(w.gtin);
  if (gtin) keys.push({ key: `gtin:${gtin}`, reason: "gtin" });
  const brand = normalizeBrand(w.brand);
  const part = normalizePartNumber(w.sku);
  if (brand && part) keys.push({ key: `brand_sku:${brand}|${part}`, reason: "brand_sku" });
  return keys;
}

/**
 * Groups to offer: watches of different products sharing a GTIN, or a brand and part number,
 * that are in no group yet: two or more of them make a new group; one or more join the one
 * group that already holds a watch of that identity. A watch is moved between groups by hand,
 * never offered, and is offered in one suggestion only (GTIN matches first, then by key).
 */
export function suggestGroups(watches: readonly MatchableWatch[]): GroupSuggestion[] {
  const byKey = new Map<string, { reason: MatchReason; members: MatchableWatch[] }>();
  for (const w of watches) {
    for (const identity of identitiesOf(w)) {
      const entry = byKey.get(identity.key) ?? { reason: identity.reason, members: [] };
      entry.members.push(w);
      byKey.set(identity.key, entry);
    }
  }
  const isGtin = (key: string) => key.startsWith("gtin:");
  const keys = [...byKey.keys()].sort((a, b) =>
    isGtin(a) === isGtin(b) ? a.localeCompare(b) : isGtin(a) ? -1 : 1,
  );
  const offered = new Set<string>();
  const suggestions: GroupSuggestion[] = [];
  for (const key of keys) {
    const entry = byKey.get(key)!;
    const grouped = entry.members.filter((w) => w.groupId !== null);
    const groupIds = new Set(grouped.map((w) => w.groupId!));
    const intoGroupId = groupIds.size === 1 ? [...groupIds][0]! : null;
    const inGroup = new Set(
      grouped.filter((w) => w.groupId === intoGroupId).map((w) => w.productId),
    );
    // The ungrouped, one watch per product, and none of a product the group holds already.
    const seen = new Set(inGroup);
    const joining = entry.members.filter((w) => {
      if (w.groupId !== null || offered.has(w.watchId) || seen.has(w.productId)) return false;
      seen.add(w.productId);
      return true;
    });
    const isEnough = intoGroupId !== null ? joining.length >= 1 : joining.length >= 2;
    if (!isEnough) continue;
    for (const w of joining) offered.add(w.watchId);
    suggestions.push({
      key,
      reason: entry.reason,
      watchIds: joining.map((w) => w.watchId),
      intoGroupId,
    });
  }
  return suggestions;
}
