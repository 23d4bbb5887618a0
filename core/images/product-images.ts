import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { product } from "../db/schema/index.ts";
import { type Fetcher, type ImageType, sniffImageType } from "../fetch/index.ts";
import type { Logger } from "../log.ts";
import { THUMBNAIL_EDGE_PX, toThumbnail } from "./thumbnail.ts";

/**
 * Product pictures served by Dropwave itself (docs/decisions/0014-product-images.md),
 * so visitors' browsers never contact the stores. A picture is fetched once through the safe
 * fetcher, made a small WebP (thumbnail.ts) and kept on disk under DATA_DIR/images, named by
 * the SHA-256 of its URL and the thumbnail size. Only
 * pictures of products on this instance (`/img/p/<product id>`) or of a preview this server
 * signed (`/img/s/<signature>?url=…`) are served: no open proxy.
 */

export type Picture = { contentType: ImageType; body: Buffer };

export type ProductImages = {
  /** The picture of a product on this instance, or null (no such product, no picture, refused). */
  forProduct(productId: string): Promise<Picture | null>;
  /** The picture at a URL this server signed (a preview), or null. */
  forSigned(url: string, signature: string): Promise<Picture | null>;
  /** The path that serves `url` to a browser for a preview (signed, so nobody can forge one). */
  signedPath(url: string): string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createProductImages(options: {
  db: Db;
  fetcher: Pick<Fetcher, "fetchImage">;
  cacheDir: string;
  /** Signs preview picture URLs (an instance secret). */
  secret: string;
  log?: Logger;
  maxBytes?: number;
}): ProductImages {
  const { db, fetcher, cacheDir, log } = options;
  const inFlight = new Map<string, Promise<Picture | null>>();

  const sign = (url: string) =>
    createHmac("sha256", options.secret).update(`image:${url}`).digest("base64url").slice(0, 32);

  async function load(url: string): Promise<Picture | null> {
    if (!/^https?:\/\//i.test(url) || url.length > 2048) return null;
    // The size in the name: pictures kept at another size (or as fetched, before) are not reused.
    const name = createHash("sha256").update(`${THUMBNAIL_EDGE_PX}:${url}`).digest("hex");
    const file = path.join(cacheDir, name.slice(0, 2), name);
    try {
      const body = await readFile(file);
      const contentType = sniffImageType(body);
      if (contentType) return { contentType, body };
    } catch {
      // not cached yet
    }
    const running = inFlight.get(name);
    if (running) return running;
    const fetching = (async () => {
      const outcome = await fetcher.fetchImage(url, {
        ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
      });
      if (outcome.kind !== "ok") {
        log?.info(
          {
            url,
            kind: outcome.kind,
            ...(outcome.kind === "failed" ? { outcome: outcome.outcome.kind } : {}),
          },
          "product picture refused",
        );
        return null;
      }
      const picture = await toThumbnail(outcome.body);
      if (!picture) {
        log?.info({ url, kind: "undecodable" }, "product picture refused");
        return null;
      }
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, picture.body);
      await rename(partial, file);
      return picture;
    })().finally(() => inFlight.delete(name));
    inFlight.set(name, fetching);
    return fetching;
  }

  return {
    async forProduct(productId) {
      if (!UUID.test(productId)) return null;
      const [row] = await db
        .select({ imageUrl: product.imageUrl })
        .from(product)
        .where(eq(product.id, productId))
        .limit(1);
      return row?.imageUrl ? load(row.imageUrl) : null;
    },
    async forSigned(url, signature) {
      const expected = Buffer.from(sign(url));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return load(url);
    },
    signedPath(url) {
      return `/img/s/${sign(url)}?url=${encodeURIComponent(url)}`;
    },
  };
}
