import { namingWords } from "./amount-words.ts";
import { FEATURES } from "./feature-names.ts";
import type { VisibleCandidate } from "./visible-features.ts";
import { MEMBERSHIP } from "./vocabulary/patterns.ts";

/**
 * A warehouse club's buy box: members' prices only, one per tier, one after the other ("Plus
 * member price $19.98" then "Club price $21.48"; "Executive member price", "Clubpreis"). Each is
 * named a member's price, so none takes "first after the title"; but where every shopper is a
 * member, the higher tier's price is the one a shopper without the paid upgrade pays: the price
 * (decision 0084's member-price rule). Pure.
 */

/** How far apart (in elements) two tiers of one buy box may stand. */
const TIER_REACH = 12;
/** How far after the title the tiers may stand, and after them the price another reading took. */
const TITLE_REACH = 150;
const FOLLOW_REACH = 60;

/**
 * Gives "first after the title" to the highest of two or more members' prices standing one after
 * the other after the title, no other amount between them, when no price closer than
 * `FOLLOW_REACH` after them took it (a grocer's "Club Price" beside "Regular $3.49" keeps the
 * regular one). Its member's words no longer count against it.
 */
export function markMemberTiers(
  list: readonly VisibleCandidate[],
  h1: number,
  readable: (text: string) => string,
): void {
  if (h1 < 0) return;
  const first = FEATURES.indexOf("firstAfterTitle");
  const other = FEATURES.indexOf("otherAmountWords");
  const isMember = (c: VisibleCandidate) =>
    MEMBERSHIP.test(namingWords(c.text, readable(c.text.text), c.price.index));
  const after = list.filter(
    (c) =>
      c.text.order > h1 &&
      c.text.order - h1 <= TITLE_REACH &&
      !c.text.isExcluded &&
      !c.text.isHidden,
  );
  const start = after.findIndex(isMember);
  if (start < 0) return;
  const tiers = [after[start] as VisibleCandidate];
  for (const c of after.slice(start + 1)) {
    const last = tiers[tiers.length - 1] as VisibleCandidate;
    if (c.text.order - last.text.order > TIER_REACH || !isMember(c)) break;
    tiers.push(c);
  }
  if (tiers.length < 2) return;
  const end = (tiers[tiers.length - 1] as VisibleCandidate).text.order;
  const taken = list.find((c) => (c.features[first] ?? 0) > 0);
  if (taken && taken.text.order <= end + FOLLOW_REACH) return;
  const amounts = new Set(tiers.map((c) => c.amount));
  if (amounts.size < 2) return;
  const highest = tiers.reduce((a, b) => (Number(b.amount) > Number(a.amount) ? b : a));
  if (taken) taken.features[first] = 0;
  highest.features[first] = 1;
  highest.features[other] = 0;
}
