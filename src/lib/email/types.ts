/** What a template produces; `template` names it in the logs instead of the content. */
export type EmailContent = { template: string; subject: string; html: string; text: string };

/** One message to one person. Senders never choose `from` or extra headers (docs/security.md R17). */
export type EmailMessage = EmailContent & { to: string; toName?: string };

export type SendResult = { status: "sent" | "stored" | "skipped"; messageId?: string };
