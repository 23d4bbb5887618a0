import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { product } from "../core/db/schema/index.ts";
import { createTestApp } from "../tests/helpers/app.ts";
import { setupTestDatabase } from "../tests/helpers/db.ts";
import { type LocalServer, startServer } from "../tests/helpers/local-server.ts";
import { encodePng } from "../tests/helpers/png.ts";

const database = setupTestDatabase();

/** A real 1×1 PNG: one red, opaque pixel. */
const PNG = encodePng({ width: 1, height: 1, channels: 4, rows: Buffer.from([0, 255, 0, 0, 255]) });
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
let images: LocalServer;

beforeAll(async () => {
  images = await startServer((req, res) => {
    if (req.url === "/kettle.png") {
      res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    } else if (req.url === "/moved.png") {
      res.writeHead(302, { location: "/kettle.png" }).end();
    } else if (req.url === "/logo.svg") {
      res.writeHead(200, { "content-type": "image/svg+xml" }).end(SVG);
    } else if (req.url === "/fake.png") {
      res.writeHead(200, { "content-type": "image/png" }).end("<html><script>alert(1)</script>");
    } else if (req.url === "/huge.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
    } else {
      res.writeHead(404).end();
    }
  });
});
afterAll(async () => {
  await images.close();
});

async function appWith(env: Record<string, string> = {}) {
  return createTestApp(database.current, {
    env: {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "dropwave-images-")),
      FETCH_ALLOW_PRIVATE: "127.0.0.1/32",
      FETCH_HOST_SPACING_MS: "0",
      ...env,
    },
  });
}

let seq = 0;
async function productWithImage(imageUrl: string): Promise<string> {
  seq += 1;
  const [row] = await database.current.db
    .insert(product)
    .values({
      urlKey: `shop.example/p/img-${seq}-${Date.now()}`,
      url: `https://shop.example/p/img-${seq}`,
      host: "shop.example",
      store: "Shop Example",
      title: "Kettle",
      imageUrl,
    })
    .returning({ id: product.id });
  return row!.id;
}

describe("product pictures through Dropwave", () => {
  it("serves a product's picture from its own route, fetched once and then from disk", async () => {
    const { request } = await appWith();
    const id = await productWithImage(`${images.origin}/moved.png`);
    const before = images.requests.length;
    const first = await request(`/img/p/${id}`);
    expect(first.status).toBe(200);
    // Kept and served as a small WebP (core/images/thumbnail.ts), the same picture.
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    const served = Buffer.from(await first.arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: "webp", width: 1, height: 1 });
    const second = await request(`/img/p/${id}`);
    expect(Buffer.from(await second.arrayBuffer()).equals(served)).toBe(true);
    // The redirect and the picture, once: the second answer came from the disk cache.
    expect(images.requests.length - before).toBe(2);
  });

  it("refuses SVG, non-pictures dressed as pictures, and pictures over 5 MB", async () => {
    const { request } = await appWith();
    for (const file of ["logo.svg", "fake.png", "huge.png", "missing.png"]) {
      const id = await productWithImage(`${images.origin}/${file}`);
      const response = await request(`/img/p/${id}`);
      // No picture is a 204 with no body: the <img> shows its placeholder and logs nothing.
      expect(response.status, file).toBe(204);
      expect((await response.arrayBuffer()).byteLength, file).toBe(0);
    }
  });

  it("is no open proxy: unknown products and unsigned URLs fetch nothing", async () => {
    const { request, services } = await appWith();
    const before = images.requests.length;
    const url = `${images.origin}/kettle.png`;
    for (const path of [
      "/img/p/00000000-0000-4000-8000-000000000000",
      "/img/p/not-a-uuid",
      `/img/s/forged-signature-forged-signatur?url=${encodeURIComponent(url)}`,
      "/img/s/x",
    ]) {
      expect((await request(path)).status, path).toBe(204);
    }
    expect(images.requests.length).toBe(before);
    // A preview's picture, signed by this server, is served.
    const signed = await request(services.productImages.signedPath(url));
    expect(signed.status).toBe(200);
    expect(signed.headers.get("content-type")).toBe("image/webp");
    // The signature covers the URL: swapping the URL breaks it.
    const swapped = services.productImages
      .signedPath(url)
      .replace(encodeURIComponent(url), encodeURIComponent(`${images.origin}/logo.svg`));
    expect((await request(swapped)).status).toBe(204);
  });

  it("refuses a picture on a private address without connecting to it", async () => {
    const { request } = await appWith({ FETCH_ALLOW_PRIVATE: "" });
    const connections = images.connections;
    for (const imageUrl of [`${images.origin}/kettle.png`, "http://10.0.0.1/kettle.png"]) {
      const id = await productWithImage(imageUrl);
      expect((await request(`/img/p/${id}`)).status).toBe(204);
    }
    expect(images.connections).toBe(connections);
  });
});
