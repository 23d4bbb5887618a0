import { isBlindStore } from "./blind.ts";

/**
 * Made-up store names on each side of the blind split, for tests of what the benches print
 * (found by trying names in order; none is a real store of any corpus).
 */
export function madeUpStores(count: number): { blind: string[]; open: string[] } {
  const blind: string[] = [];
  const open: string[] = [];
  for (let i = 0; blind.length < count || open.length < count; i++) {
    const store = `made-up-store-${i}.example`;
    const side = isBlindStore(store) ? blind : open;
    if (side.length < count) side.push(store);
  }
  return { blind, open };
}
