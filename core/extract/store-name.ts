const KNOWN: Record<string, string> = {
  amazon: "Amazon",
  ebay: "eBay",
  walmart: "Walmart",
  target: "Target",
  bestbuy: "Best Buy",
  aliexpress: "AliExpress",
  etsy: "Etsy",
  ikea: "IKEA",
  newegg: "Newegg",
  homedepot: "The Home Depot",
  zalando: "Zalando",
  mediamarkt: "MediaMarkt",
  saturn: "Saturn",
  argos: "Argos",
  currys: "Currys",
  costco: "Costco",
  overstock: "Overstock",
  jossandmain: "Joss & Main",
  potterybarn: "Pottery Barn",
  rejuvenation: "Rejuvenation",
  wayfair: "Wayfair",
  lowes: "Lowe's",
};

/** "www.amazon.co.uk" → "amazon"; "shop.example.com" → "example". */
export function siteLabel(host: string): string {
  const labels = host
    .toLowerCase()
    .replace(/^www\./, "")
    .split(".")
    .filter(Boolean);
  if (labels.length <= 1) return labels[0] ?? "";
  const isTwoPart =
    labels.length >= 3 && /^(co|com|net|org|ac|gov|ne|or)$/.test(labels[labels.length - 2] ?? "");
  return labels[labels.length - (isTwoPart ? 3 : 2)] ?? "";
}

/** A display name for the store: known names, the page's og:site_name, or the domain's label. */
export function storeName(host: string, siteName: string | null): string | null {
  // An address (a shop on an intranet, a test server) has no name to derive: show it as is.
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[")) {
    return siteName && siteName.length <= 60 ? siteName : host;
  }
  const label = siteLabel(host);
  if (KNOWN[label]) return KNOWN[label];
  if (siteName && siteName.length <= 60) return siteName;
  if (!label) return null;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
