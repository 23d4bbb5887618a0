import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import {
  type BrotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  type Gzip,
  gzipSync,
} from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { getMimeType } from "hono/utils/mime";

/**
 * Compression (issue #15, docs/decisions/0023-compression.md):
 * - build/client's text files are compressed once at build (`precompressDirectory`, run by the
 *   Vite plugin in vite.config.ts) and served by `precompressedAssets` with the encoding the
 *   browser asked for;
 * - everything else compressible the server answers (SSR HTML, API JSON) is compressed on the
 *   fly by `compressResponses`, streamed chunk by chunk so streaming SSR still streams.
 */

export type Encoding = "br" | "gzip";
const PREFERENCE: readonly Encoding[] = ["br", "gzip"];
const EXTENSION: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Bodies below this many bytes go out as they are: the framing costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The encoding to answer with for an Accept-Encoding header, among `available` (in our order of
 * preference: Brotli, then gzip); undefined means identity. Honours q-values, `q=0` refusals
 * and `*`.
 */
export function negotiateEncoding(
  header: string | undefined | null,
  available: readonly Encoding[] = PREFERENCE,
): Encoding | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === "*")?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of PREFERENCE) {
    if (!available.includes(encoding)) continue;
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

export function isCompressibleType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  if (/^\s*text\/event-stream/i.test(contentType)) return false;
  return COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}

function addVary(headers: Headers): void {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) {
    headers.set("vary", `${vary}, Accept-Encoding`);
  }
}

// ---------------------------------------------------------------------------------------------
// Build time

const PRECOMPRESSED_EXTENSIONS =
  /\.(?:js|mjs|css|html|json|svg|webmanifest|txt|xml|map|wasm|ttf|otf|ico)$/i;

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) next to every compressible file of
 * `dir` at least MIN_COMPRESS_BYTES long, when the result is smaller. Returns what it wrote.
 */
export function precompressDirectory(dir: string): { file: string; encoding: Encoding }[] {
  const written: { file: string; encoding: Encoding }[] = [];
  for (const file of walk(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < MIN_COMPRESS_BYTES) continue;
    const variants: [Encoding, Buffer][] = [
      [
        "br",
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      ],
      ["gzip", gzipSync(body, { level: 9 })],
    ];
    for (const [encoding, compressed] of variants) {
      if (compressed.length >= body.length) continue;
      writeFileSync(file + EXTENSION[encoding], compressed);
      written.push({ file, encoding });
    }
  }
  return written;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && !/\.(?:br|gz)$/.test(entry.name)) yield path;
  }
}

// ---------------------------------------------------------------------------------------------
// Serving build/client

export type PrecompressedAssetsOptions = {
  /** build/client */
  root: string;
  /** URL prefixes whose files are content-hashed and cached for a year. */
  immutablePrefixes?: readonly string[];
};

/**
 * Serves the .br/.gz files written at build for the files that have them, with the original's
 * Content-Type, the chosen Content-Encoding, `Vary: Accept-Encoding` and (under /assets/) a
 * year's immutable cache. The set of files is read once at start-up, so a request can only
 * ever name one of them. Identity requests, ranges and other files fall through to the plain
 * static handler (Vary is still added for the compressible ones).
 */
export function precompressedAssets(options: PrecompressedAssetsOptions): MiddlewareHandler {
  const immutable = options.immutablePrefixes ?? ["/assets/"];
  const variants = new Map<string, { type: string; available: Encoding[] }>();
  try {
    for (const file of walk(options.root)) {
      const available = PREFERENCE.filter((e) => {
        try {
          return statSync(file + EXTENSION[e]).isFile();
        } catch {
          return false;
        }
      });
      if (available.length === 0) continue;
      const url = `/${relative(options.root, file).split(sep).join("/")}`;
      variants.set(url, { type: getMimeType(file) ?? "application/octet-stream", available });
    }
  } catch {
    // No build yet (API-only tests): nothing to serve.
  }
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const found = variants.get(c.req.path);
    if (!found) return next();
    const encoding = c.req.header("range")
      ? undefined
      : negotiateEncoding(c.req.header("accept-encoding"), found.available);
    if (!encoding) {
      await next();
      addVary(c.res.headers);
      return;
    }
    const file = join(options.root, c.req.path + EXTENSION[encoding]);
    const size = statSync(file).size;
    const headers = new Headers({
      "content-type": found.type,
      "content-encoding": encoding,
      "content-length": String(size),
      vary: "Accept-Encoding",
    });
    if (immutable.some((prefix) => c.req.path.startsWith(prefix))) {
      headers.set("cache-control", "public, max-age=31536000, immutable");
    }
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  };
}

// ---------------------------------------------------------------------------------------------
// On the fly

export type CompressResponsesOptions = {
  /** Brotli quality for dynamic bodies: 4 is fast (about gzip -6's time) and smaller. */
  brotliQuality?: number;
  gzipLevel?: number;
};

