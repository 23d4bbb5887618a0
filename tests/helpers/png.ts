import { crc32, deflateSync } from "node:zlib";

/**
 * A PNG file from raw scanlines, for tests and benchmarks that need a picture of a given size or
 * a deliberately broken one. `rows` is the image data as PNG stores it before compression: each
 * row a filter byte (0) followed by its pixels (3 bytes each for RGB, 4 for RGBA).
 */
export function encodePng(options: {
  width: number;
  height: number;
  channels: 3 | 4;
  rows: Buffer;
}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.width, 0);
  header.writeUInt32BE(options.height, 4);
  // 8 bits per channel; colour type 2 is RGB, 6 is RGBA.
  header.set([8, options.channels === 4 ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(options.rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
