import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup as dnsLookupAsync } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where a request the server makes on a user's behalf may go: public unicast addresses only, never loopback, private,
 * link-local (the cloud metadata service at 169.254.169.254), carrier-grade NAT, unique-local, multicast or the
 * IPv6 forms that embed an IPv4 address (docs/decisions/058-outgoing-requests.md).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

export class NonPublicAddressError extends Error {
  readonly code = "ENONPUBLIC";
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
  }
}

/** Resolves `hostname` (or takes an IP literal as it is) and throws unless every address it names is public. */
export async function assertPublicHost(hostname: string): Promise<void> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(bare) ? [bare] : (await dnsLookupAsync(bare, { all: true })).map(({ address }) => address);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused) throw new NonPublicAddressError(hostname, refused);
}

/**
 * A `lookup` for an HTTP agent: the addresses a connection is about to use are checked after resolution, so a name
 * that resolved to a public address when it was registered and to 127.0.0.1 now (DNS rebinding) is refused at
 * connect time. IP literals never reach a lookup: check them with `isPublicAddress` before sending.
 */
export const lookupPublicOnly: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) return callback(new NonPublicAddressError(hostname, refused.address), "", 0);
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    callback(null, first!.address, first!.family);
  });
};
