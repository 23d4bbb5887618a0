import type { PageContext } from "../page-context.ts";
import type { Availability, Facts, RawCandidate } from "../types.ts";

export type RuleOutput = {
  candidates: RawCandidate[];
  availability?: Availability | null;
  facts?: Facts;
  /** The store's or platform's own currency for this page (amazon.co.jp → JPY). */
  currency?: string | null;
};

/** A store (by domain) or platform (by markers in the page) and how to read its product page. */
export type StoreRule = {
  name: string;
  kind: "store" | "platform";
  matches: (ctx: PageContext) => boolean;
  read: (ctx: PageContext) => RuleOutput;
};
