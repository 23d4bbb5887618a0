/**
 * Injected into the tab the person clicked on (scripting.executeScript, activeTab): the page
 * as they see it — the rendered DOM after the store's scripts — and its address. Must be
 * self-contained: it is serialised into the page.
 */
export function readPage(): { html: string; url: string } {
  return { html: document.documentElement.outerHTML, url: location.href };
}
