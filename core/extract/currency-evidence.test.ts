import { describe, expect, it } from "vitest";
import { countryOfAddress } from "./currency-evidence.ts";
import { extractProduct } from "./extract-product.ts";
import type { ExtractOptions, ExtractResult } from "./types.ts";

/**
 * Issue #34 class 1: a `$` read as a person reads it, from what the page says beyond the price
 * (pages written for these tests; no structured price, so the symbol alone is the question).
 */
function page(
  options: {
    lang?: string | null;
    head?: string;
    body?: string;
    shown?: string;
    url?: string;
  } & ExtractOptions = {},
): ExtractResult {
  const lang = options.lang === null ? "" : ` lang="${options.lang ?? "en"}"`;
  const html = `<!doctype html><html${lang}><head><title>Shop</title>${options.head ?? ""}</head><body>
<main><h1>Trail shoe 42</h1><div class="box"><span class="amount">${options.shown ?? "$89.99"}</span></div>
<button type="submit">Add to cart</button>${options.body ?? ""}</main></body></html>`;
  const { head: _h, body: _b, shown: _s, url, lang: _l, ...extract } = options;
  return extractProduct(html, url ?? "https://shop.example.com/p/trail-shoe", extract);
}
const price = (r: ExtractResult) => r.price && `${r.price.amountMinor} ${r.price.currency}`;
const basis = (r: ExtractResult) => r.candidates.find((c) => c.key === r.priceKey)?.currencyBasis;

describe("class 1: what a dollar sign means", () => {
  it("a data layer stating USD decides it", () => {
    const r = page({
      head: `<script>window.dataLayer=[{"ecommerce":{"currencyCode":"USD","value":89.99}}]</script>`,
      lang: "es",
    });
    expect(price(r)).toBe("8999 USD");
    expect(basis(r)).toBe("stated");
    expect(r.notes.join(" ")).toMatch(/"\$" read as USD: the page states USD/);
  });

  it("a code stated in an escaped JSON string or a store's settings counts too", () => {
    const escaped = page({
      head: `<script>var s = "{\\"currency\\":\\"CAD\\",\\"total\\":1}";</script>`,
      lang: "fr",
    });
    expect(price(escaped)).toBe("8999 CAD");
    const active = page({
      head: `<script>Shop.currency = {"active":"AUD","rate":"1.0"};</script>`,
    });
    expect(price(active)).toBe("8999 AUD");
  });

  it("a selected currency option or a data-currency attribute states the currency", () => {
    const option = page({
      body: `<select name="currency"><option value="USD">USD</option><option value="CAD" selected>CAD</option></select>`,
    });
    expect(price(option)).toBe("8999 CAD");
    const data = page({ body: `<div data-currency="nzd" hidden></div>` });
    expect(price(data)).toBe("8999 NZD");
  });

  it("two currencies the symbol may mean, both stated: ambiguous, never a guess", () => {
    const r = page({
      head: `<script>var a = {"currency":"USD"}; var b = {"currency":"CAD"};</script>`,
      country: "US",
    });
    expect(r.status).toBe("ambiguous");
    expect(r.price).toBeNull();
    expect(r.notes.join(" ")).toMatch(/the page names CAD and USD/);
  });

  it("a stated code the symbol cannot mean is no conflict (EUR beside $)", () => {
    const r = page({ head: `<script>x={"currency":"EUR"};y={"currency":"USD"}</script>` });
    expect(price(r)).toBe("8999 USD");
  });

  it("og:locale, the hreflang of this address and the address itself name the country", () => {
    const og = page({ head: `<meta property="og:locale" content="en_CA">` });
    expect(price(og)).toBe("8999 CAD");
    expect(basis(og)).toBe("address");
    const hreflang = page({
      lang: "fr",
      head: `<link rel="alternate" hreflang="en-us" href="https://shop.example.com/en/p/trail-shoe">
        <link rel="alternate" hreflang="fr-ca" href="https://shop.example.com/p/trail-shoe">`,
    });
    expect(price(hreflang)).toBe("8999 CAD");
    const path = page({ url: "https://shop.example.com/en-au/p/trail-shoe" });
    expect(price(path)).toBe("8999 AUD");
    expect(path.notes.join(" ")).toMatch(/the address \(\/en-au\/\)/);
  });

  it("the currency the page's other prices state", () => {
    const r = page({
      lang: "es",
      body: `<p>Envío: <span>US$ 5.00</span></p>`,
    });
    expect(price(r)).toBe("8999 USD");
    expect(basis(r)).toBe("other_prices");
  });

  it("$ on a generic domain in English is USD; in Spanish it is not decided by the domain", () => {
    const english = page();
    expect(price(english)).toBe("8999 USD");
    expect(basis(english)).toBe("likely");
    const noLang = page({ lang: null });
    expect(price(noLang)).toBe("8999 USD");
    const spanish = page({ lang: "es" });
    expect(spanish.status).toBe("ambiguous");
    expect(spanish.notes.join(" ")).toMatch(/nothing on the page decides it/);
  });

  it("an English page whose locale names another country is not read as USD", () => {
    const r = page({ lang: "en-GB" });
    expect(r.status).toBe("ambiguous");
  });

  it("the person's country breaks a remaining tie, and only then", () => {
    const spanish = page({ lang: "es", country: "MX" });
    expect(price(spanish)).toBe("8999 MXN");
    expect(basis(spanish)).toBe("person");
    expect(spanish.notes.join(" ")).toMatch(/your country breaks the tie/);
    // The page's own evidence comes first.
    const stated = page({
      lang: "es",
      country: "MX",
      head: `<script>gtag("event","view_item",{currency:"USD"})</script>`,
    });
    expect(price(stated)).toBe("8999 USD");
    // A country whose currency the symbol cannot mean breaks nothing.
    expect(page({ lang: "es", country: "DE" }).status).toBe("ambiguous");
  });

  it("the domain's country still comes before all of these", () => {
    const r = page({
      url: "https://shop.example.ca/p/1",
      head: `<script>x={"currency":"USD"}</script>`,
    });
    expect(price(r)).toBe("8999 CAD");
    expect(basis(r)).toBe("domain");
  });
});

