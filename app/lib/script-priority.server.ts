import { Transform, type TransformCallback } from "node:stream";

/**
 * The server-rendered page paints without JavaScript (the HTML is complete; hydration only makes
 * it interactive), so the module preloads React Router writes into <head> go out at low priority:
 * on a slow phone connection the stylesheet and the main picture come first, and the scripts
 * after. Chrome gives a module preload high priority by default, ahead of pictures, and
 * React Router's <Scripts> takes no attribute for its <link rel="modulepreload"> elements, so
 * this adds `fetchpriority="low"` to each as the HTML streams out. Only that exact opening text
 * is touched, and only in <head>: text in the body that merely looks like it is left as it is.
 */
const LINK = Buffer.from('<link rel="modulepreload" ');
const WITH_PRIORITY = Buffer.from('<link rel="modulepreload" fetchpriority="low" ');
const HEAD_END = Buffer.from("</head>");

export function lowPriorityModulePreloads(
  options: { /** Called once the page has been written whole. */ onFinal?: () => void } = {},
): Transform {
  let pending = Buffer.alloc(0); // a chunk's tail that may be the start of LINK or HEAD_END
  let isInHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!isInHead) return callback(null, chunk);
      const text = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const out: Buffer[] = [];
      let from = 0;
      for (;;) {
        const headEnd = text.indexOf(HEAD_END, from);
        const link = text.indexOf(LINK, from);
        if (link !== -1 && (headEnd === -1 || link < headEnd)) {
          out.push(text.subarray(from, link), WITH_PRIORITY);
          from = link + LINK.length;
          continue;
        }
        if (headEnd !== -1) {
          isInHead = false;
          out.push(text.subarray(from));
          pending = Buffer.alloc(0);
          return callback(null, Buffer.concat(out));
        }
        break;
      }
      // Hold back a tail that could be the beginning of a marker split across two chunks.
      const keep = partialMarkerAt(text, from);
      out.push(text.subarray(from, text.length - keep));
      pending = Buffer.from(text.subarray(text.length - keep));
      callback(null, Buffer.concat(out));
    },
    // The whole page has been written (React ended the stream).
    flush(callback: TransformCallback) {
      options.onFinal?.();
      callback(null, pending.length ? pending : undefined);
    },
  });
}

/** How many bytes at the end of `text` (after `from`) are a proper prefix of a marker. */
function partialMarkerAt(text: Buffer, from: number): number {
  const longest = Math.min(Math.max(LINK.length, HEAD_END.length) - 1, text.length - from);
  for (let size = longest; size > 0; size--) {
    const tail = text.subarray(text.length - size);
    if (isPrefix(tail, LINK) || isPrefix(tail, HEAD_END)) return size;
  }
  return 0;
}

function isPrefix(tail: Buffer, marker: Buffer): boolean {
  return tail.length < marker.length && marker.subarray(0, tail.length).equals(tail);
}
