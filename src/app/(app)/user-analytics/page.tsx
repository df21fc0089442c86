import type { Metadata } from "next";

import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn } from "@/components/data-table/format";
import { PageContainer } from "@/components/layout/page-container";
import { getPageViewsByPath } from "@/features/owner/queries";
import { requireOwner } from "@/lib/session";

export const metadata: Metadata = { title: "User Analytics", robots: { index: false } };

const columns: DataColumn[] = [
  { id: "path", header: "Page", priority: "name" },
  { id: "views", header: "Views", kind: "number", priority: "key" },
];

export default async function UserAnalyticsPage() {
  await requireOwner();
  const rows = await getPageViewsByPath(30);
  return (
    <PageContainer width="full" className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">User Analytics</h1>
      <p className="text-muted-foreground">
        Page views in the last 30 days, from visitors who accepted analytics cookies.
      </p>
      <DataTable
        columns={columns}
        rows={rows}
        caption="Page views by page, last 30 days"
        fileName="page-views-last-30-days.csv"
        emptyMessage="No page views recorded yet."
      />
    </PageContainer>
  );
}