/**
 * Compresses compressible responses (HTML, JSON, text…) that are not already encoded, not
 * tiny and not `no-transform`, with Brotli or gzip as the request allows. The body is piped
 * through zlib and flushed whenever the producer pauses, so each chunk of a streamed SSR page
 * reaches the browser as soon as React writes it.
 */
export function compressResponses(options: CompressResponsesOptions = {}): MiddlewareHandler {
  const brotliQuality = options.brotliQuality ?? 4;
  const gzipLevel = options.gzipLevel ?? 6;
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isCompressibleType(res.headers.get("content-type"))) return;
    addVary(res.headers);
    if (
      c.req.method === "HEAD" ||
      !res.body ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has("content-encoding") ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("cache-control") ?? "")
    ) {
      return;
    }
    const length = res.headers.get("content-length");
    if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return;
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    if (!encoding) return;
    let body: ReadableStream<Uint8Array> = res.body;
    if (length === null && !/^\s*text\/html/i.test(res.headers.get("content-type") ?? "")) {
      // JSON and text are written whole, without a length: read up to the threshold to see
      // whether the body is tiny. HTML may be a streamed page, whose shell is never tiny and
      // whose first bytes must not wait for a slow Suspense boundary, so it is not held back.
      const head = await readAtLeast(res.body, MIN_COMPRESS_BYTES);
      if (head.isDone) {
        c.res = new Response(head.bytes as Uint8Array<ArrayBuffer>, c.res);
        c.res.headers.set("content-length", String(head.bytes.byteLength));
        return;
      }
      body = head.stream;
    }
    const zlib =
      encoding === "br"
        ? createBrotliCompress({
            params: {
              [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
              ...(length ? { [constants.BROTLI_PARAM_SIZE_HINT]: Number(length) } : {}),
            },
          })
        : createGzip({ level: gzipLevel });
    replaceBody(c, body.pipeThrough(flushingCompressor(zlib, encoding)), encoding);
  };
}

/**
 * Reads `body` until `limit` bytes or its end. Done: all of it, as one array. Otherwise: a
 * stream that replays what was read, then the rest.
 */
async function readAtLeast(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<
  { isDone: true; bytes: Uint8Array } | { isDone: false; stream: ReadableStream<Uint8Array> }
> {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const next = await reader.read();
    if (next.done) return { isDone: true, bytes: Buffer.concat(head, size) };
    head.push(next.value);
    size += next.value.byteLength;
  }
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const queued = head.shift();
      if (queued) return controller.enqueue(queued);
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { isDone: false, stream };
}

function replaceBody(c: Context, body: ReadableStream<Uint8Array>, encoding: Encoding): void {
  c.res = new Response(body, c.res);
  c.res.headers.delete("content-length");
  c.res.headers.set("content-encoding", encoding);
}

/**
 * A TransformStream around a zlib stream that flushes once the writer pauses (nothing more
 * written in the same turn of the event loop): batched chunks compress well, and nothing a
 * streaming renderer has written waits for the end of the page.
 */
export function flushingCompressor(
  zlib: BrotliCompress | Gzip,
  encoding: Encoding,
): TransformStream<Uint8Array, Uint8Array> {
  let controller!: TransformStreamDefaultController<Uint8Array>;
  let flushTimer: NodeJS.Immediate | undefined;
  let failure: unknown;
  const isBrotli = encoding === "br";
  let isReaderGone = false;
  zlib.on("data", (chunk: Buffer) => {
    if (isReaderGone) return;
    try {
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch {
      // The reader went away while zlib was still finishing (a cancel during `flush` does not
      // reach `cancel` below): the bytes have nowhere to go. Thrown from this listener, the
      // error would end the whole process.
      isReaderGone = true;
      zlib.destroy();
    }
  });
  zlib.on("error", (error) => {
    failure = error;
  });
  const flushNow = () =>
    new Promise<void>((resolve) => {
      zlib.flush(isBrotli ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH, () =>
        resolve(),
      );
    });
  return new TransformStream<Uint8Array, Uint8Array>({
    start(c) {
      controller = c;
    },
    async transform(chunk) {
      if (failure) throw failure;
      const accepted = zlib.write(chunk);
      flushTimer ??= setImmediate(() => {
        flushTimer = undefined;
        void flushNow();
      });
      if (!accepted) {
        // Also released when zlib is destroyed (the reader cancelled): a write still waiting
        // here would keep the pipe from cancelling the producer.
        await new Promise((resolve) => {
          zlib.once("drain", resolve);
          zlib.once("close", resolve);
        });
      }
    },
    async flush() {
      if (flushTimer) {
        clearImmediate(flushTimer);
        flushTimer = undefined;
      }
      await new Promise<void>((resolve, reject) => {
        zlib.once("end", resolve);
        zlib.once("close", resolve);
        zlib.once("error", reject);
        zlib.end();
      });
      if (failure) throw failure;
    },
    // The browser went away mid-page: free zlib's native memory now, not at GC.
    cancel() {
      if (flushTimer) clearImmediate(flushTimer);
      isReaderGone = true;
      zlib.destroy();
    },
  } as Transformer<Uint8Array, Uint8Array>);
}
