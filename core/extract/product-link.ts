/**
 * Whether a link leads to another product than the page's own: a related item's page (on
 * "/dp/B0756B4GVG", a link to "/dp/B08KZGF9P5"), not one of the product's own pages (its offers
 * "/gp/offer-listing/B0756B4GVG", its reviews "…/item-123/reviews", "?id=123#reviews").
 *
 * The page's own keys are the parts of its address that name the product: path segments holding a
 * digit (ids, SKUs: 4 characters or more), the last path segment (the slug, 6 or more, without
 * ".html", ".aspx" …), and query values holding a digit. A link sharing none of them, nor the page's path,
 * leads elsewhere. A page address naming nothing (no key) leaves every link "elsewhere". Pure.
 */
export function linksToOtherProduct(href: string, pageUrl: string): boolean {
  let page: URL;
  let link: URL;
  try {
    page = new URL(pageUrl);
    link = new URL(href, page);
  } catch {
    return false;
  }
  if (link.protocol !== "http:" && link.protocol !== "https:") return false;
  const linkPath = safeDecode(link.pathname).toLowerCase();
  const pagePath = safeDecode(page.pathname).toLowerCase();
  const haystack = `${linkPath}?${safeDecode(link.search).toLowerCase()}`;
  const shares = (keys: string[]) => keys.some((key) => haystack.includes(key));
  // The page's own path: the same product unless its query names it and the link's another
  // (on "/item.aspx?id=112233", a link to "/item.aspx?id=998877").
  if (link.host === page.host && linkPath === pagePath) {
    const query = queryKeys(page);
    return query.length > 0 && !shares(query);
  }
  return !shares([...pathKeys(pagePath), ...queryKeys(page)]);
}

/** A page's file type at the end of its path: "walnut-desk.html", "item.aspx" (then "item"). */
const PAGE_TYPE = /\.(html?|aspx?|php|jsp|do)$/;

function pathKeys(path: string): string[] {
  const keys: string[] = [];
  const segments = path.split("/").filter(Boolean);
  for (const s of segments) if (s.length >= 4 && /\d/.test(s)) keys.push(s.replace(PAGE_TYPE, ""));
  const last = segments[segments.length - 1]?.replace(PAGE_TYPE, "");
  if (last && last.length >= 6) keys.push(last);
  return keys;
}

function queryKeys(page: URL): string[] {
  const keys: string[] = [];
  for (const value of page.searchParams.values())
    if (value.length >= 4 && /\d/.test(value)) keys.push(value.toLowerCase());
  return keys;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
