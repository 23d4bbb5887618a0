import { asRecord, asText, walkJson } from "../json-walk.ts";
import { parseTolerantJson } from "../tolerant-json.ts";
import type { Availability, RawCandidate } from "../types.ts";
import type { StoreRule } from "./store-rule.ts";

const HOST = /(?:^|\.)walmart\.(com|ca)$/;

/** Walmart renders from `__NEXT_DATA__`: …product.priceInfo.currentPrice / wasPrice. */
export const walmart: StoreRule = {
  name: "Walmart",
  kind: "store",
  matches: (ctx) => HOST.test(ctx.host),
  read: (ctx) => {
    const candidates: RawCandidate[] = [];
    let availability: Availability | null = null;
    const script = ctx.scan.scripts.find((s) => s.id === "__NEXT_DATA__");
    const data = script ? parseTolerantJson(script.text) : undefined;
    if (data === undefined) return { candidates };
    let done = false;
    walkJson(data, (node, path) => {
      if (done) return false;
      const priceInfo = asRecord(node.priceInfo);
      const current = asRecord(priceInfo?.currentPrice);
      if (!priceInfo || !current || current.price === undefined) return undefined;
      const push = (
        value: Record<string, unknown> | null,
        key: string,
        role: RawCandidate["role"],
      ) => {
        if (!value || value.price === undefined || value.price === null) return;
        candidates.push({
          source: "app_state",
          path: `__NEXT_DATA__${path.slice(1)}.priceInfo.${key}.price`,
          amount: String(value.price),
          currency: asText(value.currencyUnit) ?? null,
          role,
          confidence: 0.92,
          raw: asText(value.priceString) ?? String(value.price),
        });
      };
      push(current, "currentPrice", "price");
      push(asRecord(priceInfo.wasPrice), "wasPrice", "list_price");
      push(asRecord(priceInfo.unitPrice), "unitPrice", "unit_price");
      const status = asText(node.availabilityStatus);
      if (status)
        availability = /OUT_OF_STOCK/i.test(status)
          ? "out_of_stock"
          : /IN_STOCK/i.test(status)
            ? "in_stock"
            : null;
      done = true;
      return false;
    });
    return { candidates, availability, currency: candidates[0]?.currency ?? null };
  },
};
