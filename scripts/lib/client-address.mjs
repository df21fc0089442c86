// The client address the app may believe (ADR 004). Plain JavaScript: scripts/serve.mjs runs outside
// Next's compiler.

/**
 * Without configured proxies only the socket counts, whatever X-Forwarded-For says. With them, the
 * chain is passed on with the socket address appended, and Better Auth walks it from the right past
 * the trusted hops (`advanced.ipAddress.trustedProxies`).
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {string[]} trustedProxies
 * @returns {string}
 */
export function clientAddressChain(socketAddress, forwardedFor, trustedProxies) {
  const socket = socketAddress ?? "";
  const forwarded = Array.isArray(forwardedFor) ? forwardedFor.join(", ") : forwardedFor;
  if (trustedProxies.length > 0 && forwarded && forwarded.trim()) return `${forwarded}, ${socket}`;
  return socket;
}
