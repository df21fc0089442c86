import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { PageContainer } from "@/components/layout/page-container";
import { Button } from "@/components/ui/button";
import { isMailboxEnabled, readOutbox } from "@/lib/email";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dev mailbox", robots: { index: false, follow: false } };

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Europe/London",
});

/** The e-mails the product "sent" to one address while no SMTP server is configured, newest first. */
export default async function DevMailboxPage({
  searchParams,
}: {
  searchParams: Promise<{ to?: string | string[] }>;
}) {
  if (!isMailboxEnabled()) notFound();
  const { to } = await searchParams;
  const filter = typeof to === "string" && to.trim() ? to.trim() : undefined;
  // One address's messages at a time: never a list of everyone's codes and links.
  const messages = filter ? await readOutbox({ to: filter, limit: 50 }) : [];

  return (
    <main id="main" className="flex-1 py-8">
      <PageContainer width="wide" className="space-y-6">
        <header className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight">Dev mailbox</h1>
          <p className="text-muted-foreground">
            E-mails are kept here instead of being delivered because no SMTP server is configured (set
            SMTP_URL to deliver them). Enter the address they were sent to; the latest 50 are shown, newest
            first.
          </p>
        </header>
        <form method="get" className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="mailbox-to" className="text-sm font-medium">
              Recipient
            </label>
            <input
              id="mailbox-to"
              name="to"
              type="email"
              required
              defaultValue={filter}
              className="h-10 w-72 rounded-md border bg-background px-3 text-sm"
            />
          </div>
          <Button type="submit" variant="outline">
            Show e-mails
          </Button>
        </form>
        {!filter ? null : messages.length === 0 ? (
          <p>No e-mails to {filter} yet.</p>
        ) : (
          <ol className="space-y-6">
            {messages.map((message) => (
              <li key={message.id}>
                <article className="space-y-3 rounded-lg border p-4">
                  <header>
                    <h2 className="text-lg font-semibold">{message.subject}</h2>
                    <p className="text-sm text-muted-foreground">
                      To {message.to} ·{" "}
                      <time dateTime={message.createdAt.toISOString()}>
                        {timeFormat.format(message.createdAt)}
                      </time>
                    </p>
                  </header>
                  {/* An empty sandbox: the message's HTML can run no script and reach nothing of this page. */}
                  <iframe
                    srcDoc={message.html}
                    sandbox=""
                    title={`E-mail to ${message.to}: ${message.subject}`}
                    className="h-[28rem] w-full rounded-md border bg-white"
                  />
                  <details>
                    <summary className="cursor-pointer text-sm font-medium">Plain text</summary>
                    <pre className="mt-2 overflow-x-auto text-sm whitespace-pre-wrap">{message.text}</pre>
                  </details>
                </article>
              </li>
            ))}
          </ol>
        )}
      </PageContainer>
    </main>
  );
}
