import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { AuthCard } from "@/features/accounts/components/auth-card";
import { UpdatePasswordForm } from "@/features/accounts/components/update-password-form";

export const metadata: Metadata = { title: "Set a new password", robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string; error?: string }> };

export default async function UpdatePasswordPage({ searchParams }: Props) {
  const { token, error } = await searchParams;
  const usable = typeof token === "string" && token.length > 0 && !error;
  return (
    <PageContainer width="wide" className="flex justify-center">
      <AuthCard title="Set a new password" description="Choose a new password for your TariffScope account.">
        {usable ? (
          <UpdatePasswordForm token={token} />
        ) : (
          <p role="alert">
            This reset link is invalid or has expired.{" "}
            <Link href="/account-management/signin" className="underline underline-offset-2">
              Ask for a new one
            </Link>{" "}
            from the Log In page.
          </p>
        )}
      </AuthCard>
    </PageContainer>
  );
}
