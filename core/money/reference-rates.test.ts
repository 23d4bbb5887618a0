import { describe, expect, it } from "vitest";
import {
  convertMoney,
  parseEcbRateDays,
  parseEcbRates,
  type ReferenceRates,
  ratesOnDay,
} from "./reference-rates.ts";

/** The shape of https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml. */
const ECB_SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
	<Cube>
		<Cube time='2026-11-27'>
			<Cube currency='USD' rate='1.0800'/>
			<Cube currency='JPY' rate='162.50'/>
			<Cube currency='GBP' rate='0.8500'/>
			<Cube currency='PLN' rate='4.3000'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

describe("parseEcbRates", () => {
  it("reads the day and each currency per euro", () => {
    const rates = parseEcbRates(ECB_SAMPLE);
    expect(rates?.date).toBe("2026-11-27");
    expect(rates?.perEur).toEqual({ EUR: 1, USD: 1.08, JPY: 162.5, GBP: 0.85, PLN: 4.3 });
  });
  it.each([
    ["an HTML error page", "<html><body>Service unavailable</body></html>"],
    ["a day without rates", "<Cube><Cube time='2026-11-27'></Cube></Cube>"],
    ["rates without a day", "<Cube><Cube currency='USD' rate='1.08'/></Cube>"],
    ["a bad rate", "<Cube time='2026-11-27'><Cube currency='USD' rate='-1'/></Cube>"],
  ])("null for %s", (_, xml) => {
    expect(parseEcbRates(xml)).toBeNull();
  });
});

describe("convertMoney", () => {
  const rates = parseEcbRates(ECB_SAMPLE);
  it.each([
    [{ amountMinor: 10800, currency: "USD" }, "EUR", { amountMinor: 10000, currency: "EUR" }],
    [{ amountMinor: 10000, currency: "EUR" }, "GBP", { amountMinor: 8500, currency: "GBP" }],
    // Across two rates: 85.00 GBP → 100 EUR → 108.00 USD.
    [{ amountMinor: 8500, currency: "GBP" }, "USD", { amountMinor: 10800, currency: "USD" }],
    // JPY has no minor unit: 16 250 JPY → 100.00 EUR.
    [{ amountMinor: 16250, currency: "JPY" }, "EUR", { amountMinor: 10000, currency: "EUR" }],
    [{ amountMinor: 10000, currency: "EUR" }, "JPY", { amountMinor: 16250, currency: "JPY" }],
    [{ amountMinor: 123, currency: "EUR" }, "EUR", { amountMinor: 123, currency: "EUR" }],
  ])("%o in %s", (money, currency, expected) => {
    expect(convertMoney(money, currency, rates)).toEqual(expected);
  });
  it("null without a rate, or without rates", () => {
    expect(convertMoney({ amountMinor: 100, currency: "CHF" }, "EUR", rates)).toBeNull();
    expect(convertMoney({ amountMinor: 100, currency: "USD" }, "EUR", null)).toBeNull();
  });
});

/** The shape of eurofxref-hist-90d.xml: one <Cube time> per working day, newest first. */
const ECB_DAYS = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<Cube>
		<Cube time='2026-11-27'><Cube currency='USD' rate='1.0800'/><Cube currency='GBP' rate='0.8500'/></Cube>
		<Cube time='2026-11-26'><Cube currency='USD' rate='1.0700'/><Cube currency='GBP' rate='0.8400'/></Cube>
		<Cube time='2026-11-25'><Cube currency='USD' rate='1.0600'/></Cube>
	</Cube>
</gesmes:Envelope>`;

describe("parseEcbRateDays (decision 0077)", () => {
  it("reads every day of a feed, oldest first, each with its own rates", () => {
    expect(parseEcbRateDays(ECB_DAYS)).toEqual([
      { date: "2026-11-25", perEur: { EUR: 1, USD: 1.06 } },
      { date: "2026-11-26", perEur: { EUR: 1, USD: 1.07, GBP: 0.84 } },
      { date: "2026-11-27", perEur: { EUR: 1, USD: 1.08, GBP: 0.85 } },
    ]);
  });
  it("the daily feed is one day; the latest day is the current rates", () => {
    expect(parseEcbRateDays(ECB_SAMPLE)).toHaveLength(1);
    expect(parseEcbRates(ECB_DAYS)).toEqual({
      date: "2026-11-27",
      perEur: { EUR: 1, USD: 1.08, GBP: 0.85 },
    });
  });
  it("a day without rates is no day", () => {
    expect(
      parseEcbRateDays(
        "<Cube><Cube time='2026-11-26'></Cube><Cube time='2026-11-27'><Cube currency='USD' rate='1.08'/></Cube></Cube>",
      ).map((d) => d.date),
    ).toEqual(["2026-11-27"]);
  });
});

describe("ratesOnDay (decision 0077)", () => {
  const day = (date: string, usd: number): ReferenceRates => ({
    date,
    perEur: { EUR: 1, USD: usd },
  });
  const days = [day("2026-11-20", 1.2), day("2026-11-23", 1.1), day("2026-11-24", 1.0)];
  it.each([
    ["its own day", "2026-11-23", "2026-11-23"],
    ["a weekend: the nearest earlier day", "2026-11-22", "2026-11-20"],
    ["after the last kept day: the last", "2026-11-30", "2026-11-24"],
    ["before the first kept day: none, never a guess", "2026-11-19", null],
  ])("%s", (_, wanted, found) => {
    expect(ratesOnDay(days, wanted)?.date ?? null).toBe(found);
  });
  it("none kept: none", () => {
    expect(ratesOnDay([], "2026-11-23")).toBeNull();
  });
});
