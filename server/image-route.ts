import type { Hono } from "hono";
import type { AppServices } from "../app/context.ts";
import type { Picture } from "../core/images/product-images.ts";
import type { HonoEnv } from "./http.ts";

/**
 * `/img/p/<product id>` and `/img/s/<signature>?url=…`: product pictures through Dropwave
 * (core/images). Each answer gets a sandboxing policy of its own, so even a picture opened
 * as a page can run nothing.
 */
export function mountImageRoutes(app: Hono<HonoEnv>, services: AppServices): void {
  const answer = (picture: Picture | null) => {
    if (!picture) {
      return new Response("No picture", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
      });
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
