import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { blindPolicyFrom, defaultBlindPolicy, splitBlind } from "./blind-part.ts";
import { readCorpus } from "./corpus.ts";
import { labelOf } from "./metrics.ts";
import { madeUpStores } from "./test-stores.ts";

const stores = madeUpStores(2);
const dir = mkdtempSync(join(tmpdir(), "dropwave-blind-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fake manifest: two blind stores and two open ones, one page each. */
const manifest = [...stores.blind, ...stores.open].map((store, i) =>
  JSON.stringify({
    path: `pages/${store}.html`,
    url: `https://www.${store}/p/${i}`,
    store,
    price: `${10 + i}.00`,
    currency: "USD",
  }),
);
writeFileSync(join(dir, "manifest.jsonl"), `${manifest.join("\n")}\n`);

describe("the blind policy", () => {
  it("sets the blind third aside on us-stores by default and nowhere else", () => {
    expect(defaultBlindPolicy("../shared/corpus/us-stores")).toBe("stores");
    expect(defaultBlindPolicy("/work/shared/corpus/us-stores/")).toBe("stores");
    expect(defaultBlindPolicy("../shared/corpus/benchmark")).toBe("none");
    expect(defaultBlindPolicy("../shared/corpus")).toBe("none");
    expect(blindPolicyFrom(undefined, "x/us-stores")).toBe("stores");
    expect(blindPolicyFrom("stores", "x/benchmark")).toBe("stores");
    expect(blindPolicyFrom("none", "x/us-stores")).toBe("none");
    expect(() => blindPolicyFrom("all", "x/us-stores")).toThrow(/--blind/);
  });

  it("splits a manifest's rows by store, and the blind part gives out aggregates only", () => {
    const rows = readCorpus(dir);
    expect(rows).toHaveLength(4);
    const { open, blind } = splitBlind(rows, (r) => r.store, "stores");
    expect(open.map((r) => r.store)).toEqual(stores.open);
    expect(blind.pages).toBe(2);
    expect(blind.distinct((r) => r.store)).toBe(2);
    expect(blind.count((r) => r.price === "10.00")).toBe(1);
    expect(blind.scores((r) => [labelOf(r), labelOf(r)] as const).exact).toBe(2);
    // Nothing enumerable, serialisable or printable holds a blind row.
    const printed = `${JSON.stringify(blind)} ${Object.keys(blind).join()} ${String(blind)}`;
    for (const store of stores.blind) expect(printed).not.toContain(store);
    // Joined with another corpus's blind part, or mapped to pages read: still sealed.
    const joined = blind.concat(blind).map((r) => ({ ...r, html: "<p>" }));
    expect(joined.pages).toBe(4);
    expect(JSON.stringify(joined)).toBe("{}");
  });

  it("with the policy 'none' every row is in-sample", () => {
    const { open, blind } = splitBlind(readCorpus(dir), (r) => r.store, "none");
    expect(open).toHaveLength(4);
    expect(blind.pages).toBe(0);
  });
});
