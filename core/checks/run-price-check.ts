import type { SqlExecutor } from "../db/client.ts";
import type { ExtractResult } from "../extract/index.ts";
import { type Extractor, inlineExtractor } from "../extract-pool/index.ts";
import type { Fetcher, FetchOutcome } from "../fetch/index.ts";
import { raiseGroupAlerts } from "../groups/group-alerts.ts";
import type { RateSource } from "../groups/rate-source.ts";
import type { Logger } from "../log.ts";
import type { Observation } from "./alert-rule.ts";
import {
  type CheckState,
  type ClaimFence,
  type NewEvent,
  readCheckState,
  releaseDeferred,
  storeFailure,
  storeReading,
} from "./check-store.ts";
import type { ClaimedProduct } from "./claim-due-products.ts";
import { decideForWatches, readAlertHistory, readRules } from "./decide-for-watches.ts";
import { type CheckFailureKind, describeFailure } from "./describe-failure.ts";
import { factsFromExtraction } from "./observed-facts.ts";
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
  sql: SqlExecutor;
  fetcher: Pick<Fetcher, "fetchPage">;
  log: Logger;
  /** Where pages are read: the process's extraction pool; inline by default (tests). */
  extract?: Extractor;
  now?: () => Date;
  random?: RandomSource;
  policy?: Partial<CheckPolicy>;
  signal?: AbortSignal;
  /** Reference rates for group alerts across currencies (decision 0069); none: unavailable. */
  rates?: RateSource;
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
 * One product's check: fetch (through the shared, polite fetcher) → extract → read the
 * active watches and the last history row → run each watch's alert decision (pure) → then
 * ONE statement (check-store.ts) that stores the reading, appends the history, writes the
 * events (unique key, ON CONFLICT DO NOTHING) and changed alert states, schedules the next
 * check and releases the lease — all or nothing. Every write is fenced by this claim's lease,
 * so a worker whose lease was taken over writes nothing; a worker killed before the statement
 * commits writes nothing either, and the product falls due again when its lease ends.
 */
export async function runPriceCheck(
  deps: RunPriceCheckDeps,
  claimed: ClaimedProduct,
): Promise<PriceCheckResult> {
  const policy = { ...DEFAULT_CHECK_POLICY, ...deps.policy };
  const random = deps.random ?? Math.random;
  const clock = deps.now ?? (() => new Date());
  const started = performance.now();
  // The bot-challenge check is made where the page is read, and only when it gives no
  // price (docs/decisions/0040): a priced page costs no challenge test on this event loop.
  // A person's browser reading never comes this way: it is their watch's alone (0048).
  const outcome = await deps.fetcher.fetchPage(claimed.url, {
    signal: deps.signal,
    leaveChallengeToReader: true,
  });
  const fetched = performance.now();
  const reading: Reading = await readOutcome(
    outcome,
    claimed,
    deps.extract ?? inlineExtractor,
    deps.log,
  );
  const source = "server";
  const extracted = performance.now();
  const timings = (): CheckTimings => ({
    fetchMs: fetched - started,
    extractMs: extracted - fetched,
    storeMs: performance.now() - extracted,
  });
  const at = clock();
  const log = deps.log.child({ productId: claimed.id });
  const { sql } = deps;
  const fence: ClaimFence = {
    productId: claimed.id,
    leaseOwner: claimed.leaseOwner,
    leaseUntil: claimed.leaseUntil,
  };
  const leaseLost = () => {
    log.warn("lease lost before the check was stored");
    return { kind: "lease_lost" } as const;
  };

  if (reading.kind === "deferred") {
    const next = new Date(at.getTime() + Math.max(reading.retryAfterMs, 1_000));
    const isStillOurs = await releaseDeferred(sql, fence, { at, nextCheckAt: next });
    return isStillOurs ? ({ kind: "deferred", nextCheckAt: next } as const) : leaseLost();
  }

  const facts = reading.kind === "read" ? factsFromExtraction(reading.result) : null;
  const state = await readCheckState(sql, fence, facts, source);
  if (!state?.isFenceHeld) return leaseLost();

  if (reading.kind === "failed") {
    const failed = await storeFailedCheck(deps, fence, state, reading, { at, policy, random });
    return failed ? { ...failed, timings: timings() } : leaseLost();
  }

  const result = reading.result;
  const observationId = state.newObservationId ?? state.joinsObservation?.id;
  const observation: Observation = {
    id: String(observationId),
    kind: "read",
    status: result.status,
    price: result.price,
    availability: result.availability,
  };
  // The watches' alert decisions (decide-for-watches.ts, shared with a browser's reading).
  const rules = readRules(state.watches, log);
  const history = await readAlertHistory(sql, {
    productId: claimed.id,
    rules: [...rules.values()],
    isDealAsked: state.watches.some((w) => w.onlyRealDeal),
    price: result.price,
    listPrice: result.listPrice,
    at,
  });
  const { events, stateWrites, isHeld } = decideForWatches({
    watches: state.watches,
    rules,
    history,
    observation,
    at,
  });
  // A held (zero or ≥ 95 % lower) price is confirmed by checking again at once — once: a page
  // that keeps showing a different suspicious price is re-checked after the backoff base.
  const next =
    state.watches.length === 0
      ? new Date(at.getTime() + policy.idleRecheckMinutes * 60_000)
      : isHeld
        ? claimed.lastOutcome === "held"
          ? new Date(at.getTime() + policy.backoffBaseMinutes * 60_000)
          : at
        : nextCheckAt({
            now: at,
            intervalMinutes: state.checkIntervalMinutes,
            jitterFraction: policy.jitterFraction,
            random,
          });
  const stored = await storeReading(sql, fence, {
    at,
    result,
    facts: facts!,
    outcome: isHeld ? "held" : "ok",
    nextCheckAt: next,
    state,
    stateWrites,
    events,
    source,
  });
  if (!stored.isFenceHeld) return leaseLost();
  if (stored.events > 0) log.info({ events: stored.events }, "alert events raised");
  // The group alert, "any store below X" (0068), from the stores' prices as just stored.
  const groupEvents =
    isHeld || observationId === undefined
      ? 0
      : await raiseGroupAlerts(sql, {
          productId: claimed.id,
          observationId: String(observationId),
          at,
          ...(deps.rates ? { rates: () => deps.rates!.current(at) } : {}),
        });
  if (groupEvents > 0) log.info({ events: groupEvents }, "group alert raised");
  if (claimed.isStoreRecipe && claimed.recipe && result.recipeStatus === "matched") {
    // The store's recipe matched this page: it becomes the product's own, so that a later
    // page where it stops matching is reported instead of read some other way.
    await sql.query(
      "update product set recipe = $2::jsonb where id = $1::uuid and recipe is null",
      [claimed.id, JSON.stringify(claimed.recipe)],
    );
  }
  return {
    kind: "checked",
    events: stored.events + groupEvents,
    isHeld,
    nextCheckAt: next,
    timings: timings(),
  } as const;
}

