/**
 * Whether a subscription in this state gives its licence's users access (ADR 020). Past due keeps
 * access while the provider retries the payment and the admin is asked to fix it; the provider
 * then moves the subscription to unpaid or canceled, which ends access. The session reads it on
 * every request and billing when it syncs a subscription, so it lives below both.
 */
export function grantsAccess(status: string): boolean {
  return status === "active" || status === "trialing" || status === "past_due";
}

/**
 * Whether a profile has access (ADR 035): it says it is subscribed, and its licence, if it has one,
 * grants access, so a stale `is_subscribed` cannot outlive a lapsed licence.
 */
export function profileHasAccess(isSubscribed: boolean, licenceStatus: string | null): boolean {
  return isSubscribed && (licenceStatus === null || grantsAccess(licenceStatus));
}
