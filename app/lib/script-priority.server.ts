import { Transform, type TransformCallback } from "node:stream";

/**
 * The <head> as it streams out, arranged for the browser:
 * - **Module preloads at low priority.** The server-rendered page paints without JavaScript (the
 *   HTML is complete; hydration only makes it interactive), so on a slow phone connection the
 *   stylesheet and the main picture come first and the scripts after. Chrome gives a module
 *   preload high priority by default, ahead of pictures, and React Router's <Scripts> takes no
 *   attribute for its <link rel="modulepreload"> elements, so this adds `fetchpriority="low"`.
 * - **The links React adds on its own, last.** React hoists into <head> preloads that the page's
 *   own <head> does not render: the module preloads of <Scripts> (rendered in <body>) and a
 *   preload of a `fetchPriority="high"` picture. Preact, which hydrates the page
 *   (docs/decisions/0034), pairs the server's elements with its own in order, tag name by tag
 *   name, and removes what it did not pair: with those preloads between the icon links and the
 *   stylesheets, it paired the stylesheets with preloads and removed a stylesheet. After the
 *   stylesheets, the preloads are what is left over (and removed, once they have done their work).
 * The head is held until its end (React writes it in one piece with the page's shell). Only
 * `<link rel="modulepreload" …>` and `<link rel="preload" …>` elements in <head> move: text in
 * the body that merely looks like one is left as it is.
 */
const HEAD_END = Buffer.from("</head>");
const PRELOAD = /<link rel="(modulepreload|preload)" ([^>]*)>/g;

export function preloadsLastInHead(
  options: { /** Called once the page has been written whole. */ onFinal?: () => void } = {},
): Transform {
  let head: Buffer[] = []; // the page so far, while its </head> has not come
  let isInHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!isInHead) return callback(null, chunk);
      head.push(chunk);
      const text = Buffer.concat(head);
      const end = text.indexOf(HEAD_END);
      if (end === -1) {
        head = [text];
        return callback();
      }
      isInHead = false;
      head = [];
      // Cut at an ASCII marker: the head is whole UTF-8.
      callback(null, Buffer.concat([reorderHead(text.subarray(0, end)), text.subarray(end)]));
    },
    // The whole page has been written (React ended the stream).
    flush(callback: TransformCallback) {
      options.onFinal?.();
      callback(null, head.length ? Buffer.concat(head) : undefined);
    },
  });
}

/** The head with its preloads taken out and put at its end, module preloads at low priority. */
function reorderHead(head: Buffer): Buffer {
  const preloads: string[] = [];
  const rest = head
    .toString("utf8")
    .replace(PRELOAD, (tag: string, rel: string, attributes: string) => {
      preloads.push(
        rel === "modulepreload"
          ? `<link rel="modulepreload" fetchpriority="low" ${attributes}>`
          : tag,
      );
      return "";
    });
  return Buffer.from(rest + preloads.join(""));
}
