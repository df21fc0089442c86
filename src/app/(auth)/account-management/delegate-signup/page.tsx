import type { Metadata } from "next";
import Link from "next/link";

import LicenseAgreement from "@content/policies/eula.md";
import { PageContainer } from "@/components/layout/page-container";
import { PrivacyPolicyFrame } from "@/components/layout/privacy-policy-frame";
import { AuthCard } from "@/features/accounts/components/auth-card";
import { DelegateSignUp } from "@/features/licences/components/delegate-sign-up";
import { describeInvite } from "@/features/licences/invites";
import { getCurrentUser } from "@/lib/session";

export const metadata: Metadata = { title: "Join your organisation", robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string }> };

const problems = {
  unknown: "This invitation link is not valid.",
  used: "This invitation has already been used.",
  expired: "This invitation has expired.",
} as const;

export default async function DelegateSignUpPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const invite =
    typeof token === "string" && token.length <= 200
      ? await describeInvite(token)
      : { state: "unknown" as const };
  const user = invite.state === "valid" ? await getCurrentUser() : null;
  return (
    <PageContainer width="wide" className="flex justify-center">
      <AuthCard
        title={
          invite.state === "valid"
            ? `Join ${invite.organisation ?? "your organisation"} on TariffScope`
            : "Invitation"
        }
        description={
          invite.state === "valid"
            ? `Create your account for ${invite.email}; we will e-mail you a six-digit code.`
            : undefined
        }
        wide
      >
        {invite.state === "valid" ? (
          <DelegateSignUp
            token={token!}
            email={invite.email}
            signedInAs={user?.email ?? null}
            licenceAgreement={<LicenseAgreement />}
            privacyPolicy={<PrivacyPolicyFrame />}
          />
        ) : (
          <p role="alert">
            {problems[invite.state]} Ask your organisation&apos;s admin to invite you again, or{" "}
            <Link href="/account-management/signin" className="underline underline-offset-2">
              log in
            </Link>
            .
          </p>
        )}
      </AuthCard>
    </PageContainer>
  );
}
