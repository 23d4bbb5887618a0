import ipaddr from "ipaddr.js";

/**
 * Which IP addresses the fetcher may connect to. Pure: no DNS, no sockets.
 *
 * An address is public only when it is ordinary global unicast. Everything else (loopback,
 * RFC 1918, link-local, CGNAT, multicast, broadcast, unspecified, documentation, benchmarking,
 * reserved, IPv6 unique-local / site-local / discard / ORCHID …) is refused. IPv6 forms that
 * carry an IPv4 address (mapped, translated, NAT64, 6to4, Teredo) are judged by the IPv4 address
 * inside them; the deprecated IPv4-compatible range ::/96 (e.g. `::7f00:1`, which ipaddr.js
 * calls unicast) and the rest of ::/8 are refused outright.
 */

export type AddressFamily = 4 | 6;

export type AddressVerdict =
  | { isAllowed: true; address: string; family: AddressFamily; viaAllowList: boolean }
  | { isAllowed: false; address: string; reason: string };

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Parsed, number];

/** IPv4 ranges refused in addition to whatever ipaddr.js does not call `unicast`. */
const EXTRA_DENIED_V4: readonly string[] = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.31.196.0/24",
  "192.52.193.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "192.175.48.0/24",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "255.255.255.255/32",
];

/** IPv6 ranges refused in addition to whatever ipaddr.js does not call `unicast`. */
const EXTRA_DENIED_V6: readonly string[] = [
  "::/8", // includes ::, ::1 and the deprecated IPv4-compatible ::/96 (e.g. ::7f00:1)
  "100::/64",
  "2001:2::/48",
  "2001:db8::/32",
  "2001:10::/28",
  "2001:20::/28",
  "3fff::/20",
  "5f00::/16",
  "fc00::/7",
  "fe80::/10",
  "fec0::/10",
  "ff00::/8",
];

const deniedV4 = EXTRA_DENIED_V4.map((c) => ipaddr.parseCIDR(c) as Cidr);
const deniedV6 = EXTRA_DENIED_V6.map((c) => ipaddr.parseCIDR(c) as Cidr);

const MAPPED = ipaddr.parseCIDR("::ffff:0:0/96") as Cidr;
const TRANSLATED = ipaddr.parseCIDR("::ffff:0:0:0/96") as Cidr;
const NAT64 = ipaddr.parseCIDR("64:ff9b::/96") as Cidr;
const NAT64_LOCAL = ipaddr.parseCIDR("64:ff9b:1::/48") as Cidr;
const SIX_TO_FOUR = ipaddr.parseCIDR("2002::/16") as Cidr;
const TEREDO = ipaddr.parseCIDR("2001::/32") as Cidr;

function inCidr(address: Parsed, cidr: Cidr): boolean {
  return address.kind() === cidr[0].kind() && address.match(cidr);
}

/**
 * Parses an IP address written in any form a C resolver or URL parser would accept: dotted
 * decimal, short forms (`127.1`, `10.1.1`), a single number (`2130706433`), octal (`0177.0.0.1`),
 * hex (`0x7f.1`), and IPv6 with or without brackets or a zone. Returns undefined for non-IPs.
 */
export function parseAddress(input: string): Parsed | undefined {
  let text = input.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const zone = text.indexOf("%");
  if (zone !== -1 && text.includes(":")) text = text.slice(0, zone);
  if (text === "" || text.length > 64) return undefined;
  if (text.includes(":")) {
    return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : undefined;
  }
  return parseLegacyIPv4(text);
}

/** inet_aton semantics: 1–4 parts, each decimal, octal (leading 0) or hex (0x); the last fills. */
export function parseLegacyIPv4(text: string): ipaddr.IPv4 | undefined {
  const parts = text.split(".");
  if (parts.length === 0 || parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part, 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return undefined;
    if (!Number.isSafeInteger(value)) return undefined;
    values.push(value);
  }
  const last = values.pop() as number;
  if (values.some((v) => v > 255)) return undefined;
  const lastMax = 256 ** (4 - values.length) - 1;
  if (last > lastMax) return undefined;
  let total = last;
  values.forEach((v, i) => {
    total += v * 256 ** (3 - i);
  });
  return ipaddr.fromByteArray([
    Math.floor(total / 2 ** 24) % 256,
    Math.floor(total / 2 ** 16) % 256,
    Math.floor(total / 2 ** 8) % 256,
    total % 256,
  ]) as ipaddr.IPv4;
}

