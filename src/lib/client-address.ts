/**
 * The header through which scripts/serve.mjs hands the app each request's client address, resolved
 * once from the connection and the trusted proxies (ADR 004). The server sets it on every request,
 * replacing whatever a client sent, so it holds exactly one address.
 */
export const clientAddressHeader = "x-tariffscope-client-ip";

/** The request's client address, for keying rate limits; null when no server resolved one (tests). */
export function clientAddressOf(headers: Headers): string | null {
  return headers.get(clientAddressHeader);
}
