import { JSDOM } from "jsdom";

/**
 * A page's HTML as a document to query, for tests that check what the server rendered (a
 * heading, a meta tag, a form's value) without a browser: no script runs, no style applies.
 */
export async function pageDocument(response: Response): Promise<Document> {
  return new JSDOM(await response.text()).window.document;
}

/** The text of the page's first <h1>, its white space collapsed. */
export function headingText(document: Document): string {
  return (document.querySelector("h1")?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The content of `<meta name|property="key">`, or null when the page has none. */
export function metaContent(document: Document, key: string): string | null {
  return (
    document
      .querySelector(`meta[name="${key}"], meta[property="${key}"]`)
      ?.getAttribute("content") ?? null
  );
}
