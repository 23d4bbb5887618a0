import ipaddr from "ipaddr.js";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses an address, unwrapping IPv4-mapped IPv6 (`::ffff:1.2.3.4`) to plain IPv4. */
function parse(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const trimmed = text.trim().replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(trimmed)) return undefined;
  const address = ipaddr.parse(trimmed);
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()
    ? address.toIPv4Address()
    : address;
}

/**
 * Who the client is, for rate limits and logs. The socket's peer, unless that peer is one of
 * `trustedProxies` (TRUSTED_PROXIES): then X-Forwarded-For is read from the right, skipping
 * hops that are trusted proxies themselves, and the first untrusted hop is the client. A
 * client can prepend anything to the header, so nothing left of that hop is believed.
 */
export function createClientAddressResolver(trustedProxies: readonly string[]) {
  const ranges: Range[] = trustedProxies.map((cidr) => ipaddr.parseCIDR(cidr) as Range);
  const isTrusted = (address: ipaddr.IPv4 | ipaddr.IPv6) =>
    ranges.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));

  return function clientAddress(
    socketAddress: string | undefined,
    forwardedFor: string | undefined,
  ): string {
    const peer = socketAddress ? parse(socketAddress) : undefined;
    if (!peer) return socketAddress || "unknown";
    if (!isTrusted(peer) || !forwardedFor) return peer.toString();
    const hops = forwardedFor.split(",");
    let client = peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = parse(hops[i] ?? "");
      // A malformed hop ends the walk: the last good address is the best we know.
      if (!hop) break;
      client = hop;
      if (!isTrusted(hop)) break;
    }
    return client.toString();
  };
}

export type ClientAddressResolver = ReturnType<typeof createClientAddressResolver>;
