import type { Metadata } from "next";

import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn } from "@/components/data-table/format";
import { PageContainer } from "@/components/layout/page-container";
import { getLicenceOverview } from "@/features/owner/queries";
import { requireOwner } from "@/lib/session";

export const metadata: Metadata = { title: "Master Admin", robots: { index: false } };

const columns: DataColumn[] = [
  { id: "organisation", header: "Organisation", priority: "name" },
  { id: "seats", header: "Seats", kind: "number", priority: "key" },
  { id: "users", header: "Users", kind: "number", priority: "key" },
  { id: "created", header: "Created", kind: "date", priority: "key" },
];

export default async function MasterAdminPage() {
  await requireOwner();
  const licences = await getLicenceOverview();
  return (
    <PageContainer width="full" className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">Master Admin</h1>
      <p className="text-muted-foreground">Every organisation licence, its seats and the users on it.</p>
      <DataTable
        columns={columns}
        rows={licences.map((licence) => ({
          organisation: licence.organisation ?? "No Organisation",
          seats: licence.seats,
          users: licence.users,
          created: licence.createdAt.toISOString(),
        }))}
        caption="Organisation licences"
        fileName="organisation-licences.csv"
        emptyMessage="No licences yet."
      />
    </PageContainer>
  );
}
