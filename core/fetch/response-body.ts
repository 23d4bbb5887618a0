import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import zlib from "node:zlib";

/**
 * A response's headers and body as they come off the connection: header helpers, the body read
 * and decoded under a size cap, its media type and charset.
 */
export type Hop = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
};

export type BodyResult =
  | { kind: "ok"; buffer: Buffer }
  | { kind: "too_large" }
  | { kind: "error"; error: unknown };

function decodedStream(body: Readable, contentEncoding: string): Readable | undefined {
  const encodings = contentEncoding
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== "" && e !== "identity");
  if (encodings.length === 0) return body;
  const decoders: NodeJS.ReadWriteStream[] = [];
  for (const encoding of encodings.reverse()) {
    if (encoding === "gzip" || encoding === "x-gzip") decoders.push(zlib.createGunzip());
    else if (encoding === "deflate") decoders.push(zlib.createInflate());
    else if (encoding === "br") decoders.push(zlib.createBrotliDecompress());
    else return undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: pipeline's overloads do not accept a spread
  return (pipeline as any)(body, ...decoders, () => {}) as Readable;
}

/** Reads the body, stopping (and destroying the stream) once the DECODED size passes the cap. */
export async function readCapped(hop: Hop, maxBytes: number): Promise<BodyResult> {
  const encoding = firstHeader(hop.headers["content-encoding"]) ?? "";
  const length = Number(firstHeader(hop.headers["content-length"]) ?? Number.NaN);
  const isIdentity = encoding.trim() === "" || encoding.trim().toLowerCase() === "identity";
  if (isIdentity && Number.isFinite(length) && length > maxBytes) {
    hop.body.destroy();
    return { kind: "too_large" };
  }
  const stream = decodedStream(hop.body, encoding);
  if (!stream) {
    hop.body.destroy();
    return {
      kind: "error",
      error: Object.assign(new Error(`unsupported content-encoding ${encoding}`), {
        code: "BAD_ENCODING",
      }),
    };
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += buffer.length;
      if (total > maxBytes) {
        stream.destroy();
        hop.body.destroy();
        return { kind: "too_large" };
      }
      chunks.push(buffer);
    }
  } catch (error) {
    stream.destroy();
    hop.body.destroy();
    return { kind: "error", error };
  }
  return { kind: "ok", buffer: Buffer.concat(chunks, total) };
}

export function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** One string per header; several Set-Cookie lines are joined with "\n" (commas are ambiguous). */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>) {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const name = key.toLowerCase();
    flat[name] = Array.isArray(value) ? value.join(name === "set-cookie" ? "\n" : ", ") : value;
  }
  return flat;
}

export function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/** The charset from Content-Type, a BOM or a <meta> in the first 1024 bytes; else UTF-8. */
export function detectCharset(contentType: string, body: Uint8Array): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const head = Buffer.from(body.subarray(0, 1024)).toString("latin1");
  const fromMeta =
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content=["'][^"']*charset=([\w.:-]+)/i.exec(head)?.[1];
  for (const label of [fromHeader, fromMeta]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).encoding;
    } catch {
      // unknown label: try the next source
    }
  }
  return "utf-8";
}

export function looksLikeHtml(body: Uint8Array): boolean {
  const start = Buffer.from(body.subarray(0, 512)).toString("latin1").trimStart().toLowerCase();
  return /^(<!doctype html|<html|<head|<body|<!--)/.test(start);
}
