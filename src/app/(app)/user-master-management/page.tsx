import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { findPlan } from "@/features/billing/plans";
import { importConsolePath } from "@/features/imports/paths";
import { OwnerLicenceTable, OwnerSearchForm } from "@/features/owner/components/master-admin";
import { OwnerUserResults } from "@/features/owner/components/owner-tables";
import { ownerLicencePath } from "@/features/owner/paths";
import { getLicenceOverview, searchOwnerConsole } from "@/features/owner/queries";
import { ownerSearchSchema } from "@/features/owner/schemas";
import { ownerPageMetadata, requireOwner } from "@/lib/session";

export const generateMetadata = ownerPageMetadata("Master Admin");

const planName = (planId: string | null) => (planId ? (findPlan(planId)?.name ?? planId) : "No plan");

export default async function MasterAdminPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireOwner();
  const raw = (await searchParams).searchTerm;
  const parsed = ownerSearchSchema.safeParse({ term: Array.isArray(raw) ? raw[0] : (raw ?? "") });
  const term = parsed.success ? parsed.data.term : "";
  const licenceRow = (licence: {
    licenceId: string;
    organisation: string | null;
    status: string;
    planId: string | null;
    seats: number;
    users: number;
  }) => ({
    organisation: licence.organisation ?? "No Organisation",
    status: licence.status,
    plan: planName(licence.planId),
    seats: licence.seats,
    users: licence.users,
    href: ownerLicencePath(licence.licenceId),
  });
  return (
    <PageContainer width="full" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Master Admin</h1>
        <Link href={importConsolePath} className="font-medium underline underline-offset-2">
          Data imports
        </Link>
      </div>
      <OwnerSearchForm term={term} />
      {term ? (
        <SearchResults term={term} toRow={licenceRow} />
      ) : (
        <section className="grid gap-3">
          <h2 className="text-xl font-semibold">All licences</h2>
          <OwnerLicenceTable
            rows={(await getLicenceOverview()).map(licenceRow)}
            caption="Organisation licences"
          />
        </section>
      )}
    </PageContainer>
  );
}

async function SearchResults({
  term,
  toRow,
}: {
  term: string;
  toRow: (
    licence: Awaited<ReturnType<typeof searchOwnerConsole>>["licences"][number],
  ) => Record<string, string | number>;
}) {
  const { users, licences } = await searchOwnerConsole(term);
  return (
    <>
      <section className="grid gap-3">
        <h2 className="text-xl font-semibold">Users</h2>
        <OwnerUserResults
          term={term}
          rows={users.map((found) => ({
            id: found.id,
            email: found.email,
            name: found.name,
            organisation: found.organisation ?? "",
            status: found.suspended ? "Suspended" : found.admin ? "Admin" : "Active",
            href: found.licenceId ? ownerLicencePath(found.licenceId) : null,
          }))}
        />
      </section>
      <section className="grid gap-3">
        <h2 className="text-xl font-semibold">Licences</h2>
        <OwnerLicenceTable rows={licences.map(toRow)} caption={`Licences matching "${term}"`} />
      </section>
    </>
  );
}
