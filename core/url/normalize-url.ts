import { trimEnd } from "../trim-end.ts";

/**
 * The key under which everyone tracking the same product shares one product row: the URL
 * with tracking noise removed and the variant kept.
 */

/** Query parameters that never change what a page shows (campaigns, referrers, click ids). */
const TRACKING_PARAMS = new Set([
  "tag",
  "ref",
  "ref_",
  "referrer",
  "referer",
  "source",
  "src",
  "fbclid",
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "mc_cid",
  "mc_eid",
  "igshid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "spm",
  "scm",
  "srsltid",
  "affiliate",
  "aff_id",
  "affid",
  "clickid",
  "irclickid",
  "irgwc",
  "cjevent",
  "sscid",
  "campaign",
  "cmp",
  "cid",
  "ranmid",
  "raneaid",
  "ransiteid",
  "linkcode",
  "linkid",
  "camp",
  "creative",
  "creativeasin",
  "ascsubtag",
  "pd_rd_i",
  "pd_rd_r",
  "pd_rd_w",
  "pd_rd_wg",
  "pf_rd_p",
  "pf_rd_r",
  "pf_rd_s",
  "pf_rd_t",
  "pf_rd_i",
  "pf_rd_m",
  "qid",
  "sr",
  "sprefix",
  "crid",
  "keywords",
  "dib",
  "dib_tag",
  "content-id",
  "hash",
  "_encoding",
  "psc_ref",
  "mkcid",
  "mkrid",
  "mkevt",
  "campid",
  "customid",
  "toolid",
  "_trkparms",
  "_trksid",
  "trkid",
  "amdata",
  "hash_id",
  "itm_source",
  "itm_medium",
  "itm_campaign",
]);

const TRACKING_PREFIXES = ["utm_", "pk_", "mtm_", "hsa_", "trk_", "sb_", "ga_"];

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((p) => lower.startsWith(p));
}

const AMAZON_HOST = /(^|\.)amazon\.[a-z.]+$/;
const AMAZON_ASIN = /\/(?:dp|gp\/product|gp\/aw\/d|exec\/obidos\/ASIN)\/([A-Z0-9]{10})(?:[/?]|$)/i;
/** Amazon's own variant-pinning parameters survive; everything else on Amazon is noise. */
const AMAZON_KEEP = new Set(["th", "psc", "smid", "m"]);

export type NormalizedUrl = { key: string; host: string };

/** Normalises an http(s) URL; returns null for anything else. Never throws. */
export function normalizeProductUrl(input: string): NormalizedUrl | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.username = "";
  url.password = "";
  url.hostname = url.hostname.toLowerCase().replace(/\.$/, "");
  if (
    (url.protocol === "https:" && url.port === "443") ||
    (url.protocol === "http:" && url.port === "80")
  ) {
    url.port = "";
  }

  if (AMAZON_HOST.test(url.hostname)) {
    const asin = url.pathname.match(AMAZON_ASIN)?.[1];
    if (asin) url.pathname = `/dp/${asin.toUpperCase()}`;
    for (const name of [...url.searchParams.keys()]) {
      if (!AMAZON_KEEP.has(name.toLowerCase())) url.searchParams.delete(name);
    }
  } else {
    for (const name of [...url.searchParams.keys()]) {
      if (isTrackingParam(name)) url.searchParams.delete(name);
    }
  }
  url.searchParams.sort();
  // A fragment names a variant on some shops (`#/12-size-m`); other fragments are page anchors.
  if (!url.hash.startsWith("#/")) url.hash = "";
  if (url.pathname.length > 1) url.pathname = trimEnd(url.pathname, "/") || "/";
  return { key: url.toString(), host: url.hostname };
}

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
/** `mailto:x`, `javascript:x`: a scheme without `//` (but not `host:port`). */
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/**
 * A link as people paste it: `www.store.com/p/1` and `//store.com/p/1` mean https. Only a
 * missing scheme is added; anything with another scheme is left for the http(s) check.
 */
export function withDefaultScheme(input: string): string {
  const value = input.trim();
  if (value === "" || HAS_SCHEME.test(value) || OTHER_SCHEME.test(value)) return value;
  return value.startsWith("//") ? `https:${value}` : `https://${value}`;
}
