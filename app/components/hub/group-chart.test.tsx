import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { groupChart } from "../../../core/groups/group-chart.ts";
import { GroupChart } from "./group-chart.tsx";

const NOW = new Date("2026-11-27T12:00:00Z");
const point = (at: string, amountMinor: number, currency: string) => ({
  at,
  lastSeenAt: at,
  price: { amountMinor, currency },
  availability: "in_stock",
});
const html = (chart: ReturnType<typeof groupChart>) =>
  renderToString(<GroupChart chart={chart} />)
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");

describe("the group chart's words on exchange rates (#37 gap c, decision 0077)", () => {
  const members = [
    { watchId: "a", store: "Kettle World", points: [point("2026-11-01T00:00:00Z", 10000, "EUR")] },
    {
      watchId: "b",
      store: "US Appliances",
      points: [
        point("2026-10-20T00:00:00Z", 11880, "USD"),
        point("2026-11-22T00:00:00Z", 10800, "USD"),
      ],
    },
  ];
  const days = [{ date: "2026-11-20", perEur: { EUR: 1, USD: 1.08 } }];

  it("says prices are converted at their own day's rates, which days took an earlier day's, and what is not drawn", () => {
    const text = html(groupChart(members, "EUR", days, NOW));
    expect(text).toContain(
      "Prices in other currencies are converted at the European Central Bank's reference rates of their own day.",
    );
    expect(text).toContain("take the nearest earlier day's: 2026-11-22 at 2026-11-20's.");
    expect(text).toContain(
      "US Appliances: prices of 2026-10-20 are not drawn, no exchange rate is kept for that day.",
    );
  });

  it("says nothing of rates when every price is in the comparison's currency", () => {
    expect(html(groupChart([members[0]!], "EUR", null, NOW))).not.toContain("exchange rate");
  });
});
