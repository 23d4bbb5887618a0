import pino from "pino";
import { claimDueProducts } from "../../core/checks/claim-due-products.ts";
import {
  type PriceCheckResult,
  type RunPriceCheckDeps,
  runPriceCheck,
} from "../../core/checks/run-price-check.ts";
import type { SqlExecutor } from "../../core/db/client.ts";

/**
 * What one worker tick does: claims the products due now (ten at a time unless `batchSize`, a
 * minute's lease, as `workerId`, "w" unless given) and checks each in turn, each with the
 * fetcher `fetcher()` gives it (silent logs unless `log`). For tests that make products due
 * themselves.
 */
export async function checkDueProducts(
  sql: SqlExecutor,
  fetcher: () => RunPriceCheckDeps["fetcher"],
  options: { workerId?: string; batchSize?: number } & Partial<
    Pick<RunPriceCheckDeps, "log" | "policy">
  > = {},
): Promise<PriceCheckResult[]> {
  const claimed = await claimDueProducts(sql, {
    workerId: options.workerId ?? "w",
    batchSize: options.batchSize ?? 10,
    leaseMs: 60_000,
    now: new Date(),
  });
  const log = options.log ?? pino({ level: "silent" });
  const results: PriceCheckResult[] = [];
  for (const c of claimed) {
    results.push(await runPriceCheck({ sql, fetcher: fetcher(), log, policy: options.policy }, c));
  }
  return results;
}
