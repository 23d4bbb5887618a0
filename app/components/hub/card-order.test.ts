import { describe, expect, it } from "vitest";
import type { WatchView } from "../../../core/tracking/watch-view.ts";
import { cardViewFrom, cardViewParams, orderCards } from "./card-order.ts";

const usd = (amountMinor: number) => ({ amountMinor, currency: "USD" });
function watch(id: string, fields: Partial<WatchView>): WatchView {
  return {
    id,
    title: id,
    store: "a.test",
    price: usd(1000),
    baseline: usd(1000),
    rule: { kind: "any_drop" },
    isPaused: false,
    lastError: null,
    changeSinceAdded: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    ...fields,
  } as WatchView;
}

const cards = [
  watch("old-drop", {
    baseline: usd(2000),
    changeSinceAdded: { amountMinor: -1000, percent: -50 },
  }),
  watch("new", { createdAt: "2026-11-20T00:00:00.000Z" }),
  watch("near-target", {
    rule: { kind: "below_target", target: usd(900) },
    store: "b.test",
    isPaused: true,
  }),
  watch("no-price", { price: null, title: "Kettle" }),
];

describe("the cards' order and filter (#39 item 12)", () => {
  it("sorts as the dense list does, products without the measure last", () => {
    const ids = (sort: string) =>
      orderCards(cards, cardViewFrom(new URLSearchParams({ sort }))).map((w) => w.id);
    expect(ids("newest")[0]).toBe("new");
    expect(ids("biggest_drop")).toEqual(["old-drop", "near-target", "new", "no-price"]);
    expect(ids("closest_to_target")[0]).toBe("near-target");
  });

  it("filters by what is asked, by store and by words", () => {
    const ids = (params: Record<string, string>) =>
      orderCards(cards, cardViewFrom(new URLSearchParams(params))).map((w) => w.id);
    expect(ids({ show: "paused" })).toEqual(["near-target"]);
    expect(ids({ show: "dropped" })).toEqual(["old-drop"]);
    expect(ids({ store: "b.test" })).toEqual(["near-target"]);
    expect(ids({ q: "kett" })).toEqual(["no-price"]);
  });

  it("reads the address and writes it back, defaults left out, unknown values ignored", () => {
    const view = cardViewFrom(new URLSearchParams("sort=biggest_drop&show=paused&store=b.test"));
    expect(view).toEqual({ sort: "biggest_drop", filter: "paused", store: "b.test", q: "" });
    expect(String(cardViewParams(view))).toBe(
      "view=cards&sort=biggest_drop&show=paused&store=b.test",
    );
    expect(cardViewFrom(new URLSearchParams("sort=price&show=x"))).toMatchObject({
      sort: "newest",
      filter: "all",
    });
  });
});
