import dns from "node:dns";
import net from "node:net";

import ipaddr from "ipaddr.js";

import { bareHost } from "@/lib/env";

/**
 * Where a fetch may go (ADR 170). Each source reaches its own hosts only, over https; plain http is
 * for the loopback hosts an operator lists in FETCH_ALLOWED_HOSTS (tests, a local stand-in for a
 * publisher) and for nothing else; and a name is checked for every address it resolves to, and the
 * connection made to one of those checked addresses, so no address inside this machine's networks
 * is reached by a publisher's page, a redirect or a name that resolves differently the second time.
 */

export type Reach = {
  /** Hosts this source may fetch from, besides the host of the page it was configured with. */
  hosts: readonly string[];
  /** Loopback hosts that plain http may reach (FETCH_ALLOWED_HOSTS). */
  localHosts: readonly string[];
  /** The most bytes one page or file may have. */
  maxBytes: number;
  /** The settings that change `hosts` and `maxBytes`, named in refusals: FETCH_NHSBSA_HOSTS, … */
  hostsSetting: string;
  limitSetting: string;
};

/** A host as compared: lower case, an IPv6 literal without its brackets. */
export function hostOf(url: URL | string): string {
  return bareHost(new URL(url).hostname);
}

/**
 * Whether a fetch may connect to `address`: a public unicast address only. Loopback, private
 * (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), shared (100.64/10),
 * unspecified (0.0.0.0, ::), multicast, broadcast and reserved ranges are refused, and so are the
 * IPv6 forms that carry an IPv4 address (IPv4-mapped, NAT64, 6to4, Teredo), judged as what they
 * carry or refused outright.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || !net.isIP(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || !net.isIP(address)) return false;
  return ipaddr.process(address).range() === "loopback";
}

const rangeWords: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private address",
  uniqueLocal: "a private address",
  linkLocal: "a link-local address",
  carrierGradeNat: "a shared (carrier-grade NAT) address",
  unspecified: "an unspecified address",
};

function describeAddress(address: string): string {
  const range = net.isIP(address) ? ipaddr.process(address).range() : "invalid";
  return `${address} is ${rangeWords[range] ?? "not a public address"}`;
}

const isLocalHost = (reach: Reach, host: string) => reach.localHosts.includes(host);

/** Whether `host` (from FETCH_ALLOWED_HOSTS or not) may be reached at `address`. */
function mayConnect(reach: Reach, host: string, address: string): boolean {
  return isLocalHost(reach, host) ? isLoopbackAddress(address) : isPublicAddress(address);
}

/**
 * Why `url` may not be fetched for a source whose own hosts are `allowedHosts`, or undefined when
 * it may. Checks what the address says; the addresses a name resolves to are checked by
 * `checkedLookup` as the connection is made.
 */
export function refusalOf(url: URL, allowedHosts: readonly string[], reach: Reach): string | undefined {
  const host = hostOf(url);
  const local = isLocalHost(reach, host);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
    return url.protocol === "http:"
      ? `plain http is fetched only from the hosts in FETCH_ALLOWED_HOSTS (${reach.localHosts.join(", ") || "none"}); use https`
      : `only https addresses are fetched, not ${url.protocol}`;
  }
  if (url.username || url.password) return "an address with a user name or password is not fetched";
  if (!allowedHosts.includes(host)) {
    return `${host} is not one of the hosts this source fetches from (${allowedHosts.join(", ")}; ${reach.hostsSetting})`;
  }
  if (net.isIP(host) && !mayConnect(reach, host, host)) return describeAddress(host);
  return undefined;
}

/** The refusal of an address a name resolved to, raised from the lookup so no connection is made. */
export class AddressRefused extends Error {
  readonly code = "EADDRREFUSED";
  constructor(message: string) {
    super(message);
    this.name = "AddressRefused";
  }
}

type LookupAddress = { address: string; family: number };
type Resolve = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: Resolve = (hostname, callback) => dns.lookup(hostname, { all: true }, callback);

/**
 * A `lookup` for `http.request` (and so for `net.connect`): resolves every address of the name,
 * refuses the connection when any of them may not be reached, and hands on only addresses it
 * checked, which are the ones the socket then connects to. It answers both forms Node asks for
 * (one address, or `all` when it tries IPv6 and IPv4 in turn).
 */
export function checkedLookup(reach: Reach, resolve: Resolve = resolveAll): net.LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.toLowerCase();
    resolve(host, (error, found) => {
      if (error) return callback(error, "", 0);
      const wanted = found.filter((entry) => !options.family || entry.family === options.family);
      const refused = wanted.find((entry) => !mayConnect(reach, host, entry.address));
      if (wanted.length === 0 || refused) {
        const why = refused ? describeAddress(refused.address) : "no address";
        return callback(new AddressRefused(`${host} resolves to ${why}`), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
      callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}
