import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalToMinor } from "./decimal-to-minor.ts";
import { formatMoney } from "./format-money.ts";
import {
  findPrices,
  normalizeInFull,
  normalizeText,
  parsePriceString,
} from "./parse-price-string.ts";

describe("parsePriceString: locale formats", () => {
  const cases: [string, string, string | null][] = [
    ["1.234,56 €", "1234.56", "€"],
    ["1 234,56 €", "1234.56", "€"],
    ["1\u00a0234,56\u00a0€", "1234.56", "€"],
    ["1\u202f234,56\u202f€", "1234.56", "€"],
    ["$1,234.56", "1234.56", "$"],
    ["¥1,234", "1234", "¥"],
    ["￥1,234", "1234", "¥"],
    ["Rs. 1,23,456", "123456", "Rs."],
    ["₹1,23,456.50", "123456.5", "₹"],
    ["CHF 1'234.50", "1234.5", "CHF"],
    ["CHF 1’234.50", "1234.5", "CHF"],
    ["R$ 1.234,56", "1234.56", "R$"],
    ["12,-", "12", ",-"],
    ["799:-", "799", ":-"],
    ["1 299:–", "1299", ":-"],
    ["12,– €", "12", "€"],
    ["35€99", "35.99", "€"],
    [",89 €", "0.89", "€"],
    ["1.226 €", "1226", "€"],
    ["1,400", "1400", null],
    ["12,12€", "12.12", "€"],
    ["KWD 1.234", "1.234", "KWD"],
    ["1,234.567 KWD", "1234.567", "KWD"],
    ["2 for $5", "5", "$"],
    ["Was $20 Now $15", "15", "$"],
    ["29,90 EUR", "29.9", "EUR"],
  ];
  it.each(cases)("%s → %s", (input, amount, currencyText) => {
    const parsed = parsePriceString(input);
    expect(parsed?.amount).toBe(amount);
    expect(parsed?.currencyText ?? null).toBe(currencyText);
  });

  it("says which ISO codes a symbol can mean", () => {
    expect(parsePriceString("1.234,56 €")?.currencies).toEqual(["EUR"]);
    expect(parsePriceString("$5")?.currencies).toContain("CAD");
    expect(parsePriceString("$5", { currency: "AUD" })?.currencies).toEqual(["AUD"]);
    expect(parsePriceString("5 kr")?.currencies.length).toBeGreaterThan(1);
  });

  it("flags ranges, from-prices, unit prices and multi-buys", () => {
    expect(parsePriceString("$10.00 - $20.00")).toMatchObject({ amount: "10", isRange: true });
    expect(parsePriceString("10 – 20 €")).toMatchObject({ amount: "10", isRange: true });
    expect(parsePriceString("from $12.99")).toMatchObject({ amount: "12.99", isFrom: true });
    expect(parsePriceString("ab 9,99 €")).toMatchObject({ amount: "9.99", isFrom: true });
    expect(parsePriceString("$0.27/oz")).toMatchObject({ isPerUnit: true });
    expect(parsePriceString("2,49 € / 100 g")).toMatchObject({ isPerUnit: true });
    expect(parsePriceString("($1.23 / count)")).toMatchObject({ isPerUnit: true });
    expect(parsePriceString("2 for $5")).toMatchObject({ isMultiBuy: true });
    expect(parsePriceString("$24.99")).toMatchObject({
      isRange: false,
      isFrom: false,
      isPerUnit: false,
      isMultiBuy: false,
    });
  });

  it("returns null for text without a price and never throws", () => {
    expect(parsePriceString("Sheet Set")).toBeNull();
    expect(parsePriceString("40% OFF")).toBeNull();
    expect(parsePriceString("")).toBeNull();
    expect(parsePriceString("Free!")?.amount).toBe("0");
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        parsePriceString(s);
      }),
    );
  });

  it("uses a decimal-separator hint", () => {
    expect(parsePriceString("1.234", { decimalSeparator: "." })?.amount).toBe("1.234");
    expect(parsePriceString("1,234", { decimalSeparator: "," })?.amount).toBe("1.234");
  });
});

