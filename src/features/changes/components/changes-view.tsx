import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn } from "@/components/data-table/format";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

import { monthOf, type ChangeGroup } from "../groups";
import { changesPath } from "../paths";
import { changeKinds, type ChangeFilters } from "../queries";

const columns: DataColumn[] = [
  { id: "name", header: "Name", priority: "name" },
  { id: "kind", header: "Change", priority: "key" },
  { id: "pack", header: "Pack", priority: "key" },
  { id: "oldPrice", header: "Old price", kind: "pence", priority: "key" },
  { id: "newPrice", header: "New price", kind: "pence", priority: "key" },
  { id: "percent", header: "Change %", kind: "percent" },
  { id: "oldCategory", header: "Old category", priority: "detail" },
  { id: "newCategory", header: "New category", priority: "detail" },
  { id: "code", header: "Code", kind: "code", priority: "detail" },
];

/** Each month and part imported since the date, with its changes in the shared table (and its CSV). */
export function ChangeGroups({ groups }: { groups: ChangeGroup[] }) {
  const months = [...new Set(groups.map((group) => group.period))];
  return (
    <div className="grid gap-8">
      {months.map((period) => (
        <section key={period} className="grid gap-6" aria-labelledby={`month-${period}`}>
          <h2 id={`month-${period}`} className="text-2xl font-semibold">
            {monthOf(period)}
          </h2>
          {groups
            .filter((group) => group.period === period)
            .map((group) => (
              <section
                key={group.part}
                className="grid gap-3"
                aria-labelledby={`changes-${period}-${group.part}`}
              >
                <h3 id={`changes-${period}-${group.part}`} className="text-lg font-semibold">
                  {group.partLabel}: {group.entries.length}{" "}
                  {group.entries.length === 1 ? "change" : "changes"}
                </h3>
                <DataTable
                  columns={columns}
                  rows={group.entries.map((entry) => ({
                    name: entry.name,
                    kind: changeKinds[entry.kind],
                    pack: entry.pack,
                    oldPrice: entry.oldPricePence,
                    newPrice: entry.newPricePence,
                    percent: entry.priceChangePercent,
                    oldCategory: entry.oldCategory,
                    newCategory: entry.newCategory,
                    code: entry.code,
                  }))}
                  caption={`${group.partLabel}, ${monthOf(period)}: changes`}
                  fileName={`changes-${group.part}-${period}.csv`}
                />
              </section>
            ))}
        </section>
      ))}
    </div>
  );
}

const fieldClassName = "h-10 rounded-md border border-input bg-background px-3 text-sm";

/** A labelled choice of the filter form: "All …" (no filter) first, then each option. */
function FilterSelect({
  id,
  name,
  label,
  value,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name={name} defaultValue={value ?? ""} className={fieldClassName}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Since when, which part and which kind of change: a GET form, so a view is an address to keep. */
export function ChangesFilterForm({
  since,
  filters,
  parts,
}: {
  since: string;
  filters: ChangeFilters;
  parts: { id: string; label: string }[];
}) {
  return (
    <form action={changesPath} method="get" className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="changes-since">Imported since</Label>
        <input id="changes-since" name="since" type="date" defaultValue={since} className={fieldClassName} />
      </div>
      <FilterSelect
        id="changes-part"
        name="part"
        label="Part"
        value={filters.part}
        allLabel="All parts"
        options={parts.map((part) => ({ value: part.id, label: part.label }))}
      />
      <FilterSelect
        id="changes-kind"
        name="kind"
        label="Kind of change"
        value={filters.kind}
        allLabel="All changes"
        options={Object.entries(changeKinds).map(([kind, label]) => ({ value: kind, label }))}
      />
      <Button type="submit" variant="outline">
        Show
      </Button>
    </form>
  );
}
