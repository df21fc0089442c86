"use client";

import { Trash2 } from "lucide-react";
import { Fragment } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

import type { LicenceUser } from "../queries";
import { shortDate } from "./dates";

const phoneCell = "max-sm:block max-sm:p-0";

/** An address that may wrap before its "@" and its dots when its column is narrow, never mid-word. */
function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * product §2.13: name, e-mail, Occupation, last signed in, role badge; admins first; scrolls past about
 * 24rem. On a phone each user is a card (name, role and Remove on top, the e-mail whole beneath), as
 * five columns squeezed into 375px broke every e-mail after a few letters. Table elements keep explicit
 * roles, as some browsers drop a table's semantics when CSS changes its display.
 */
export function LicenceUsersTable({
  users,
  onRemove,
}: {
  users: LicenceUser[];
  onRemove?: (user: LicenceUser) => void;
}) {
  return (
    <div
      className="max-h-96 overflow-auto rounded-lg border"
      tabIndex={0}
      role="region"
      aria-label="Users on this licence"
    >
      <Table role="table" className="max-sm:block">
        <TableHeader role="rowgroup" className="max-sm:sr-only">
          <TableRow role="row">
            <TableHead role="columnheader">Name</TableHead>
            <TableHead role="columnheader">Email</TableHead>
            <TableHead role="columnheader">Occupation</TableHead>
            <TableHead role="columnheader">Last signed in</TableHead>
            <TableHead role="columnheader">Role</TableHead>
            {onRemove && (
              <TableHead role="columnheader">
                <span className="sr-only">Remove</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody role="rowgroup" className="max-sm:block">
          {users.map((user) => (
            <TableRow
              key={user.id}
              role="row"
              className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:p-3"
            >
              <TableCell role="cell" className={cn(phoneCell, "font-medium max-sm:order-1 max-sm:flex-1")}>
                {user.name}
              </TableCell>
              <TableCell
                role="cell"
                className={cn(phoneCell, "max-sm:order-4 max-sm:basis-full max-sm:wrap-anywhere")}
              >
                <EmailAddress email={user.email} />
              </TableCell>
              <TableCell role="cell" className={cn(phoneCell, "max-sm:order-5 max-sm:text-muted-foreground")}>
                {user.jobRole ?? "—"}
              </TableCell>
              <TableCell
                role="cell"
                className={cn(phoneCell, "tabular-nums max-sm:order-6 max-sm:text-muted-foreground")}
              >
                <span aria-hidden="true" className="sm:hidden">
                  Last signed in{" "}
                </span>
                {user.lastSignedIn ? shortDate.format(user.lastSignedIn) : "Never"}
              </TableCell>
              <TableCell role="cell" className={cn(phoneCell, "max-sm:order-2")}>
                <Badge variant={user.admin ? "default" : "secondary"}>{user.admin ? "Admin" : "User"}</Badge>
              </TableCell>
              {onRemove && (
                <TableCell
                  role="cell"
                  className={cn(phoneCell, "text-right max-sm:order-3 max-sm:empty:hidden")}
                >
                  {!user.admin && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${user.email}`}
                      onClick={() => onRemove(user)}
                    >
                      <Trash2 aria-hidden="true" className="text-destructive" />
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
