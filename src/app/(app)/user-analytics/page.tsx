import type { Metadata } from "next";

import { PageContainer } from "@/components/layout/page-container";
import { getPageViewsByPath } from "@/features/owner/queries";
import { requireOwner } from "@/lib/session";

export const metadata: Metadata = { title: "User Analytics", robots: { index: false } };

export default async function UserAnalyticsPage() {
  await requireOwner();
  const rows = await getPageViewsByPath(30);
  return (
    <PageContainer width="full" className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">User Analytics</h1>
      <p className="text-muted-foreground">
        Page views in the last 30 days, from visitors who accepted analytics cookies.
      </p>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">Page views by page, last 30 days</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="p-2">
                Page
              </th>
              <th scope="col" className="p-2 text-right">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.path} className="border-t">
                <td className="p-2 break-all">{row.path}</td>
                <td className="p-2 text-right tabular-nums">{row.views.toLocaleString("en-GB")}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={2} className="p-2 text-muted-foreground">
                  No page views recorded yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </PageContainer>
  );
}
