import { z } from "zod";
import { storedText } from "../input.ts";

/** Fields of a watch that more than one input shares (create, update, import, preview). */

/**
 * The intervals people may choose, in minutes: the floor (the operator's
 * MIN_CHECK_INTERVAL_MINUTES, or the person's plan's) removes the shorter ones.
 */
export const CHECK_INTERVALS_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const;
export const DEFAULT_INTERVAL_MINUTES = 360;
export const MAX_INTERVAL_MINUTES = 1_440;

const INTERVAL_MESSAGE = `Choose how often to check: every 1 to ${MAX_INTERVAL_MINUTES} minutes.`;

/**
 * How often a watch is checked, in minutes: whole, 1 to 1440 (once a day). The server's floor
 * (MIN_CHECK_INTERVAL_MINUTES) raises a shorter choice instead of refusing it.
 */
export const CheckIntervalMinutes = z
  .number({ error: INTERVAL_MESSAGE })
  .int(INTERVAL_MESSAGE)
  .min(1, INTERVAL_MESSAGE)
  .max(MAX_INTERVAL_MINUTES, INTERVAL_MESSAGE);

/**
 * The interval choices for a person whose floor is `minMinutes`: the floor itself and every
 * usual interval above it, plus the watch's `current` interval (set through the API, or under
 * an older floor), so a form shows what is set and saving it does not change it.
 */
export function intervalChoices(minMinutes: number, current?: number): number[] {
  const floor = Math.min(Math.max(1, Math.round(minMinutes)), MAX_INTERVAL_MINUTES);
  const choices = new Set<number>([floor, ...CHECK_INTERVALS_MINUTES.filter((m) => m >= floor)]);
  if (current !== undefined && Number.isInteger(current) && current >= 1) choices.add(current);
  return [...choices].sort((a, b) => a - b);
}

/** The price a person picked on an ambiguous page (a candidate's key: source + path). */
/**
 * A variant (size, colour …) to track, by the SKU or id the page states for it (#12 item 5):
 * the same characters extraction accepts (core/extract/types.ts ExtractOptions.variantId).
 */
export const VariantId = storedText({ label: "The chosen variant" })
  .min(1, "Choose one of this page's variants.")
  .max(100, "That variant is not one of this page's variants.")
  .regex(/^[\w.:/-]+$/, "That variant is not one of this page's variants.");

export const CandidateKey = storedText({ label: "The chosen price" }).max(
  500,
  "That price choice is not one of this page's prices.",
);

/** "Only a real deal" (decision 0063): hold back price-down alerts that are not one. */
export const OnlyRealDeal = z.boolean({ error: "onlyRealDeal is true or false." });
