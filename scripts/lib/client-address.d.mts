export function clientAddressChain(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: string[],
): string;
