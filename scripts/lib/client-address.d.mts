export function trustedProxyMatcher(trustedProxies: string[]): (address: string) => boolean;
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  isTrustedProxy: (address: string) => boolean,
): string;
