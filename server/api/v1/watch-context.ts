import type { AppServices } from "../../../app/context.ts";

/**
 * What starting to track (POST /watches, the popup's POST /extension/watches) and an import are
 * given as the caller: the owner, their plan's limits (the free plan's: MAX_WATCHES_PER_USER, …)
 * and now, built here once for the three.
 */
export async function watchCreateContext(services: AppServices, userId: string) {
  return { userId, ...(await services.billing.limitsFor(userId)), now: new Date() };
}

/**
 * What `updateWatch` (core/tracking/update-watch.ts) is given as the caller: the owner it is
 * scoped to, the shortest interval their plan allows, and now. PATCH /watches/{id} and the
 * popup's PATCH /extension/watches/{id} both build it here, so the two cannot apply a change
 * differently.
 */
export async function watchUpdateContext(services: AppServices, userId: string) {
  const { minIntervalMinutes } = await services.billing.limitsFor(userId);
  return { userId, minIntervalMinutes, now: new Date() };
}
