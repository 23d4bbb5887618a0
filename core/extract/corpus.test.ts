import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type CorpusRow, readManifest } from "../../bench/extract/corpus.ts";
import { corpusDir } from "../../tests/helpers/fixtures.ts";
import { minorToDecimal, normalizeDecimal } from "../money/decimal-to-minor.ts";
import { extractProduct } from "./extract-product.ts";
import { ExtractResult } from "./types.ts";

type Row = CorpusRow;

const dir = corpusDir();
const rows: Row[] = dir ? readManifest(resolve(dir, "manifest.jsonl")) : [];

/**
 * Labels that a page-reading rule cannot honestly reproduce. etsy.html: the label (48 EUR)
 * joins the meta tag's amount (48,00, tagged USD) with the JSON-LD currency (EUR, where
 * JSON-LD says 43.90); the page shows 53,11 € in the buy box (43.90 + 21 % VAT). We report
 * what the shopper pays; the bench counts it as a miss.
 */
const KNOWN_LABEL_DISAGREEMENTS = new Map([["pages/etsy.html", "53.11 EUR"]]);

describe.skipIf(!dir)(
  `shared corpus (${dir ?? "absent: set DROPWAVE_CORPUS or add ../shared/corpus"})`,
  () => {
    it.each(rows)("$path → $price $currency", (row) => {
      const html = readFileSync(resolve(dir as string, row.path), "utf8");
      const result = extractProduct(html, row.url);
      expect(ExtractResult.safeParse(result).success).toBe(true);
      const got = result.price
        ? `${normalizeDecimal(minorToDecimal(result.price.amountMinor, result.price.currency))} ${result.price.currency}`
        : "none";
      const expected =
        KNOWN_LABEL_DISAGREEMENTS.get(row.path) ??
        (row.price === null ? "none" : `${normalizeDecimal(row.price)} ${row.currency}`);
      expect(got).toBe(expected);
      if (row.price === null) expect(["no_price", "not_product"]).toContain(result.status);
    });
  },
);

describe.skipIf(dir)("shared corpus", () => {
  it.skip("skipped: corpus folder not found (set DROPWAVE_CORPUS or add ../shared/corpus)", () => {});
});
