import type { Hono } from "hono";
import type { AppServices } from "../app/context.ts";
import type { Picture } from "../core/images/product-images.ts";
import type { HonoEnv } from "./http.ts";

/**
 * `/img/p/<product id>` and `/img/s/<signature>?url=…`: product pictures through Dropwave
 * (core/images). Each answer gets a sandboxing policy of its own, so even a picture opened
 * as a page can run nothing. No picture (none could be had, or none is ours to give) is a
 * 204 with no body: the page's <img> fails and shows its placeholder, and the browser logs
 * nothing, where a 404 printed an error in the console on every page that showed it (#39
 * item 12).
 */
export function mountImageRoutes(app: Hono<HonoEnv>, services: AppServices): void {
  const answer = (picture: Picture | null) => {
    if (!picture) {
      return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
    }
    return new Response(new Uint8Array(picture.body), {
      headers: {
        "content-type": picture.contentType,
        "content-length": String(picture.body.length),
        "cache-control": "private, max-age=86400",
        "content-security-policy": "default-src 'none'; sandbox",
      },
    });
  };
  app.get("/img/p/:productId", async (c) =>
    answer(await services.productImages.forProduct(c.req.param("productId"))),
  );
  app.get("/img/s/:signature", async (c) => {
    const url = c.req.query("url");
    if (!url) return answer(null);
    return answer(await services.productImages.forSigned(url, c.req.param("signature")));
  });
}
