import { describe, expect, it } from "vitest";
import { siteLabel, storeName } from "./store-name.ts";

describe("storeName", () => {
  it("names known stores across their domains", () => {
    expect(storeName("www.amazon.co.uk", null)).toBe("Amazon");
    expect(storeName("www.bestbuy.com", "Best Buy Canada")).toBe("Best Buy");
  });

  it("uses the site name, then the domain label", () => {
    expect(storeName("shop.example.com", "Example Goods")).toBe("Example Goods");
    expect(storeName("shop.example.com", null)).toBe("Example");
    expect(siteLabel("www.shop.co.uk")).toBe("shop");
  });

  it("shows an IP address as it is", () => {
    expect(storeName("127.0.0.1", null)).toBe("127.0.0.1");
    expect(storeName("192.168.1.20", "Intranet Shop")).toBe("Intranet Shop");
  });
});
