import type { ReactNode } from "react";

import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

import type { ApiKeySummary } from "../keys";

const when = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});
const count = new Intl.NumberFormat("en-GB");
const phoneCell = "max-sm:block max-sm:p-0";

/**
 * A licence's API keys and their use (ADR 200): the admin's list, with Revoke, and the owner's, with
 * Change limits (ADR 220); `action` gives a key in use its control. On a phone each key is a card.
 */
export function ApiKeyTable({
  keys,
  action,
}: {
  keys: ApiKeySummary[];
  action?: (key: ApiKeySummary) => ReactNode;
}) {
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">No keys yet.</p>;
  return (
    <Table aria-label="API keys">
      <TableHeader className="max-sm:sr-only">
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Key</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead>Calls</TableHead>
          <TableHead>Limits</TableHead>
          {action && (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id} className="max-sm:grid max-sm:gap-1 max-sm:py-3">
            <TableCell className={`font-medium ${phoneCell}`}>
              {key.name} {key.revokedAt && <Badge variant="outline">Revoked</Badge>}
            </TableCell>
            <TableCell className={`font-mono text-xs break-all ${phoneCell}`}>{key.prefix}</TableCell>
            <TableCell className={phoneCell}>
              {key.lastUsedAt ? when.format(new Date(key.lastUsedAt)) : "Never used"}
            </TableCell>
            <TableCell className={phoneCell}>{count.format(key.requestCount)} calls</TableCell>
            <TableCell className={`text-muted-foreground ${phoneCell}`}>
              {count.format(key.perMinute)}/min, {count.format(key.perDay)}/day
            </TableCell>
            {action && (
              <TableCell className={`text-right ${phoneCell}`}>{!key.revokedAt && action(key)}</TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
