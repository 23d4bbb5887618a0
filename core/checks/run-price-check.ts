import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { alertEvent, product, watch } from "../db/schema/index.ts";
import { type ExtractResult, extractProduct } from "../extract/index.ts";
import type { Fetcher, FetchOutcome } from "../fetch/index.ts";
import type { Logger } from "../log.ts";
import { ruleFromColumns } from "../tracking/alert-rule.ts";
import {
  extractionColumns,
  factsFromExtraction,
  recordObservation,
} from "../tracking/record-observation.ts";
import type { Observation } from "./alert-rule.ts";
import { alertStateFromJson, alertStateToJson } from "./alert-state-json.ts";
import type { ClaimedProduct } from "./claim-due-products.ts";
import { decideAlerts } from "./decide-alerts.ts";
import { type CheckFailureKind, describeFailure } from "./describe-failure.ts";
import { backoffAfterFailure, nextCheckAt, type RandomSource } from "./schedule.ts";

/** Tunables of a check; defaults in DEFAULT_CHECK_POLICY (docs/decisions/0008). */
export type CheckPolicy = {
  /** Next checks come up to this fraction of the interval early (spreads load). */
  jitterFraction: number;
  /** First retry after a failure; doubles per failure up to the cap. */
  backoffBaseMinutes: number;
  backoffCapMinutes: number;
  /** Failures in a row before the owner gets the one "we can't check this any more" notice. */
  unreachableAfterFailures: number;
  /** A product nobody actively watches is looked at again after this (a resumed watch pulls it in). */
  idleRecheckMinutes: number;
};

export const DEFAULT_CHECK_POLICY: CheckPolicy = {
  jitterFraction: 0.1,
  backoffBaseMinutes: 15,
  backoffCapMinutes: 24 * 60,
  unreachableAfterFailures: 8,
  idleRecheckMinutes: 7 * 24 * 60,
};

export type RunPriceCheckDeps = {
  db: Db;
  fetcher: Pick<Fetcher, "fetchPage">;
  log: Logger;
  now?: () => Date;
  random?: RandomSource;
  policy?: Partial<CheckPolicy>;
  signal?: AbortSignal;
};

/** Where one check's time went, in ms (benchmarks, logs). */
export type CheckTimings = { fetchMs: number; extractMs: number; storeMs: number };

export type PriceCheckResult =
  | {
      kind: "checked";
      events: number;
      isHeld: boolean;
      nextCheckAt: Date;
      timings: CheckTimings;
    }
  | {
      kind: "failed";
      failure: CheckFailureKind;
      events: number;
      nextCheckAt: Date;
      timings: CheckTimings;
    }
  /** The store's host is in backoff (politeness): tried later, not counted as a failure. */
  | { kind: "deferred"; nextCheckAt: Date }
  /** Our lease was lost (taken over after it expired): nothing written. */
  | { kind: "lease_lost" };

/** What the fetch and extraction gave, before anything is written. */
type Reading =
  | { kind: "read"; result: ExtractResult }
  | {
      kind: "failed";
      failure: CheckFailureKind;
      httpStatus?: number;
      retryAfterMs?: number;
      result?: ExtractResult;
    }
  | { kind: "deferred"; retryAfterMs: number };

/**
 * One product's check: fetch (through the shared, polite fetcher) → extract → then ONE
 * transaction that stores the reading, appends the history, runs each active watch's alert
 * decision, writes its events (unique key, ON CONFLICT DO NOTHING), schedules the next check
 * and releases the lease. The product row is locked first and the lease owner compared, so a
 * worker whose lease was taken over writes nothing; a worker killed before COMMIT writes
 * nothing either, and the product falls due again when its lease ends.
 */
