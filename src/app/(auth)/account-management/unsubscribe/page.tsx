import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { Button } from "@/components/ui/button";
import { unsubscribeAction } from "@/features/email-preferences/actions";
import { getUnsubscribeState } from "@/features/email-preferences/queries";
import { site } from "@/lib/site";

// The token must not leak to other sites through the Referer header.
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false }, referrer: "no-referrer" };

const essentialNote = "Essential messages such as verification codes and password resets will still be sent.";

export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token : undefined;
  const state = await getUnsubscribeState(value);

  return (
    <PageContainer width="wide" className="max-w-xl space-y-4 py-8 text-center">
      {state.status === "invalid" ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">This unsubscribe link does not work</h1>
          <p className="text-muted-foreground">
            The link is incomplete or has been changed. Use the Unsubscribe link at the bottom of one of our
            e-mails, or write to{" "}
            <a className="text-primary underline" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>{" "}
            and we will do it for you.
          </p>
        </>
      ) : state.status === "subscribed" ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Unsubscribe from {site.name} e-mails</h1>
          <p>
            Stop e-mails such as invitations and licence changes to{" "}
            <strong className="break-all">{state.email}</strong>?
          </p>
          <p className="text-muted-foreground">{essentialNote}</p>
          <form action={unsubscribeAction}>
            <input type="hidden" name="token" value={value} />
            <Button type="submit">Unsubscribe</Button>
          </form>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">You have unsubscribed</h1>
          <p>
            You will no longer receive e-mails such as invitations and licence changes at{" "}
            <strong className="break-all">{state.email}</strong>. {essentialNote}
          </p>
        </>
      )}
      {state.status !== "subscribed" ? (
        <Button asChild variant="outline">
          <Link href="/">Back to home</Link>
        </Button>
      ) : null}
    </PageContainer>
  );
}
