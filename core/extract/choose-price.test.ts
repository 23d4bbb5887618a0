import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

const offers = (body: string) => `<!doctype html><html lang="en-US"><head><title>Kettle</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Kettle","offers":[{"@type":"Offer","price":"49.00","priceCurrency":"USD"},{"@type":"Offer","price":"59.00","priceCurrency":"USD"}]}</script>
</head><body><h1>Kettle</h1>${body}<button>Add to cart</button></body></html>`;

describe("choosing between credible prices", () => {
  it("structured prices that disagree: the one also shown on the page is taken", () => {
    const result = extractProduct(
      offers('<div class="product-price">$59.00</div>'),
      "https://kettles.example.com/k",
    );
    expect(result.status).toBe("ok");
    expect(result.price).toEqual({ amountMinor: 5900, currency: "USD" });
    expect(result.notes.join(" ")).toMatch(/disagree/);
  });

  it("…and stays ambiguous when the page shows both", () => {
    const result = extractProduct(
      offers('<div class="product-price">$49.00</div><div class="product-price">$59.00</div>'),
      "https://kettles.example.com/k",
    );
    expect(result.status).toBe("ambiguous");
    expect(result.price).toBeNull();
  });

  it("a structured price equal to the stated standard/list price is the list price (stale JSON-LD, sale in meta)", () => {
    const html = `<!doctype html><html lang="en"><head><title>Sconce</title>
<meta content="150.00" property="og:price:standard_amount"><meta content="120.00" property="product:price:amount"><meta content="USD" property="product:price:currency">
<script type="application/ld+json">{"@context":"http://schema.org","@type":"Product","name":"Sconce","offers":{"@type":"Offer","priceCurrency":"USD","price":"150.00"}}</script>
</head><body><h1>Sconce</h1></body></html>`;
    const result = extractProduct(html, "https://lamps.example.com/sconce");
    expect(result.price).toEqual({ amountMinor: 12000, currency: "USD" });
    expect(result.listPrice).toEqual({ amountMinor: 15000, currency: "USD" });
  });

  it("the same price in two formats is one price, not an ambiguity", () => {
    const html = `<!doctype html><html lang="de-DE"><head><title>Mühle</title>
<meta property="product:price:amount" content="1.249,00"><meta property="product:price:currency" content="EUR">
<script type="application/ld+json">{"@type":"Product","name":"Mühle","offers":{"@type":"Offer","price":1249,"priceCurrency":"EUR"}}</script>
</head><body><h1>Mühle</h1><span class="price">1.249,00 €</span></body></html>`;
    const result = extractProduct(html, "https://shop.example.de/m");
    expect(result.status).toBe("ok");
    expect(result.price).toEqual({ amountMinor: 124900, currency: "EUR" });
  });

  it("a price in the wrong currency symbol is not forced: ¥ on a Chinese-language page is CNY", () => {
    const html = `<!doctype html><html lang="zh-CN"><head><title>茶壶</title></head><body><h1>茶壶</h1><div class="product-price">¥168.00</div><button>加入购物车 add to cart</button></body></html>`;
    expect(extractProduct(html, "https://tea.example.com/pot").price).toEqual({
      amountMinor: 16800,
      currency: "CNY",
    });
  });
});

describe("structured data the page contradicts", () => {
  const page = (body: string) => `<!doctype html><html lang="en-US"><head><title>Desk Lamp</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Desk Lamp","offers":{"@type":"Offer","price":"24.99","priceCurrency":"USD"}}</script>
</head><body><main><h1>Desk Lamp</h1>${body}<button>Add to cart</button></main></body></html>`;

  it("cannot tell when its one amount is nowhere on the page and the buy box shows another", () => {
    const result = extractProduct(
      page('<div class="a">$19.99</div>'),
      "https://lamps.example.com/l",
    );
    expect(result.status).toBe("ambiguous");
    expect(result.price).toBeNull();
    expect(result.notes.join(" ")).toMatch(/never shows.*buy box shows \$19\.99/);
  });

  it("takes it when the page shows it anywhere, even not in the buy box", () => {
    const body =
      '<div class="a">$19.99</div><section><h2>Details</h2><p>Price $24.99</p></section>';
    const result = extractProduct(page(body), "https://lamps.example.com/l");
    expect(result.price).toEqual({ amountMinor: 2499, currency: "USD" });
  });

  it("takes it when the page shows no sure price of its own", () => {
    const result = extractProduct(page("<p>Ships in 2 days.</p>"), "https://lamps.example.com/l");
    expect(result.price).toEqual({ amountMinor: 2499, currency: "USD" });
  });
});
