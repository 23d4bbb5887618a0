import type { PreviewOutcome } from "../../../core/tracking/preview-product.ts";
import { isUntrackableCode } from "../../../core/tracking/untrackable.ts";

/**
 * What the preview card offers for one preview: a chooser of prices, of variants, a warning
 * that no price could be told apart, or no tracking at all for an address that cannot be
 * tracked. Pure, so each case is a table row (preview-state.test.ts).
 */
export function previewState(outcome: PreviewOutcome) {
  const ok = outcome.kind === "ok" ? outcome.preview : null;
  const priceCandidates = ok ? ok.candidates.filter((c) => c.role === "price") : [];
  const uniqueCandidates = priceCandidates.filter(
    (c, i) =>
      priceCandidates.findIndex(
        (o) => o.price.amountMinor === c.price.amountMinor && o.price.currency === c.price.currency,
      ) === i,
  );
  // Several variants (sizes, colours …): the one the page shows is preselected (#12 item 5).
  const variants = ok?.variants && ok.variants.length > 1 ? ok.variants : [];
  // A chosen variant decides the price: the page's several prices are its variants' prices.
  const isAmbiguous =
    ok?.status === "ambiguous" && uniqueCandidates.length > 1 && variants.length === 0;
  return {
    uniqueCandidates,
    variants,
    isAmbiguous,
    /** Ambiguous with nothing to choose from: say so, and offer stock only (#39 item 5). */
    isUnreadable: ok?.status === "ambiguous" && !isAmbiguous && variants.length === 0,
    /** An address Start tracking would refuse: no tracking offered (#39 item 4). */
    isUntrackable: outcome.kind === "failed" && isUntrackableCode(outcome.code),
    /** The extraction queue is full: try again, nothing to track yet. */
    isBusy: outcome.kind === "failed" && outcome.code === "busy",
  };
}
