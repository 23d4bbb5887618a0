import type { Db } from "../../core/db/client.ts";
import type { Fetcher } from "../../core/fetch/types.ts";
import { CreateWatchInput, createWatch } from "../../core/tracking/create-watch.ts";
import { previewProduct } from "../../core/tracking/preview-product.ts";

/**
 * A watch made as POST /watches makes one: `input` parsed, its page previewed with `fetcher`,
 * then createWatch for a person allowed `maxWatches` (10 unless given) and hourly checks, at
 * `now` (the time of the call unless given). For tests of what follows a watch's creation.
 */
export async function trackPage(
  db: Db,
  fetcher: Pick<Fetcher, "fetchPage">,
  owner: { userId: string; maxWatches?: number; now?: Date },
  input: { url: string } & Record<string, unknown>,
) {
  const parsed = CreateWatchInput.parse(input);
  const now = owner.now ?? new Date();
  return createWatch(
    db,
    { userId: owner.userId, maxWatches: owner.maxWatches ?? 10, minIntervalMinutes: 60, now },
    parsed,
    await previewProduct(fetcher, parsed.url),
  );
}