describe("the note names the currency sign read", () => {
  it.each([
    ["<span>Buy 3+ for $19.99 each</span>", '"$" read as USD'],
    ["<span>🎁 Gift set $24.00</span>", '"$" read as USD'],
  ])("%s", (shown, note) => {
    expect(page({ shown }).notes.join(" ")).toContain(note);
  });
});

describe("a country and currency selector showing the one in use", () => {
  it.each([
    ["Canada (CAD $)", "16900 CAD"],
    ["Australia (AUD $)", "16900 AUD"],
    ["United States (USD $)", "16900 USD"],
  ])("'%s' in the footer decides the sign", (selector, want) => {
    const r = page({ shown: "$169.00", body: `<footer><button>${selector}</button></footer>` });
    expect(price(r)).toBe(want);
  });

  it("a list of every country's currency says nothing of the one in use (a .com in English: USD)", () => {
    const list = ["Canada (CAD $)", "Australia (AUD $)", "United States (USD $)"]
      .map((c) => `<li><a href="#">${c}</a></li>`)
      .join("");
    const r = page({ shown: "$169.00", body: `<footer><ul>${list}</ul></footer>` });
    expect(price(r)).toBe("16900 USD");
    expect(r.notes.join(" ")).toContain("generic domain");
  });
});

describe("countryOfAddress", () => {
  const at = (url: string) => countryOfAddress(new URL(url))?.country ?? null;
  it.each([
    ["https://s.example.com/en-us/p/1", "US"],
    ["https://s.example.com/fr_CA/p/1", "CA"],
    ["https://s.example.com/au/p/1", "AU"],
    ["https://ca.example.com/p/1", "CA"],
    ["https://s.example.com/p/1?country=nz", "NZ"],
    ["https://s.example.com/p/1?locale=en_SG", "SG"],
    ["https://s.example.com/my/account", null],
    ["https://s.example.com/p/1?lang=en", null],
    ["https://www.example.com/products/1", null],
  ])("%s → %s", (url, country) => {
    expect(at(url)).toBe(country);
  });
});

