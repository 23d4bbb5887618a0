import { asArray, asRecord, asText } from "../json-walk.ts";
import { parseTolerantJson } from "../tolerant-json.ts";
import type { Availability, RawCandidate } from "../types.ts";
import { assignedObject } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

type Variant = Record<string, unknown>;

/**
 * Shopify shops on any domain: the product JSON in the page (`data-product-json`,
 * `ProductJson-*`, or ShopifyAnalytics `var meta`), the variant named by `?variant=`, in the
 * shop's presentment currency. Product JSON (`product | json`, `.js`) holds integer minor
 * units; the `.json` form holds decimal strings.
 */
export const shopify: StoreRule = {
  name: "Shopify",
  kind: "platform",
  matches: (ctx) =>
    ctx.scan.markers.has("shopify") ||
    ctx.scan.metas.has("shopify-checkout-api-token") ||
    ctx.scan.metas.has("shopify-digital-wallet"),
  read: (ctx) => {
    let currency: string | null = null;
    const products: { variants: Variant[]; path: string }[] = [];
    for (const script of ctx.scan.scripts) {
      const active = /Shopify\.currency\s*=\s*\{[^}]*"active"\s*:\s*"([A-Z]{3})"/.exec(script.text);
      if (active?.[1]) currency = active[1];
      const metaCurrency = /ShopifyAnalytics\.meta\.currency\s*=\s*['"]([A-Z]{3})['"]/.exec(
        script.text,
      );
      if (!currency && metaCurrency?.[1]) currency = metaCurrency[1];
      const isProductJson =
        script.type.includes("json") &&
        (script.attrs["data-product-json"] !== undefined ||
          /^ProductJson/i.test(script.id) ||
          script.text.includes('"variants"'));
      if (isProductJson) {
        const data = asRecord(parseTolerantJson(script.text));
        const product = asRecord(data?.product) ?? data;
        const variants = asArray(product?.variants)
          .map(asRecord)
          .filter((v): v is Variant => v !== null);
        if (variants.length > 0)
          products.push({
            variants,
            path: `script${script.id ? `#${script.id}` : "[data-product-json]"}.variants`,
          });
        continue;
      }
      const meta = assignedObject(
        script.text,
        /var meta\s*=\s*(?=\{)/,
        ";\\s*(?:\\n|for\\s*\\(|window\\.|var\\s)",
      );
      if (meta) {
        const product = asRecord(asRecord(parseTolerantJson(meta))?.product);
        const variants = asArray(product?.variants)
          .map(asRecord)
          .filter((v): v is Variant => v !== null);
        if (variants.length > 0)
          products.push({ variants, path: "ShopifyAnalytics.meta.product.variants" });
      }
    }
    currency ??= ctx.scan.metas.get("og:price:currency")?.[0]?.toUpperCase() ?? null;
    const candidates: RawCandidate[] = [];
    let availability: Availability | null = null;
    const source = products[0];
    if (source) {
      const wanted = ctx.variantId;
      const matched = wanted ? source.variants.find((v) => asText(v.id) === wanted) : undefined;
      const variant =
        matched ?? source.variants.find((v) => v.available === true) ?? source.variants[0];
      const index = variant ? source.variants.indexOf(variant) : -1;
      if (variant) {
        const push = (value: unknown, key: string, role: RawCandidate["role"]) => {
          if (value === null || value === undefined || value === "") return;
          const isMinor = typeof value === "number" && Number.isInteger(value);
          const amount = typeof value === "number" ? String(value) : asText(value);
          if (!amount) return;
          candidates.push({
            source: "store_rule",
            path: `${source.path}[id=${asText(variant.id) ?? index}].${key}`,
            amount,
            isMinor,
            currency,
            role,
            confidence: matched ? 0.96 : 0.88,
            isVariantMatch: matched !== undefined,
            raw: String(value).slice(0, 40),
          });
        };
        push(variant.price, "price", "price");
        const compare = variant.compare_at_price;
        if (compare !== null && compare !== undefined && Number(compare) > Number(variant.price))
          push(compare, "compare_at_price", "list_price");
        if (typeof variant.available === "boolean")
          availability = variant.available ? "in_stock" : "out_of_stock";
      }
      // Several variants at different prices and no variant named: say it is a range.
      if (!matched && source.variants.length > 1) {
        const prices = new Set(source.variants.map((v) => String(v.price)));
        if (prices.size > 1) for (const c of candidates) c.isFrom = true;
      }
    }
    return { candidates, availability, currency };
  },
};
