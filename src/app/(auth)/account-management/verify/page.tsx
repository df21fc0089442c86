import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { emailField } from "@/features/accounts/schemas";
import { AuthCard } from "@/features/accounts/components/auth-card";
import { VerifyEmailForm } from "@/features/accounts/components/verify-email-form";
import { findPlan } from "@/features/billing/plans";
import { safeRedirectPath } from "@/lib/security/safe-redirect";

export const metadata: Metadata = { title: "Confirm your e-mail", robots: { index: false } };

type Props = { searchParams: Promise<{ email?: string; redirect?: string; plan?: string }> };

/** The account verification page (form A): an e-mail, an optional redirect and a chosen plan. */
export default async function VerifyPage({ searchParams }: Props) {
  const params = await searchParams;
  const email = emailField.safeParse(params.email);
  const plan = typeof params.plan === "string" ? findPlan(params.plan) : undefined;
  const redirectTo = params.redirect
    ? safeRedirectPath(params.redirect, "/pricing/plans")
    : plan
      ? `/pricing/choose-your-plan?plan=${plan.id}`
      : null;
  return (
    <PageContainer width="wide" className="flex justify-center">
      <AuthCard
        title="Confirm your e-mail"
        description={
          plan
            ? `Confirm your address to continue with the ${plan.name} plan.`
            : "One last step to finish setting up your account."
        }
      >
        {email.success ? (
          <VerifyEmailForm email={email.data} redirectTo={redirectTo} />
        ) : (
          <p role="alert">
            This link has no valid e-mail address.{" "}
            <Link href="/account-management/signin" className="underline underline-offset-2">
              Log in
            </Link>{" "}
            to ask for a new code.
          </p>
        )}
      </AuthCard>
    </PageContainer>
  );
}
