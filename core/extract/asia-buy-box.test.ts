import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 (pages written for these tests): East Asian buy boxes with the full-width currency
 * signs their pages use ("￥4,480", "￦29,900"), which NFKC reads as "¥" and "₩": the scan must
 * know them as currency to find the price at all, and an old price's label before one must
 * still be read ("参考価格: ￥5,980").
 */
const page = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title></head><body><main>${body}</main></body></html>`;

describe("a buy box with full-width currency signs", () => {
  it("reads '￥' as yen, and a reference price before the price as the old one", () => {
    const body =
      "<h1>電気ケトル</h1><div>参考価格: ￥5,980</div><div>￥4,480 (税込)</div><button>カートに入れる</button>";
    const read = extractProduct(page("ja-JP", body), "https://www.mise.example.jp/p/1");
    expect(read.price).toEqual({ amountMinor: 4480, currency: "JPY" });
  });

  it("reads '￦' as won", () => {
    const body = "<h1>전기주전자</h1><div>￦29,900</div><button>장바구니 담기</button>";
    const read = extractProduct(page("ko-KR", body), "https://www.shop.example.co.kr/p/1");
    expect(read.price).toEqual({ amountMinor: 29900, currency: "KRW" });
  });
});

describe("a sold-out sale with no buy button (probe round six)", () => {
  it("ko: 판매가 59,000원, 할인판매가 47,200원 (11,800원 할인), 품절: 47,200원, out of stock", () => {
    const body = `<h1>무선 전기주전자</h1><table><tr><th>판매가</th><td><span id="a">59,000원</span></td></tr><tr><th>할인판매가</th><td><span id="b">47,200원 <span>(11,800원 할인)</span></span></td></tr></table><p class="s">일시품절 (재입고 알림)</p>`;
    const read = extractProduct(page("ko-KR", body), "https://www.shop.example.co.kr/p/1");
    expect(read.price).toEqual({ amountMinor: 47200, currency: "KRW" });
    expect(read.availability).toBe("out_of_stock");
  });
});

describe("Arabic-Indic digits (probe round six)", () => {
  it.each([
    [
      "ar-SA",
      "https://www.matjar.example.sa/p/1",
      "١٬٢٥٠٫٠٠ ر.س",
      "<del>١٬٥٩٠٫٠٠ ر.س</del>",
      { amountMinor: 125000, currency: "SAR" },
    ],
    [
      "ar-AE",
      "https://www.matjar.example.ae/p/1",
      "٤٤٩٫٠٠ د.إ.‏",
      "",
      { amountMinor: 44900, currency: "AED" },
    ],
    [
      "ar-EG",
      "https://www.matjar.example.com.eg/p/1",
      "٣٬٢٩٩٫٠٠ ج.م",
      "",
      { amountMinor: 329900, currency: "EGP" },
    ],
  ])("%s: %s", (lang, url, shown, old, want) => {
    const body = `<h1>عطر عود ملكي ١٠٠ مل</h1><div class="p"><span class="c">${shown}</span> ${old}</div><p>متوفر</p><button>أضف للسلة</button>`;
    expect(extractProduct(page(lang, body), url).price).toEqual(want);
  });
});
