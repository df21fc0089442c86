"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

import { acceptLicenceRequest, declineLicenceRequest } from "../actions";
import { ownPlanWords, type PlanInTheWay } from "../own-plan";
import { afterJoiningPath } from "../paths";
import type { RequestToJoin } from "../queries";
import { shortDate } from "./dates";

/**
 * The user's answer to each admin's request to join a licence (ADR 036): Accept joins now, taking a
 * seat if one is free; Decline closes the request. Nothing changes for the user until they answer.
 */
export function RequestsToJoin({
  requests,
  planInTheWay,
}: {
  requests: RequestToJoin[];
  /** A plan the user is on, which keeps them from accepting (see own-plan.ts). */
  planInTheWay: PlanInTheWay;
}) {
  const onPlan = planInTheWay !== null;
  const router = useRouter();
  const [busy, setBusy] = useState<{ id: string; action: "accept" | "decline" } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [declined, setDeclined] = useState<string | null>(null);

  async function answer(request: RequestToJoin, action: "accept" | "decline") {
    setBusy({ id: request.id, action });
    setErrors({});
    setDeclined(null);
    const result =
      action === "accept"
        ? await acceptLicenceRequest({ requestId: request.id })
        : await declineLicenceRequest({ requestId: request.id });
    if (!result.ok) {
      setBusy(null);
      setErrors({ [request.id]: result.message });
      return;
    }
    if (action === "accept") {
      router.push(afterJoiningPath);
      return;
    }
    setBusy(null);
    setDeclined(`You declined the request to join ${request.organisation}.`);
    router.refresh();
  }

  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm font-medium empty:hidden">
        {declined}
      </p>
      {requests.length === 0 ? (
        <p>
          You have no requests waiting. When an organisation&apos;s admin asks you to join their licence, we
          e-mail you and the request appears here.
        </p>
      ) : (
        requests.map((request) => {
          const headingId = `request-${request.id}`;
          const errorId = `request-error-${request.id}`;
          return (
            <Card key={request.id} role="group" aria-labelledby={headingId}>
              <CardHeader>
                <h2 id={headingId} className="text-xl leading-tight font-semibold break-words">
                  Join {request.organisation}
                </h2>
                <CardDescription>
                  {request.requestedBy
                    ? `${request.requestedBy}, an administrator of`
                    : "An administrator of"}{" "}
                  {request.organisation}, would like to add you to its licence. The request expires on{" "}
                  {shortDate.format(request.expiresAt)}.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-2 text-sm">
                <p>If you accept, you use one of its seats and have the access it includes.</p>
                {planInTheWay && (
                  <p>{planInTheWay === "own" ? ownPlanWords.payingInvitee : ownPlanWords.memberInvitee}</p>
                )}
                <p id={errorId} role="alert" className="text-destructive empty:hidden">
                  {errors[request.id]}
                </p>
              </CardContent>
              <CardFooter className="flex-wrap">
                <Button
                  disabled={busy !== null || onPlan}
                  aria-describedby={errors[request.id] ? errorId : undefined}
                  onClick={() => answer(request, "accept")}
                >
                  {busy?.id === request.id && busy.action === "accept" && <Spinner label="Joining" />}
                  Accept and join
                </Button>
                <Button variant="outline" disabled={busy !== null} onClick={() => answer(request, "decline")}>
                  {busy?.id === request.id && busy.action === "decline" && <Spinner label="Declining" />}
                  Decline
                </Button>
              </CardFooter>
            </Card>
          );
        })
      )}
      {!onPlan && (
        <p className="text-sm text-muted-foreground">
          Rather have a plan of your own?{" "}
          <Link href="/pricing/choose-your-plan" className="underline underline-offset-2">
            Choose a plan
          </Link>
          .
        </p>
      )}
    </div>
  );
}
