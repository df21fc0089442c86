import type { Metadata } from "next";

import { PageContainer } from "@/components/layout/page-container";
import { defaultLandingPath } from "@/lib/paths";
import { SignInPanel } from "@/features/accounts/components/sign-in-panel";
import { safeRedirectPath } from "@/lib/security/safe-redirect";

export const metadata: Metadata = { title: "Log In", description: "Log in to TariffScope." };

type Props = { searchParams: Promise<{ redirect?: string; email?: string }> };

export default async function SignInPage({ searchParams }: Props) {
  const { redirect, email } = await searchParams;
  return (
    <PageContainer width="wide" className="flex justify-center">
      <SignInPanel
        redirectTo={safeRedirectPath(redirect, defaultLandingPath)}
        initialEmail={typeof email === "string" ? email : ""}
      />
    </PageContainer>
  );
}
