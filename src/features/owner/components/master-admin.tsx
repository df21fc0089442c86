import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn, DataRow } from "@/components/data-table/format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import { masterAdminPath } from "../paths";

/** The search box: a plain GET form, so a search is a URL the owner can keep or share with a colleague. */
export function OwnerSearchForm({ term }: { term: string }) {
  return (
    <form action={masterAdminPath} method="get" role="search" className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-md">
        <Label htmlFor="owner-search">Search users and licences</Label>
        <Input
          id="owner-search"
          name="searchTerm"
          type="search"
          defaultValue={term}
          minLength={2}
          maxLength={100}
          placeholder="E-mail, name or organisation"
        />
      </div>
      <Button type="submit">Find</Button>
    </form>
  );
}

const licenceColumns: DataColumn[] = [
  { id: "organisation", header: "Organisation", priority: "name", hrefKey: "href" },
  { id: "status", header: "Status", priority: "key" },
  { id: "plan", header: "Plan", priority: "key" },
  { id: "seats", header: "Seats", kind: "number", priority: "key" },
  { id: "users", header: "Users", kind: "number", priority: "key" },
];

export function OwnerLicenceTable({ rows, caption }: { rows: DataRow[]; caption: string }) {
  return (
    <DataTable
      columns={licenceColumns}
      rows={rows}
      caption={caption}
      fileName="owner-licences.csv"
      emptyMessage="No licences match."
    />
  );
}
