/**
 * The e-mail subsystem: one `sendEmail` for everyone, the templates, unsubscribe links and preferences,
 * and the dev outbox used when no SMTP server is configured.
 */
export { isMailboxEnabled, isOutboxTransport } from "./config";
export { readOutbox, type OutboxMessage } from "./outbox";
export { resetEmailTransport, sendEmail } from "./send";
export { customPlanEnquiryEmail } from "./templates/custom-plan-enquiry";
export { fetchAlertEmail } from "./templates/fetch-alert";
export { inviteEmail } from "./templates/invite";
export { addedToLicenceEmail, removedFromLicenceEmail } from "./templates/licence-membership";
export { licenceRequestEmail } from "./templates/licence-request";
export { passwordResetEmail } from "./templates/password-reset";
export { paymentFailedEmail } from "./templates/payment-failed";
export { trialEndingEmail } from "./templates/trial-ending";
export { verificationCodeEmail } from "./templates/verification-code";
export { watchlistAlertEmail, type WatchlistAlertLine } from "./templates/watchlist-alert";
export type { EmailContent, EmailMessage, SendResult } from "./types";
export {
  isUnsubscribed,
  unsubscribe,
  unsubscribeHeaders,
  unsubscribePagePath,
  unsubscribeUrlFor,
  unsubscribeWithToken,
} from "./unsubscribe";
export { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";
