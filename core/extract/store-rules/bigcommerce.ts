import { asRecord, asText } from "../json-walk.ts";
import type { ElementRecord } from "../scan/index.ts";
import { parseTolerantJson } from "../tolerant-json.ts";
import type { RawCandidate } from "../types.ts";
import { assignedObject, inside, platformMatches, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** The product's own price, with or without tax (what a BigCommerce theme marks it with). */
const isProductPrice = (r: ElementRecord) =>
  r.attrs["data-product-price-with-tax"] !== undefined ||
  r.attrs["data-product-price-without-tax"] !== undefined;

/**
 * BigCommerce: `[data-product-price-with-tax]` / `[data-product-price-without-tax]` in the
 * product view (hidden RRP / non-sale blocks skipped), and BCData's product price.
 */
export const bigcommerce: StoreRule = {
  name: "BigCommerce",
  kind: "platform",
  matches: platformMatches("bigcommerce", isProductPrice),
  read: (ctx) => {
    const candidates: (RawCandidate | null)[] = [];
    for (const r of ctx.scan.priceElements) {
      if (!isProductPrice(r) || r.isExcluded || r.isHidden || r.isStruck || !r.text) continue;
      candidates.push(
        textCandidate(r, { confidence: inside(r, ".productView") ? 0.9 : 0.75, role: "price" }),
      );
    }
    for (const r of ctx.scan.priceElements) {
      const isOld =
        r.attrs["data-product-rrp-with-tax"] !== undefined ||
        r.attrs["data-product-non-sale-price-with-tax"] !== undefined ||
        r.attrs["data-product-non-sale-price-without-tax"] !== undefined ||
        r.attrs["data-product-rrp-price-without-tax"] !== undefined;
      if (isOld && !r.isHidden && r.text)
        candidates.push(textCandidate(r, { confidence: 0.8, role: "list_price" }));
    }
    const script = ctx.scan.scripts.find((s) => s.text.includes("BCData"));
    const json = script
      ? assignedObject(script.text, /BCData\s*=\s*(?=\{)/, ";?\\s*(?:<\\/script>|$|\\n)")
      : undefined;
    const price = asRecord(
      asRecord(asRecord(json ? parseTolerantJson(json) : null)?.product_attributes)?.price,
    );
    const withTax = asRecord(price?.with_tax) ?? asRecord(price?.without_tax);
    if (withTax && withTax.value !== undefined) {
      candidates.push({
        source: "app_state",
        path: `BCData.product_attributes.price.${price?.with_tax ? "with_tax" : "without_tax"}.value`,
        amount: String(withTax.value),
        currency: asText(withTax.currency),
        role: "price",
        confidence: 0.85,
        raw: asText(withTax.formatted) ?? String(withTax.value),
      });
    }
    return { candidates: uniqueByPath(candidates) };
  },
};
