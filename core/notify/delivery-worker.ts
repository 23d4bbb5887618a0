import { createWakeableSleep, defaultWorkerId } from "../worker-loop.ts";
import { claimDueDeliveries, groupClaims } from "./delivery/claim.ts";
import { fanOutAlertEvents } from "./delivery/fan-out.ts";
import { sendGroup } from "./delivery/send-group.ts";
import {
  type ClaimedRow,
  clockOf,
  type DeliveryDeps,
  type DeliveryOutcome,
} from "./delivery/types.ts";

/**
 * The delivery pipeline: alert events (written once by the check worker) fan out into one
 * `delivery` row per (event, channel); workers claim due rows like checks (FOR UPDATE SKIP
 * LOCKED + lease), send with `deliver` within the lease, and record the result fenced on the
 * claim (lease owner and lease end).
 * One stage per file under ./delivery: fan-out, claim, load-target, send-group,
 * record-result, channel-health (pausing), pause-notice (the owner's mail), quiet-hours.
 *
 * State machine of a delivery row:
 *   (fan-out to an unconfirmed address) --> skipped (never sent; the reason is shown)
 *   pending (next_attempt_at = when) --claim--> pending + lease (attempts += 1)
 *     --delivered--> delivered
 *     --retry (planRetry: retry_at)--> pending (next_attempt_at = at, lease cleared)
 *     --retry past 24 h / permanent--> failed (last_error shown to the user)
 *     --address unconfirmed since fan-out--> skipped
 *     --worker dies--> claimable again within seconds on PostgreSQL (core/worker-presence.ts),
 *       else at lease end (the one message in flight may be sent twice, with the same
 *       idempotency key)
 */

export { PAUSE_AFTER_PERMANENT_FAILURES } from "./delivery/channel-health.ts";
export { claimDueDeliveries } from "./delivery/claim.ts";
export { fanOutAlertEvents, UNCONFIRMED_REASON } from "./delivery/fan-out.ts";
export { loadAlertMessage } from "./delivery/load-target.ts";
export type { DeliveryDeps, DeliveryOutcome } from "./delivery/types.ts";

export type RoundOptions = {
  workerId?: string;
  batchSize?: number;
  leaseMs?: number;
  concurrency?: number;
  /** Called after a claim, before sending (tests: a crash between claim and send). */
  onClaim?: (deliveryIds: string[]) => void | Promise<void>;
};

/**
 * One round: fan out new events, claim due deliveries, send them (up to `concurrency` at a
 * time) and record the results. Tests drive the pipeline with this and an injected clock.
 */
export async function runDeliveryRound(
  deps: DeliveryDeps,
  options: RoundOptions = {},
): Promise<DeliveryOutcome[]> {
  const workerId = options.workerId ?? defaultWorkerId();
  await fanOutAlertEvents(deps);
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  // Every send ends this long before its lease (send-group.ts): room for the result's write
  // and for clocks a little apart.
  const sendMarginMs = Math.min(5_000, leaseMs / 10);
  const claimed = await claimDueDeliveries(deps.database, {
    workerId,
    batchSize: options.batchSize ?? 50,
    leaseMs,
    now: clockOf(deps),
  });
  if (claimed.length > 0) await options.onClaim?.(claimed.map((c) => c.id));
  const groups = groupClaims(claimed);
  const outcomes: DeliveryOutcome[] = [];
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      const group = groups[next++] as ClaimedRow[];
      try {
        outcomes.push(...(await sendGroup(deps, group, workerId, { sendMarginMs })));
      } catch (error) {
        // The lease lapses and the delivery is tried again; nothing was recorded.
        deps.log.warn({ err: error, deliveryId: group[0]?.id }, "delivery failed unexpectedly");
      }
    }
  };
  const lanes = Math.min(Math.max(1, options.concurrency ?? 8), groups.length);
  await Promise.all(Array.from({ length: lanes }, lane));
  return outcomes;
}

export type RunningDeliveryWorker = { workerId: string; wake(): void; stop(): Promise<void> };

/** The delivery loop: a round, then sleep `pollMs` when it found nothing to do. */
export function startDeliveryWorker(
  deps: DeliveryDeps,
  options: RoundOptions & {
    pollMs?: number;
    onRound?: (outcomes: DeliveryOutcome[]) => void;
  } = {},
): RunningDeliveryWorker {
  const workerId = options.workerId ?? defaultWorkerId();
  const pollMs = options.pollMs ?? 250;
  const log = deps.log.child({ module: "delivery", workerId });
  let isStopping = false;
  const { sleep, wake } = createWakeableSleep();
  const loop = async () => {
    while (!isStopping) {
      let outcomes: DeliveryOutcome[] = [];
      try {
        outcomes = await runDeliveryRound({ ...deps, log }, { ...options, workerId });
        options.onRound?.(outcomes);
      } catch (error) {
        if (isStopping) break;
        log.warn({ err: error }, "delivery round failed; retrying");
      }
      if (!isStopping && outcomes.length === 0) await sleep(pollMs);
    }
  };
  log.debug({ pollMs }, "delivery worker started");
  const running = loop();
  return {
    workerId,
    wake,
    async stop() {
      isStopping = true;
      wake();
      await running;
      log.debug("delivery worker stopped");
    },
  };
}
