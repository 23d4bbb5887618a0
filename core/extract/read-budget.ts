/**
 * A time budget that extraction checks itself, between pieces of the page: a page read past it
 * stops there with `OverBudget`, on the thread reading it, which then reads the next page. The
 * pool (core/extract-pool) stops a thread from outside only when a page runs past the budget
 * where extraction does not look (decision 0081): terminating a worker thread while another
 * starts can crash the process (Node's issue nodejs/node#56312).
 */
export type ReadBudget = {
  /** True once the budget is spent (checked once per piece of the page: cheap). */
  isSpent(): boolean;
};

/** Thrown by extraction when its budget is spent; `extractProduct` lets it through. */
export class OverBudget extends Error {
  constructor() {
    super("extraction over its time budget");
    this.name = "OverBudget";
  }
}

/** A budget of `ms` from now, by `now` (performance.now by default). */
export function budgetOf(ms: number, now: () => number = () => performance.now()): ReadBudget {
  const until = now() + ms;
  return { isSpent: () => now() >= until };
}

/** Throws OverBudget when `budget` is spent. */
export function checkBudget(budget: ReadBudget | undefined): void {
  if (budget?.isSpent()) throw new OverBudget();
}
