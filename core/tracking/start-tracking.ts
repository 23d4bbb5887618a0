import { describeRuleStatusAtCreation, type RuleStatusAtCreation } from "../checks/index.ts";
import type { Db } from "../db/client.ts";
import type { Extractor } from "../extract-pool/index.ts";
import type { Fetcher } from "../fetch/index.ts";
import { type CreateWatchContext, type CreateWatchInput, createWatch } from "./create-watch.ts";
import { previewProduct } from "./preview-product.ts";
import type { WatchView } from "./watch-view.ts";

/**
 * Start tracking a product: read the page as it is now (with the person's chosen price for
 * an ambiguous page), create the watch, and say at once whether its rule is already met.
 * The hub's form and the API's POST /watches both come here.
 */
export async function startTracking(
  deps: { db: Db; fetcher: Pick<Fetcher, "fetchPage">; extract?: Extractor },
  context: CreateWatchContext,
  input: CreateWatchInput,
  options: { acceptLanguage?: string; country?: string | null } = {},
): Promise<{ watch: WatchView; ruleStatus: RuleStatusAtCreation }> {
  const outcome = await previewProduct(deps.fetcher, input.url, {
    acceptLanguage: options.acceptLanguage,
    country: options.country,
    preferredCandidateKey: input.candidateKey,
    variantId: input.variantId,
    extract: deps.extract,
  });
  const watch = await createWatch(deps.db, context, input, outcome);
  const ruleStatus = describeRuleStatusAtCreation(
    watch.rule,
    outcome.kind === "ok"
      ? {
          id: "creation",
          kind: "read",
          status: outcome.preview.status,
          price: watch.price,
          availability: outcome.preview.availability,
        }
      : null,
  );
  return { watch, ruleStatus };
}
