/**
 * Injected into the tab the person clicked on (scripting.executeScript, activeTab): the page as
 * they see it — the rendered DOM after the store's scripts, what is not rendered marked — and
 * its address (core/page/read-rendered.ts, shared with the server's Chromium fetch).
 */
export { readRenderedPage as readPage } from "../../core/page/read-rendered.ts";
