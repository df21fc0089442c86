import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChangePasswordForm } from "@/features/accounts/components/change-password-form";
import { CountrySelect } from "@/features/accounts/components/country-select";
import { PersonalDetailsForm } from "@/features/accounts/components/personal-details-form";
import { UpgradePlanButton } from "@/features/billing/components/upgrade-plan-button";
import { ManageUsers } from "@/features/licences/components/manage-users";
import { getLicenceDetails } from "@/features/licences/queries";
import { requireSubscriber, type CurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Account Management", robots: { index: false } };

type Section = "personal-details" | "manage-users";
type Props = { searchParams: Promise<{ section?: string }> };

const sections: { id: Section; label: string }[] = [
  { id: "personal-details", label: "Personal details" },
  { id: "manage-users", label: "Manage Users" },
];

export default async function DashboardPage({ searchParams }: Props) {
  const section: Section =
    (await searchParams).section === "manage-users" ? "manage-users" : "personal-details";
  const user = await requireSubscriber(`/account-management/dashboard?section=${section}`);
  return (
    <PageContainer width="wide" className="max-w-4xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Account Management</h1>
        <p className="text-muted-foreground">
          Your details, your edition and, for admins, your organisation&apos;s users.
        </p>
      </header>
      <nav aria-label="Account sections" className="flex gap-1 border-b">
        {sections.map(({ id, label }) => (
          <Link
            key={id}
            href={`/account-management/dashboard?section=${id}`}
            aria-current={id === section ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              id === section
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {label}
          </Link>
        ))}
      </nav>
      {section === "manage-users" ? (
        <ManageUsersSection user={user} />
      ) : (
        <PersonalDetailsSection user={user} />
      )}
    </PageContainer>
  );
}

async function ManageUsersSection({ user }: { user: CurrentUser }) {
  const licence = user.admin && user.licenseId ? await getLicenceDetails(user.licenseId) : null;
  if (!licence) {
    return (
      <p role="alert" className="rounded-md border p-4">
        You do not have permission for this page
      </p>
    );
  }
  return <ManageUsers licence={licence} upgrade={<UpgradePlanButton variant="outline" />} />;
}

function PersonalDetailsSection({ user }: { user: CurrentUser }) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Personal details</CardTitle>
          <CardDescription>{user.email}</CardDescription>
        </CardHeader>
        <CardContent>
          <PersonalDetailsForm
            initial={{ firstName: user.firstName, lastName: user.lastName, jobRole: user.jobRole }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Drug Tariff edition</CardTitle>
          <CardDescription>Which country&apos;s Drug Tariff the app shows you.</CardDescription>
        </CardHeader>
        <CardContent>
          <CountrySelect />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
    </>
  );
}
