import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodePng } from "../../tests/helpers/png.ts";
import { THUMBNAIL_EDGE_PX, toThumbnail } from "./thumbnail.ts";

const solid = (width: number, height: number, format: "png" | "jpeg" | "gif") =>
  sharp({ create: { width, height, channels: 3, background: "#ff2a6d" } })
    [format]()
    .toBuffer();

/** A PNG whose header claims `width`×`height` pixels, with almost no data behind it. */
const claimedPng = (width: number, height: number) =>
  encodePng({ width, height, channels: 3, rows: Buffer.alloc(16) });

describe("toThumbnail", () => {
  it("shrinks a large picture to the thumbnail edge, keeping its shape, as WebP", async () => {
    const original = await solid(1_600, 1_000, "jpeg");
    const thumbnail = await toThumbnail(original);
    expect(thumbnail?.contentType).toBe("image/webp");
    const meta = await sharp(thumbnail?.body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: THUMBNAIL_EDGE_PX, height: 240 });
    expect(thumbnail?.body.length).toBeLessThan(original.length);
  });

  it("never enlarges a small picture", async () => {
    const thumbnail = await toThumbnail(await solid(40, 90, "png"));
    expect(await sharp(thumbnail?.body).metadata()).toMatchObject({ width: 40, height: 90 });
  });

  it("reads GIF too (an animation keeps its first frame)", async () => {
    const thumbnail = await toThumbnail(await solid(500, 500, "gif"));
    expect(await sharp(thumbnail?.body).metadata()).toMatchObject({
      format: "webp",
      width: THUMBNAIL_EDGE_PX,
    });
  });

  it("refuses bytes that are no picture, and a broken file claiming a huge canvas", async () => {
    expect(await toThumbnail(Buffer.from("<html><script>alert(1)</script>"))).toBeNull();
    expect(await toThumbnail(claimedPng(30_000, 30_000))).toBeNull();
  });
});