/** The IPv4 address carried inside an IPv6 one (mapped, translated, NAT64, 6to4, Teredo). */
export function embeddedIPv4(address: ipaddr.IPv6): { v4: ipaddr.IPv4; form: string } | undefined {
  const bytes = address.toByteArray();
  const tail = (offset: number, xor = 0) =>
    ipaddr.fromByteArray(bytes.slice(offset, offset + 4).map((b) => b ^ xor)) as ipaddr.IPv4;
  if (address.match(MAPPED)) return { v4: tail(12), form: "IPv4-mapped" };
  if (address.match(TRANSLATED)) return { v4: tail(12), form: "IPv4-translated" };
  if (address.match(NAT64)) return { v4: tail(12), form: "NAT64" };
  if (address.match(SIX_TO_FOUR)) return { v4: tail(2), form: "6to4" };
  if (address.match(TEREDO)) return { v4: tail(12, 0xff), form: "Teredo" };
  const isCompatible = bytes.slice(0, 12).every((b) => b === 0);
  if (isCompatible) return { v4: tail(12), form: "IPv4-compatible" };
  return undefined;
}

/** Why an IPv4 address is not public, or undefined when it is. */
function whyNotPublicV4(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  if (range !== "unicast") return range;
  const hit = deniedV4.find((cidr) => inCidr(address, cidr));
  return hit ? `${hit[0].toString()}/${hit[1]}` : undefined;
}

/** Why an address is not public (a range name), or undefined when it is public. */
export function whyNotPublic(address: Parsed): string | undefined {
  if (address.kind() === "ipv4") return whyNotPublicV4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  if (v6.match(NAT64_LOCAL)) return "NAT64 local-use";
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    if (embedded.form === "IPv4-compatible") {
      const inner = whyNotPublicV4(embedded.v4);
      return `IPv4-compatible (${embedded.v4.toString()}${inner ? `, ${inner}` : ""})`;
    }
    const inner = whyNotPublicV4(embedded.v4);
    return inner ? `${embedded.form} of ${embedded.v4.toString()} (${inner})` : undefined;
  }
  const range = v6.range();
  if (range !== "unicast") return range;
  const hit = deniedV6.find((cidr) => inCidr(v6, cidr));
  return hit ? `${hit[0].toString()}/${hit[1]}` : undefined;
}

export type AddressPolicy = {
  /** Judge one address (any textual form). Never throws. */
  check(address: string): AddressVerdict;
};

/** Parse allow-list CIDRs; throws on a malformed entry (configuration is checked at start-up). */
export function parseAllowList(cidrs: readonly string[]): Cidr[] {
  return cidrs.map((entry) => {
    const text = entry.trim();
    try {
      if (text.includes("/")) return ipaddr.parseCIDR(text) as Cidr;
      const single = ipaddr.parse(text);
      return [single, single.kind() === "ipv4" ? 32 : 128] as Cidr;
    } catch {
      throw new Error(`Invalid CIDR in fetch allow-list: ${JSON.stringify(entry)}`);
    }
  });
}

export function createAddressPolicy(options: { allowPrivate?: readonly string[] } = {}) {
  const allowList = parseAllowList(options.allowPrivate ?? []);
  const isAllowListed = (address: Parsed): boolean => {
    const candidates: Parsed[] = [address];
    if (address.kind() === "ipv6") {
      const embedded = embeddedIPv4(address as ipaddr.IPv6);
      if (embedded) candidates.push(embedded.v4);
    }
    return candidates.some((a) => allowList.some((cidr) => inCidr(a, cidr)));
  };
  const policy: AddressPolicy = {
    check(input) {
      const parsed = parseAddress(input);
      if (!parsed) return { isAllowed: false, address: input, reason: "not an IP address" };
      const address = parsed.toString();
      const family: AddressFamily = parsed.kind() === "ipv4" ? 4 : 6;
      const reason = whyNotPublic(parsed);
      if (reason === undefined) return { isAllowed: true, address, family, viaAllowList: false };
      if (isAllowListed(parsed)) return { isAllowed: true, address, family, viaAllowList: true };
      return { isAllowed: false, address, reason };
    },
  };
  return policy;
}