/** A language tag with a script subtag names its region too ("zh-Hant-TW": Taiwan, "$" is TWD). */
describe("the page's language with a script subtag", () => {
  it("zh-Hant-TW: '$210' is 210 TWD; '原價：' (a full-width colon) marks the old price", () => {
    const html = `<!doctype html><html lang="zh-Hant-TW"><head><title>店</title></head><body><main>
<h1>披薩</h1><p>原價：<span>$260</span></p><p><span>$210</span></p><button>加入購物車</button></main></body></html>`;
    const r = extractProduct(html, "https://shop.example.com/p/1");
    expect(r.price && `${r.price.amountMinor} ${r.price.currency}`).toBe("21000 TWD");
  });
});

/** The rial sign (U+FDFC) is written for the Saudi riyal and the rials of Iran, Oman, Yemen, Qatar. */
describe("the rial sign ﷼", () => {
  it("on a Saudi domain it is SAR, in English or in Arabic", () => {
    const en = page({ shown: "﷼ 149.00", url: "https://shop.example.sa/en/p/dates" });
    expect(price(en)).toBe("14900 SAR");
    const ar = page({ shown: "149.00 ﷼", lang: "ar", url: "https://shop.example.sa/p/dates" });
    expect(price(ar)).toBe("14900 SAR");
    const word = page({ shown: "149 ريال", lang: "ar", url: "https://shop.example.sa/p/dates" });
    expect(price(word)).toBe("14900 SAR");
  });

  it("the page's region decides it (Qatar, Oman)", () => {
    expect(price(page({ shown: "﷼ 149.00", lang: "en-QA" }))).toBe("14900 QAR");
    expect(price(page({ shown: "﷼ 25", lang: "en-OM" }))).toBe("25000 OMR");
  });

  it("on a generic domain with nothing naming a country, no currency is guessed", () => {
    expect(price(page({ shown: "﷼ 149.00" }))).toBe(null);
  });
});

/** "R" is the rand's sign on South African pages; elsewhere a letter before a number is a name. */
describe("the rand's R", () => {
  // The amount in an element no class names a price (the page helper's is named "amount").
  const plain = (text: string, url: string, lang = "en") =>
    page({ shown: "", body: `<p><b>${text}</b></p>`, url, lang });

  it("on a South African domain or page, 'R 1 299.00' and 'R1,299' are rand", () => {
    expect(price(plain("R 1 299.00", "https://shop.example.co.za/p/satchel"))).toBe("129900 ZAR");
    expect(price(plain("R1,299", "https://shop.example.com/p/satchel", "en-ZA"))).toBe(
      "129900 ZAR",
    );
  });

  it("elsewhere 'R 35' is a size or a model, never a rand price", () => {
    expect(price(plain("R 35", "https://shop.example.com/p/tyre"))).toBe(null);
    expect(price(plain("R 35", "https://shop.example.com.au/p/tyre"))).toBe(null);
  });
});

/**
 * "RM" is the ringgit's sign on Malaysian pages; on a US store it opens an item number ("Item
 * #RM22565", probe round nine (b): read as MYR 22,565).
 */
describe("the ringgit's RM", () => {
  const plain = (text: string, url: string, lang = "en") =>
    page({ shown: "", body: `<p><b>${text}</b></p>`, url, lang });

  it("on a Malaysian domain or page, 'RM 49.00' is ringgit", () => {
    expect(price(plain("RM 49.00", "https://shop.example.com.my/p/satchel"))).toBe("4900 MYR");
    expect(price(plain("RM49.00", "https://shop.example.com/p/satchel", "en-MY"))).toBe("4900 MYR");
  });

  it("elsewhere 'Item #RM22565' is an item number, not the price under the title", () => {
    const html = `<!doctype html><html lang="en"><head><title>Touring Tire</title></head><body><h1>Touring Tire 225/65R17</h1><p>Item #RM22565 · 65,000 mile warranty</p><div><span>$149.99</span> <span>each</span></div><button>Add to cart</button></body></html>`;
    expect(price(extractProduct(html, "https://www.tires.example.com/p/RM22565"))).toBe(
      "14999 USD",
    );
  });
});

