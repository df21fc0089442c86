"use client";

import { Trash2 } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

import type { LicenceUser } from "../queries";
import { shortDate } from "./dates";

/** SPEC §2.13: name, e-mail, Occupation, last signed in, role badge; admins first; scrolls past about 24rem. */
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
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Occupation</TableHead>
            <TableHead>Last signed in</TableHead>
            <TableHead>Role</TableHead>
            {onRemove && (
              <TableHead>
                <span className="sr-only">Remove</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell className="font-medium">{user.name}</TableCell>
              <TableCell className="break-all">{user.email}</TableCell>
              <TableCell>{user.jobRole ?? "—"}</TableCell>
              <TableCell className="tabular-nums">
                {user.lastSignedIn ? shortDate.format(user.lastSignedIn) : "Never"}
              </TableCell>
              <TableCell>
                <Badge variant={user.admin ? "default" : "secondary"}>{user.admin ? "Admin" : "User"}</Badge>
              </TableCell>
              {onRemove && (
                <TableCell className="text-right">
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
