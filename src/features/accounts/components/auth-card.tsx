import type * as React from "react";

import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/**
 * The card an account page is drawn in (log in, forgotten and new password, sign-up, e-mail
 * confirmation): its heading, a line under it when there is one, and the form or message.
 */
export function AuthCard({
  title,
  description,
  wide = false,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Room for the sign-up forms' longer fields and terms. */
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card className={cn("w-full", wide ? "max-w-xl" : "max-w-md")}>
      <CardHeader>
        <h1 className="text-2xl leading-tight font-semibold">{title}</h1>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