describe("format then parse returns the same amount in every locale", () => {
  const locales = [
    "en-US",
    "en-GB",
    "en-IN",
    "de-DE",
    "de-CH",
    "fr-FR",
    "fr-CH",
    "it-IT",
    "es-ES",
    "nl-NL",
    "pt-BR",
    "ja-JP",
    "zh-CN",
    "ko-KR",
    "sv-SE",
    "nb-NO",
    "da-DK",
    "pl-PL",
    "cs-CZ",
    "ru-RU",
    "ar-EG",
    "en-ZA",
    "hi-IN",
  ];
  const currencies = ["USD", "EUR", "GBP", "JPY", "KWD", "BHD", "INR", "CHF", "SEK", "BRL", "KRW"];
  it("round-trips", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.constantFrom(...locales),
        fc.constantFrom(...currencies),
        (amountMinor, locale, currency) => {
          const text = formatMoney({ amountMinor, currency }, locale);
          const parsed = parsePriceString(text, { currency });
          expect(parsed, text).not.toBeNull();
          expect(decimalToMinor(parsed?.amount ?? "", currency), `${locale} ${text}`).toBe(
            amountMinor,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("normalizeText", () => {
  it("gives what every mapping in full gives, for texts of common characters and any other", () => {
    const common = fc.constantFrom(
      ..."09 ,.'`-€£¥$€ a zABYÀÖ×÷ßéøÿłĲĳŀŉſİ руб원元رس\uE000\n\r\t".split(""),
      ..."\u00A0\u2007\u2009\u200A\u202F\u00B2\u00B4\u00A8\u2019\u2212\u0661\u0301\u0653".split(""),
    );
    fc.assert(
      fc.property(fc.array(common, { maxLength: 24 }), (chars) => {
        const text = chars.join("");
        expect(normalizeText(text)).toBe(normalizeInFull(text));
      }),
      { numRuns: 5_000 },
    );
    for (const text of [
      "35€99",
      "1\u202F234,50\u00A0€",
      "£\u00A012.99",
      "10,75 € 11,95 €",
      "19`99",
      "19,99 €\n \n  Inkl. MwSt.",
      "29\uE000 99 zł",
    ])
      expect(normalizeText(text)).toBe(normalizeInFull(text));
  });
});

describe("a number and the currency sign beside it", () => {
  const amounts = (text: string) => findPrices(text).map((p) => p.amount);

  // Probe round nine (a): a gift card's amounts as buttons ("10 €" "25 €" "50 €", one per line in
  // the row's text) read as "10,25 €": the euro sign is no decimal comma when the two digits after
  // it are an amount of their own, its sign after them, or stand on the next line.
  it.each([
    ["10 €\n25 €\n50 €", ["10", "25", "50"]],
    ["10 € 25 €", ["10", "25"]],
    ["35€99", ["35.99"]],
    ["35 € 99", ["35.99"]],
  ])("%j: %j", (text, want) => {
    expect(amounts(text)).toEqual(want);
  });

  it("a quantity tier's label is no price: '1-4: $10.00' is $10, never $1 or $4", () => {
    expect(amounts("1-4: $10.00")).toEqual(["10"]);
    expect(amounts("Qty 1–4: $10.00 5+: $8.00")).toEqual(["10", "8"]);
    expect(amounts("Buy 2: $10.00")).toEqual(["10"]);
    expect(parsePriceString("1-4: $10.00")?.amount).toBe("10");
  });

  it("a sign written against the number after it is that number's, not the one a space before", () => {
    expect(amounts("1-4 $10.00")).toEqual(["10"]);
    expect(amounts("Qty 1-4 $10.00 5+ $8.00")).toEqual(["10", "8"]);
    expect(amounts("Size 10 $45.00")).toEqual(["45"]);
    expect(amounts("Buy 3 $12.00")).toEqual(["12"]);
    expect(parsePriceString("1-4 $10.00")?.amount).toBe("10");
    // A sign between two numbers with spaces on both sides stays the one before's (fr-CA).
    expect(amounts("10,75 $ 11,95 $")).toEqual(["10.75", "11.95"]);
  });

  it("a number written against a letter is part of a name or a code, not an amount", () => {
    expect(amounts("Choose quantity less than $qty_dummy1$ or equal to $")).toEqual([]);
    expect(amounts("Call of Duty (PS5) £54.48")).toEqual(["54.48"]);
    // A currency's own letters are no such name.
    expect(amounts("EUR10")).toEqual(["10"]);
    expect(amounts("US$649.99")).toEqual(["649.99"]);
    expect(amounts("R$10,00")).toEqual(["10"]);
  });

  it("a price per a quantity of a unit is a unit price, though the quantity is a number", () => {
    const found = findPrices("8,27 € (4,14 € / 100 ml)");
    expect(found.map((p) => [p.amount, p.isPerUnit])).toEqual([
      ["8.27", false],
      ["4.14", true],
    ]);
    expect(findPrices("$3.49 ($0.29 / 100 g)")[1]?.isPerUnit).toBe(true);
  });

  it("keeps the signs that do belong to the number before them", () => {
    expect(amounts("10,75 € 11,95 €")).toEqual(["10.75", "11.95"]);
    expect(amounts("19.99$")).toEqual(["19.99"]);
    expect(amounts("10 – 20 €")).toEqual(["10"]);
    expect(amounts("USD: 10.00")).toEqual(["10"]);
    expect(amounts("Preis: 12,50 EUR")).toEqual(["12.5"]);
  });
});

describe("whole units with a dash for the cents", () => {
  it.each([
    ["399,-", "399", ["DKK", "NOK", "SEK"]],
    ["Førpris 1.299,-", "1299", ["DKK", "NOK", "SEK"]],
    ["39.–", "39", ["CHF"]],
  ])("%s is an amount whose currency the page decides", (text, amount, some) => {
    const [found] = findPrices(text);
    expect(found?.amount).toBe(amount);
    for (const code of some) expect(found?.currencies).toContain(code);
  });
  it("a sign beside it names the currency: '12,- €' is EUR", () => {
    expect(findPrices("12,- €")[0]?.currencies).toEqual(["EUR"]);
  });
  it("dashes between numbers are no amounts: '1-2 days', 'Size 10-12'", () => {
    expect(findPrices("1-2 days")).toEqual([]);
    expect(findPrices("Size 10-12")).toEqual([]);
  });
});

describe("a range written with a sign on each end", () => {
  it.each([
    ["$12.99 - $19.99", "12.99"],
    ["$12.99 to $19.99", "12.99"],
    ["12,99 € - 19,99 €", "12.99"],
    ["$1,299 – $1,499", "1299"],
  ])("%s is one range from %s", (text, low) => {
    const found = findPrices(text);
    expect(found).toHaveLength(1);
    expect(found[0]?.amount).toBe(low);
    expect(found[0]?.isRange).toBe(true);
  });
  it("a higher amount, a dash, a lower one are two amounts (an old price and a new one)", () => {
    expect(findPrices("$79.99 - $39.99").map((p) => [p.amount, p.isRange])).toEqual([
      ["79.99", false],
      ["39.99", false],
    ]);
  });
});

describe("a code beside a sign several currencies share names which one", () => {
  it.each([
    ["$899.00 USD", ["USD"]],
    ["$29.00 CAD", ["CAD"]],
    ["USD $899.00", ["USD"]],
    ["$ 1.299 MXN", ["MXN"]],
    ["¥3,200 JPY", ["JPY"]],
    ["349,95 kr. DKK", ["DKK"]],
  ])("%s → %j", (text, currencies) => {
    expect(parsePriceString(text)?.currencies).toEqual(currencies);
    expect(findPrices(text)[0]?.currencies).toEqual(currencies);
  });
  it("a code the sign cannot mean changes nothing ('$12 EUR' keeps the dollar's options)", () => {
    expect(parsePriceString("$12 EUR")?.currencies.length).toBeGreaterThan(1);
  });
});