export async function runPriceCheck(
  deps: RunPriceCheckDeps,
  claimed: ClaimedProduct,
): Promise<PriceCheckResult> {
  const policy = { ...DEFAULT_CHECK_POLICY, ...deps.policy };
  const random = deps.random ?? Math.random;
  const clock = deps.now ?? (() => new Date());
  const started = performance.now();
  const outcome = await deps.fetcher.fetchPage(claimed.url, { signal: deps.signal });
  const fetched = performance.now();
  const reading = readOutcome(outcome, claimed.preferredCandidateKey);
  const extracted = performance.now();
  const timings = (): CheckTimings => ({
    fetchMs: fetched - started,
    extractMs: extracted - fetched,
    storeMs: performance.now() - extracted,
  });
  const at = clock();
  const log = deps.log.child({ productId: claimed.id });

  return deps.db.transaction(async (tx) => {
    // The hot path (a page read) writes the product row first, guarded by our lease: that
    // statement also takes the row lock, so a worker whose lease was taken over writes nothing.
    const nextIfUsual = nextCheckAt({
      now: at,
      intervalMinutes: claimed.checkIntervalMinutes,
      jitterFraction: policy.jitterFraction,
      random,
    });
    let row:
      | { consecutiveFailures: number; lastSuccessAt: Date | null; leaseOwner: string | null }
      | undefined;
    if (reading.kind === "read") {
      const [updated] = await tx
        .update(product)
        .set({
          ...extractionColumns(reading.result, at),
          nextCheckAt: nextIfUsual,
          leaseUntil: null,
          leaseOwner: null,
        })
        .where(and(eq(product.id, claimed.id), eq(product.leaseOwner, claimed.leaseOwner)))
        .returning({ id: product.id });
      row = updated
        ? { consecutiveFailures: 0, lastSuccessAt: at, leaseOwner: claimed.leaseOwner }
        : undefined;
    } else {
      [row] = await tx
        .select({
          leaseOwner: product.leaseOwner,
          consecutiveFailures: product.consecutiveFailures,
          lastSuccessAt: product.lastSuccessAt,
        })
        .from(product)
        .where(eq(product.id, claimed.id))
        .for("update");
    }
    if (!row || row.leaseOwner !== claimed.leaseOwner) {
      log.warn("lease lost before the check was stored");
      return { kind: "lease_lost" } as const;
    }
    const watches = await tx
      .select({
        id: watch.id,
        userId: watch.userId,
        ruleKind: watch.ruleKind,
        ruleAmountMinor: watch.ruleAmountMinor,
        ruleCurrency: watch.ruleCurrency,
        rulePercent: watch.rulePercent,
        alertState: watch.alertState,
      })
      .from(watch)
      .where(and(eq(watch.productId, claimed.id), eq(watch.isPaused, false)));
    const release = async (next: Date, extra: Partial<typeof product.$inferInsert> = {}) => {
      await tx
        .update(product)
        .set({ ...extra, nextCheckAt: next, leaseUntil: null, leaseOwner: null, updatedAt: at })
        .where(eq(product.id, claimed.id));
    };

    if (reading.kind === "deferred") {
      const next = new Date(at.getTime() + Math.max(reading.retryAfterMs, 1_000));
      await release(next);
      return { kind: "deferred", nextCheckAt: next } as const;
    }

    if (reading.kind === "failed") {
      const failures = row.consecutiveFailures + 1;
      const delayMs = backoffAfterFailure({
        consecutiveFailures: failures,
        baseMinutes: policy.backoffBaseMinutes,
        capMinutes: policy.backoffCapMinutes,
        random,
        retryAfterMs: reading.retryAfterMs ?? null,
      });
      const next = new Date(at.getTime() + delayMs);
      await release(next, {
        lastCheckedAt: at,
        lastOutcome: reading.failure,
        lastError: describeFailure({
          kind: reading.failure,
          httpStatus: reading.httpStatus,
          now: at,
          nextAttemptAt: next,
        }),
        consecutiveFailures: failures,
        ...(reading.result
          ? { extractStatus: reading.result.status, candidates: reading.result.candidates }
          : {}),
      });
      let events = 0;
      if (failures >= policy.unreachableAfterFailures && watches.length > 0) {
        // One notice per failure streak: the streak is named by the last success before it.
        const streak = row.lastSuccessAt ? row.lastSuccessAt.toISOString() : "never";
        const inserted = await tx
          .insert(alertEvent)
          .values(
            watches.map((w) => ({
              idempotencyKey: `${w.id}:unreachable:${streak}`,
              watchId: w.id,
              userId: w.userId,
              productId: claimed.id,
              kind: "unreachable",
              details: { consecutiveFailures: failures, lastOutcome: reading.failure },
              createdAt: at,
            })),
          )
          .onConflictDoNothing({ target: alertEvent.idempotencyKey })
          .returning({ id: alertEvent.id });
        events = inserted.length;
      }
      return {
        kind: "failed",
        failure: reading.failure,
        events,
        nextCheckAt: next,
        timings: timings(),
      } as const;
    }

    const result = reading.result;
    const { observationId } = await recordObservation(
      tx,
      claimed.id,
      factsFromExtraction(result),
      at,
    );
    const observation: Observation = {
      id: String(observationId),
      kind: "read",
      status: result.status,
      price: result.price,
      availability: result.availability,
    };
    let events = 0;
    let isHeld = false;
    for (const w of watches) {
      const { state } = alertStateFromJson(w.alertState);
      const decision = decideAlerts({
        watchId: w.id,
        rule: ruleFromColumns(w),
        state,
        observation,
        now: at,
      });
      if (decision.hold) isHeld = true;
      if (decision.events.length > 0) {
        const inserted = await tx
          .insert(alertEvent)
          .values(
            decision.events.map((e) => ({
              idempotencyKey: e.idempotencyKey,
              watchId: w.id,
              userId: w.userId,
              productId: claimed.id,
              kind: e.kind,
              oldPriceMinor: e.oldPrice?.amountMinor ?? null,
              newPriceMinor: e.newPrice.amountMinor,
              currency: e.newPrice.currency,
              details: {
                percentChange: e.percentChange,
                oldCurrency: e.oldPrice?.currency ?? null,
                observationId: e.observationId,
              },
              createdAt: at,
            })),
          )
          .onConflictDoNothing({ target: alertEvent.idempotencyKey })
          .returning({ id: alertEvent.id });
        events += inserted.length;
      }
      const nextJson = alertStateToJson(decision.nextState);
      if (JSON.stringify(nextJson) !== JSON.stringify(w.alertState)) {
        await tx.update(watch).set({ alertState: nextJson }).where(eq(watch.id, w.id));
      }
    }
    // A held (zero or ≥ 95 % lower) price is confirmed by checking again at once — once: a page
    // that keeps showing a different suspicious price is re-checked after the backoff base.
    const next =
      watches.length === 0
        ? new Date(at.getTime() + policy.idleRecheckMinutes * 60_000)
        : isHeld
          ? claimed.lastOutcome === "held"
            ? new Date(at.getTime() + policy.backoffBaseMinutes * 60_000)
            : at
          : nextIfUsual;
    if (next !== nextIfUsual || isHeld) {
      await tx
        .update(product)
        .set({ nextCheckAt: next, ...(isHeld ? { lastOutcome: "held" } : {}) })
        .where(eq(product.id, claimed.id));
    }
    if (events > 0) log.info({ events }, "alert events raised");
    return { kind: "checked", events, isHeld, nextCheckAt: next, timings: timings() } as const;
  });
}

function readOutcome(outcome: FetchOutcome, preferredCandidateKey: string | null): Reading {
  switch (outcome.kind) {
    case "ok": {
      const result = extractProduct(outcome.body, outcome.finalUrl, {
        preferredCandidateKey: preferredCandidateKey ?? undefined,
      });
      if (result.status === "ok") return { kind: "read", result };
      // "Sold out" without a price is a reading (the stock state), not a failure.
      if (result.status === "no_price" && result.availability === "out_of_stock") {
        return { kind: "read", result };
      }
      const failure: CheckFailureKind =
        result.status === "ambiguous" ? "ambiguous_price" : result.status;
      return { kind: "failed", failure, result };
    }
    case "host_backoff":
      return { kind: "deferred", retryAfterMs: outcome.retryAfterMs };
    case "http_error":
      return {
        kind: "failed",
        failure: "http_error",
        httpStatus: outcome.status,
        retryAfterMs: outcome.retryAfterMs,
      };
    case "bot_challenge":
      return { kind: "failed", failure: "bot_challenge", httpStatus: outcome.status };
    default:
      return { kind: "failed", failure: outcome.kind };
  }
}
