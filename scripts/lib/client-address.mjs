// The client address the app may believe (ADR 004). Plain JavaScript: scripts/serve.mjs runs outside
// Next's compiler.
import net from "node:net";

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) is 203.0.113.7. */
function normalise(address) {
  const trimmed = (address ?? "").trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1] : trimmed;
}

/**
 * The operator's trusted proxies (addresses or CIDR ranges) as a matcher.
 * @param {string[]} trustedProxies
 * @returns {(address: string) => boolean}
 */
export function trustedProxyMatcher(trustedProxies) {
  const list = new net.BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix] = normalise(entry).split("/");
    const family = net.isIPv6(address) ? "ipv6" : "ipv4";
    if (!net.isIP(address)) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR range.`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = normalise(address);
    const family = net.isIPv6(plain) ? "ipv6" : net.isIPv4(plain) ? "ipv4" : null;
    return family !== null && list.check(plain, family);
  };
}

/**
 * The one address a request comes from, worked out once per request from what cannot be forged:
 * the socket's peer, and — only when that peer is a trusted proxy — X-Forwarded-For read from the
 * right past the trusted hops (each proxy appends the address it saw, so only the entries to the
 * right of the first untrusted one are vouched for). Whatever a client writes to the left changes
 * nothing. An entry that is not an address stops the walk at the hop that passed it on.
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {(address: string) => boolean} isTrustedProxy
 * @returns {string}
 */
export function resolveClientAddress(socketAddress, forwardedFor, isTrustedProxy) {
  let address = normalise(socketAddress);
  if (!isTrustedProxy(address)) return address;
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map(normalise)
    .filter(Boolean);
  for (const hop of forwarded.reverse()) {
    if (!net.isIP(hop)) return address;
    address = hop;
    if (!isTrustedProxy(hop)) return address;
  }
  return address;
}