/** A failed reading stored: the backoff, and one "unreachable" event per failure streak. */
async function storeFailedCheck(
  deps: RunPriceCheckDeps,
  fence: ClaimFence,
  state: CheckState,
  reading: Extract<Reading, { kind: "failed" }>,
  { at, policy, random }: { at: Date; policy: CheckPolicy; random: RandomSource },
): Promise<Omit<Extract<PriceCheckResult, { kind: "failed" }>, "timings"> | null> {
  const failures = state.consecutiveFailures + 1;
  const delayMs = backoffAfterFailure({
    consecutiveFailures: failures,
    baseMinutes: policy.backoffBaseMinutes,
    capMinutes: policy.backoffCapMinutes,
    random,
    retryAfterMs: reading.retryAfterMs ?? null,
  });
  const next = new Date(at.getTime() + delayMs);
  // One notice per failure streak: the streak is named by the last success before it.
  const streak = state.lastSuccessAt ? state.lastSuccessAt.toISOString() : "never";
  const events: NewEvent[] =
    failures >= policy.unreachableAfterFailures
      ? state.watches.map((w) => ({
          idempotencyKey: `${w.id}:unreachable:${streak}`,
          watchId: w.id,
          watchUpdatedAt: w.updatedAt,
          kind: "unreachable",
          oldPriceMinor: null,
          newPriceMinor: null,
          currency: null,
          details: { consecutiveFailures: failures, lastOutcome: reading.failure },
        }))
      : [];
  const stored = await storeFailure(deps.sql, fence, {
    at,
    outcome: reading.failure,
    // Words only: pages add the live "retrying in …" from nextCheckAt (a stored wait goes stale
    // and was shown twice: "retrying in 14 min — retrying in 12 min").
    error: describeFailure({
      kind: reading.failure,
      httpStatus: reading.httpStatus,
      now: at,
      nextAttemptAt: null,
    }),
    result: reading.result,
    nextCheckAt: next,
    events,
  });
  if (!stored.isFenceHeld) return null;
  return { kind: "failed", failure: reading.failure, events: stored.events, nextCheckAt: next };
}

async function readOutcome(
  outcome: FetchOutcome,
  claimed: Pick<
    ClaimedProduct,
    "id" | "preferredCandidateKey" | "variantId" | "recipe" | "isStoreRecipe"
  >,
  extract: Extractor,
  log: Logger,
): Promise<Reading> {
  switch (outcome.kind) {
    case "ok": {
      const options = {
        preferredCandidateKey: claimed.preferredCandidateKey ?? undefined,
        ...(claimed.variantId ? { variantId: claimed.variantId } : {}),
      };
      // The bytes as fetched when there are any: handed to the extraction thread, which
      // decodes them. A store's recipe is offered, not imposed: a page of another layout is
      // read as usual (in the same reading).
      const read = await extract(
        outcome.page ?? outcome.body,
        outcome.finalUrl,
        {
          ...options,
          recipe: claimed.recipe ?? undefined,
          ...(claimed.isStoreRecipe ? { isRecipeOffered: true } : {}),
        },
        outcome.isChallengeLeftToReader
          ? { status: outcome.status, headers: outcome.headers }
          : undefined,
      );
      // A page cut by the time budget is reported like one over the size cap; a full queue
      // is not the store's fault: try again shortly, as for a host in backoff.
      if (read.kind === "cut") return { kind: "failed", failure: "too_large" };
      if (read.kind === "busy") return { kind: "deferred", retryAfterMs: 5_000 };
      if (read.challenge) {
        log.info({ productId: claimed.id, url: outcome.url, ...read.challenge }, "bot challenge");
        return { kind: "failed", failure: "bot_challenge", httpStatus: outcome.status };
      }
      const { result } = read;
      if (result.status === "ok") return { kind: "read", result };
      // The picked spot is gone: said in words, and no other price of the page is taken.
      if (result.recipeStatus === "stopped_matching" && result.availability !== "out_of_stock") {
        return { kind: "failed", failure: "recipe_stopped_matching", result };
      }
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
