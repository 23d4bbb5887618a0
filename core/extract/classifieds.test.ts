import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";
import type { ExtractResult } from "./types.ts";

/**
 * Issue #34 class 7 (pages written for these tests): a classified ad with one asking price is a
 * product. It has no <h1> and no buy button: its posting title (the page's og:title) is the
 * title, and the price beside it stands out.
 */
function ad(title: string, heading: string, lang: string, url: string, more = "") {
  const html = `<!doctype html><html lang="${lang}"><head><title>${title} - for sale</title>
<meta property="og:title" content="${title}"><meta property="og:type" content="article"></head><body>
<header><a href="/">home</a> <a href="/search">back to search</a></header>
<section class="body"><h2 class="postingtitle">${heading}</h2>
<figure><img src="/a.jpg" alt=""></figure>
<section id="postingbody">${more}</section>
<p><a href="/reply">reply</a></p></section><footer><p>about · help · terms</p></footer></body></html>`;
  return extractProduct(html, url);
}
const money = (m: ExtractResult["price"]) => m && `${m.amountMinor} ${m.currency}`;

describe("a classified ad with one asking price", () => {
  it("en: the price beside the posting title", () => {
    const r = ad(
      "Oak storage rack (new in box)",
      `<span id="titletext">Oak storage rack (new in box)</span> - <span class="price">$225</span><small> (danville)</small>`,
      "en",
      "https://city.classifieds.example.org/fuo/d/oak-rack/62284.html",
      "New in box. Sold online for $399 plus shipping.",
    );
    expect(r.status).toBe("ok");
    expect(money(r.price)).toBe("22500 USD");
  });

  it("de: the asking price beside the ad's title", () => {
    const r = ad(
      "Eichenregal, neu",
      `<span>Eichenregal, neu</span> <span class="preis">180 €</span>`,
      "de",
      "https://kleinanzeigen.example.de/anzeige/eichenregal/1234",
      "Neupreis war 320 €. Nur Abholung.",
    );
    expect(r.status).toBe("ok");
    expect(money(r.price)).toBe("18000 EUR");
  });

  it("an article whose og:title stands on the page is still no product", () => {
    const r = ad(
      "Ten storage ideas",
      "<span>Ten storage ideas</span>",
      "en",
      "https://blog.example.com/ten-ideas",
      "A rack like this one costs about $225 in most stores, and a shelf $40.",
    );
    expect(r.status).toBe("not_product");
  });
});
