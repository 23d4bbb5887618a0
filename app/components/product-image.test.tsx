import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProductImage } from "./product-image.tsx";

describe("ProductImage", () => {
  it("waits until a list's picture is near the screen", () => {
    const html = renderToString(<ProductImage src="/img/p/1" />);
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain("fetchpriority");
  });

  it("fetches the page's main picture at once, ahead of the rest (its largest paint)", () => {
    const html = renderToString(<ProductImage src="/img/p/1" isMain />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });
});
