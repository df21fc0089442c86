import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChangePasswordForm } from "@/features/accounts/components/change-password-form";
import { EditionSelect } from "@/features/accounts/components/edition-select";
import { PersonalDetailsForm } from "@/features/accounts/components/personal-details-form";
import { ApiKeys } from "@/features/api/components/api-keys";
import { listApiKeys } from "@/features/api/keys";
import { BillingSection } from "@/features/billing/components/billing-section";
import { OperatorLicenceNote } from "@/features/billing/components/operator-licence-note";
import { UpgradePlanButton } from "@/features/billing/components/upgrade-plan-button";
import { billingPortalName } from "@/features/billing/portal";
import { getLicenceBilling, listLicenceInvoices } from "@/features/billing/queries";
import { ManageUsers } from "@/features/licences/components/manage-users";
import { getLicenceDetails } from "@/features/licences/queries";
import { AlertPreferencesForm } from "@/features/watchlists/components/alert-preferences-form";
import { getAlertPreferences } from "@/features/watchlists/queries";
import { requireSubscriber, type CurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Account Management", robots: { index: false } };

type Section = "personal-details" | "manage-users" | "billing";
type Props = { searchParams: Promise<{ section?: string }> };

/** Billing is for the licence's admin alone, so only admins are offered it. */
const sections: { id: Section; label: string; adminOnly?: boolean }[] = [
  { id: "personal-details", label: "Personal details" },
  { id: "manage-users", label: "Manage Users" },
  { id: "billing", label: "Billing", adminOnly: true },
];

export default async function DashboardPage({ searchParams }: Props) {
  const asked = (await searchParams).section;
  const section = sections.find(({ id }) => id === asked)?.id ?? "personal-details";
  const user = await requireSubscriber(`/account-management/dashboard?section=${section}`);
  return (
    <PageContainer width="wide" className="max-w-4xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Account Management</h1>
        <p className="text-muted-foreground">
          Your details, your edition and, for admins, your organisation&apos;s users and billing.
        </p>
      </header>
      <nav aria-label="Account sections" className="flex gap-1 border-b">
        {sections
          .filter(({ adminOnly }) => !adminOnly || user.admin)
          .map(({ id, label }) => (
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
      ) : section === "billing" ? (
        <BillingSectionFor user={user} />
      ) : (
        <PersonalDetailsSection user={user} />
      )}
    </PageContainer>
  );
}

function NoPermission() {
  return (
    <p role="alert" className="rounded-md border p-4">
      You do not have permission for this page
    </p>
  );
}

async function ManageUsersSection({ user }: { user: CurrentUser }) {
  const licence = user.admin && user.licenceId ? await getLicenceDetails(user.licenceId) : null;
  if (!licence) return <NoPermission />;
  const [billing, keys] = await Promise.all([
    getLicenceBilling(licence.licenceId),
    listApiKeys(licence.licenceId),
  ]);
  return (
    <>
      <ManageUsers
        licence={licence}
        upgrade={billing?.subscription ? <UpgradePlanButton variant="outline" /> : <OperatorLicenceNote />}
      />
      <ApiKeys keys={keys} />
    </>
  );
}

async function BillingSectionFor({ user }: { user: CurrentUser }) {
  const billing = user.admin && user.licenceId ? await getLicenceBilling(user.licenceId) : null;
  if (!billing) return <NoPermission />;
  return (
    <BillingSection
      billing={billing}
      invoices={await listLicenceInvoices(billing)}
      portalName={billingPortalName()}
    />
  );
}

async function PersonalDetailsSection({ user }: { user: CurrentUser }) {
  const alerts = await getAlertPreferences(user.id);
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
          <EditionSelect />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Watchlist alerts</CardTitle>
          <CardDescription>
            One e-mail after each tariff update that changes a pack on your watchlists.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AlertPreferencesForm initial={alerts} />
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
