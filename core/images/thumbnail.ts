import sharp from "sharp";
import type { Picture } from "./product-images.ts";

// One picture at a time, nothing kept in libvips' cache: a small server (1 GB) stays small.
sharp.cache(false);
sharp.concurrency(1);

/**
 * The longest edge of a stored picture, in pixels: the largest place a picture is shown is
 * 160 CSS px on the product page, twice that on a dense screen, and the preview is a little
 * larger still. Stores' own pictures are often 1 000–2 000 px and 100–500 KB.
 */
export const THUMBNAIL_EDGE_PX = 384;

/** More pixels than this is refused before decoding (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A store's picture as Dropwave keeps and serves it: turned upright (EXIF), no larger than
 * THUMBNAIL_EDGE_PX on its longest edge, re-encoded as WebP (which also drops whatever else the
 * file carried: metadata, trailing bytes). Animated pictures keep their first frame. Null when
 * the bytes do not decode as a picture or claim more than MAX_INPUT_PIXELS.
 */
export async function toThumbnail(body: Uint8Array): Promise<Picture | null> {
  try {
    const webp = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({
        width: THUMBNAIL_EDGE_PX,
        height: THUMBNAIL_EDGE_PX,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer();
    return { contentType: "image/webp", body: webp };
  } catch {
    return null;
  }
}
