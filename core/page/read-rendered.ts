/**
 * The page as a browser renders it: its DOM after the store's scripts, with each element that
 * holds digits but is not rendered (display:none or visibility:hidden by a stylesheet, a
 * screen-reader copy clipped to a pixel, a collapsed panel) marked `data-dw-unrendered`, so that
 * core/extract reads it as a person does: what is not shown is no price (issue #34, layout as
 * evidence). The marks are taken off again before it returns; the page is left as it was.
 *
 * Runs inside the page (the extension's scripting.executeScript, the Chromium fetch's
 * page.evaluate): it must stay self-contained, using nothing from outside its own body.
 */
export function readRenderedPage(): { html: string; url: string } {
  const mark = "data-dw-unrendered";
  const marked: Element[] = [];
  const seen = new Set<Element>();
  const skip = new Set(["script", "style", "noscript", "template", "head", "title"]);
  const root = document.body ?? document.documentElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (seen.size >= 20_000) break;
    const el = node.parentElement;
    if (el === null || seen.has(el) || !/\d/.test(node.nodeValue ?? "")) continue;
    seen.add(el);
    if (skip.has(el.localName)) continue;
    const check = (el as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility;
    // Opacity is not asked: an anti-flicker snippet fades the whole body in after load, and
    // elements fade in as they scroll into view; both are shown to the person a moment later.
    const isVisible =
      typeof check !== "function" ||
      check.call(el, { visibilityProperty: true, checkVisibilityCSS: true });
    const box = el.getBoundingClientRect();
    // A text clipped to a pixel (the usual screen-reader-only class) is read aloud, not shown.
    if (!isVisible || box.width <= 1 || box.height <= 1) {
      el.setAttribute(mark, "");
      marked.push(el);
    }
  }
  try {
    return { html: document.documentElement.outerHTML, url: location.href };
  } finally {
    for (const el of marked) el.removeAttribute(mark);
  }
}