/**
 * A language spoken chiefly in one country names it for a sign that country's currency shares:
 * "￥19,800" on a page in Japanese is yen, "349,95 kr." in Danish is kroner, on a .com too.
 */
describe("the page's language, without a region", () => {
  it.each([
    ["ja", "￥19,800", "19800 JPY"],
    ["ja", "¥3,980", "3980 JPY"],
    ["da", "349,95 kr.", "34995 DKK"],
    ["sv", "1 299 kr", "129900 SEK"],
    ["nb", "kr 599", "59900 NOK"],
    ["is", "34.990 kr.", "34990 ISK"],
  ])("%s: %s is %s", (lang, shown, expected) => {
    expect(price(page({ lang, shown }))).toBe(expected);
  });

  it("a language of many countries decides nothing ('zh': yuan or yen), nor a bare number", () => {
    expect(price(page({ lang: "zh", shown: "¥128" }))).toBe(null);
    expect(price(page({ lang: "de", shown: "$89.99" }))).toBe(null);
  });
});

describe("a code written beside the sign ('$899.00 USD', as stores show money with its currency)", () => {
  it("names the currency over the domain's country and the generic English domain", () => {
    const ca = page({ shown: "$899.00 USD", lang: "en-CA", url: "https://shop.example.ca/p/1" });
    expect(price(ca)).toBe("89900 USD");
    expect(price(page({ shown: "$29.00 CAD" }))).toBe("2900 CAD");
  });
});

// Probe round nine (a): stores whose `$` the domain does not name state their prices' currency in
// a sentence of the page ("All prices are in AUD and include GST", a footer's note): a .com in
// English read it as US dollars, a .ca store saying "All prices are in US dollars (USD)" as
// Canadian. One currency so named is the page's; a sentence naming several decides nothing.
describe("a sentence stating the currency of the prices", () => {
  it.each([
    ["All prices are in AUD and include GST.", "https://shop.example.com/p/x", "8999 AUD"],
    ["Prices shown in CAD. Free shipping over $100.", "https://shop.example.com/p/x", "8999 CAD"],
    ["All prices are in New Zealand dollars (NZD).", "https://shop.example.com/p/x", "8999 NZD"],
    ["All prices are in Australian dollars.", "https://shop.example.shop/p/x", "8999 AUD"],
    ["All prices are in US dollars (USD).", "https://shop.example.ca/p/x", "8999 USD"],
    [
      "Tous les prix sont indiqués en dollars canadiens.",
      "https://shop.example.com/p/x",
      "8999 CAD",
    ],
  ])("%s (%s)", (sentence, url, want) => {
    const r = page({ body: `<footer><p>${sentence}</p></footer>`, url });
    expect(price(r)).toBe(want);
    expect(basis(r)).toBe("stated");
  });

  // Round nine (a), third batch: the currency in an element of its own inside the sentence.
  it.each([
    ["All prices are in <strong>AUD</strong> and include GST."],
    ["Prices shown in <b>Canadian dollars</b>.", "8999 CAD"],
    ['Prices are in <span class="code">NZD</span>', "8999 NZD"],
  ])("%s", (sentence, want = "8999 AUD") => {
    const r = page({ body: `<footer><p>${sentence}</p></footer>` });
    expect(price(r)).toBe(want);
  });

  it("a sentence naming several currencies decides nothing: a .com in English stays USD", () => {
    const r = page({ body: `<p>We ship worldwide; prices in USD, CAD or AUD.</p>` });
    expect(price(r)).toBe("8999 USD");
    expect(basis(r)).toBe("likely");
  });

  it("two sentences naming different currencies leave the sign undecided", () => {
    const r = page({
      body: `<p>Prices in our stores are in CAD.</p><p>Online prices are shown in USD.</p>`,
      url: "https://shop.example.shop/p/x",
    });
    expect(r.price).toBeNull();
  });

  it("prices stated in the page's structured data stay first", () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","name":"Trail shoe 42","offers":{"price":"89.99","priceCurrency":"CAD"}}</script>`;
    const r = page({ head: ld, body: `<p>All prices are in AUD.</p>` });
    expect(price(r)).toBe("8999 CAD");
  });
});
