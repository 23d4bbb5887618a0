import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Probe round eight (a): a grocer's card price ("$3.99 with Card") with the price for everyone
 * struck beside it ("<s>$4.99</s>"). The strike says "not what card holders pay", not "the old
 * price": with no lower amount beside it but a member's or card holder's, the struck amount is
 * what anyone pays (or, at least, the card price is not taken).
 */
const page = (lang: string, box: string) =>
  `<!doctype html><html lang="${lang}"><head><title>Organic Strawberries 16 oz</title></head><body><h1>Organic Strawberries 16 oz</h1>${box}<button>Add to Cart</button></body></html>`;
const read = (lang: string, box: string) =>
  extractProduct(page(lang, box), "https://shop.example.com/p/strawberries-16-oz").price
    ?.amountMinor ?? null;

describe("a struck price beside only a card holder's price", () => {
  it.each([
    [
      "en",
      `<div class="pr"><div><mark class="promo-price">$3.99</mark> <span>with Card</span></div><div><s>$4.99</s></div><div>$0.25/oz</div></div>`,
    ],
    [
      "es",
      `<div class="pr"><div><b class="promo-price">3,99 €</b> <span>con tarjeta</span></div><div><s>4,99 €</s></div></div>`,
    ],
  ])("%s: the price for everyone or none, never the card price", (lang, box) => {
    expect([499, null]).toContain(read(lang, box));
  });
  it("a sale beside its struck old price stays the sale", () => {
    expect(
      read("en", `<div class="pr"><div><mark>$3.99</mark></div><div><s>$4.99</s></div></div>`),
    ).toBe(399);
  });
});

// Probe round nine (a): Brazil's price paid at once by PIX or boleto ("R$ 1.199,90 à vista no
// PIX") beside the price by card in instalments ("R$ 1.299,90 em até 10x"). Decided: the price
// paid at once, open to every shopper and the stores' headline, is the price; the card price was
// taken, first (under the title) or higher. (A store card's price stays no price for everyone.)
describe("the price paid at once beside the price by card", () => {
  const br = (box: string) =>
    extractProduct(
      `<!doctype html><html lang="pt-BR"><head><title>Placa de Vídeo</title></head><body><main><h1>Placa de Vídeo</h1>${box}<button>Comprar</button></main></body></html>`,
      "https://loja.example.com.br/produto/placa",
    ).price?.amountMinor ?? null;
  it.each([
    [
      "the card price first",
      `<p>R$ 1.299,90</p><p>em até 10x de R$ 129,99 sem juros</p><p>ou <span>R$ 1.199,90</span> no Pix (8% de desconto)</p>`,
    ],
    [
      "the PIX price after a card price standing alone",
      `<div><span>R$ 1.299,90</span></div><div><h4>R$ 1.199,90</h4><span>À vista no PIX com 8% de desconto</span></div><div><b>R$ 1.299,90</b> em até 10x de <b>R$ 129,99</b></div>`,
    ],
  ])("%s", (_, box) => {
    expect(br(box)).toBe(119990);
  });
  it("es: al contado", () => {
    const html = `<!doctype html><html lang="es-AR"><head><title>Heladera</title></head><body><main><h1>Heladera</h1><p>$ 899.999</p><p>12 cuotas de $ 74.999</p><p><span>$ 809.999</span> al contado</p><button>Comprar</button></main></body></html>`;
    expect(
      extractProduct(html, "https://tienda.example.com.ar/p/heladera").price?.amountMinor,
    ).toBe(80999900);
  });
  it("a much higher amount (another product's) is not the card price", () => {
    expect(
      br(
        `<p>R$ 1.199,90 à vista no PIX</p><section><p>Combo com monitor R$ 2.499,90</p></section>`,
      ),
    ).toBe(119990);
  });
});

// The price paid at once wins over the card's only where the store says nothing: structured data
// stating the card's price is the price the store declares (the card's price is no price before
// a sale, and nothing on the page is struck through).
describe("the price paid at once beside the card's, with structured data", () => {
  const withOffer = (price: string) =>
    extractProduct(
      `<!doctype html><html lang="pt-BR"><head><title>Placa de Vídeo</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Placa de Vídeo","offers":{"@type":"Offer","price":"${price}","priceCurrency":"BRL"}}</script></head><body><main><h1>Placa de Vídeo</h1><p>R$ 1.299,90</p><p>em até 10x de R$ 129,99 sem juros</p><p>ou <span>R$ 1.169,91</span> no Pix (10% de desconto)</p><button>Comprar</button></main></body></html>`,
      "https://loja.example.com.br/produto/placa",
    );
  it("keeps the card's price the structured data states, with no note of a sale", () => {
    const result = withOffer("1299.90");
    expect(result.price).toEqual({ amountMinor: 129990, currency: "BRL" });
    expect(result.notes.join(" ")).not.toMatch(/struck|sale/);
  });
  it("takes the price paid at once where the structured data states that one", () => {
    expect(withOffer("1169.91").price).toEqual({ amountMinor: 116991, currency: "BRL" });
  });
});
