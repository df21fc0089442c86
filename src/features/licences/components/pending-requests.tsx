"use client";

import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

import { cancelLicenceRequest } from "../actions";
import type { PendingRequest } from "../queries";
import { shortDate } from "./dates";
import { manageUsersToast } from "./toasts";

/**
 * The requests to join this licence that are waiting for the user's answer (ADR 036). They hold no
 * seat; the admin can withdraw one.
 */
export function PendingRequests({
  requests,
  onChanged,
}: {
  requests: PendingRequest[];
  onChanged: () => void;
}) {
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (requests.length === 0) return null;

  async function cancel(request: PendingRequest) {
    setCancelling(request.id);
    setError(null);
    const answer = await cancelLicenceRequest({ requestId: request.id });
    setCancelling(null);
    if (!answer.ok) {
      setError(answer.message);
      onChanged();
      return;
    }
    toast.success("Request Cancelled", {
      description: `${request.email} will not join unless you send a new request.`,
      id: manageUsersToast,
    });
    onChanged();
  }

  return (
    <section aria-labelledby="pending-requests-heading" className="grid gap-2">
      <h4 id="pending-requests-heading" className="font-semibold">
        Waiting for an answer
      </h4>
      <p className="text-sm text-muted-foreground">
        These users have been asked to join. Each takes a seat only when they accept, if one is free then.
      </p>
      <p role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
      <ul className="divide-y rounded-lg border">
        {requests.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-medium break-words">{request.name ?? request.email}</p>
              {request.name && <p className="text-sm break-all text-muted-foreground">{request.email}</p>}
              <p className="text-sm text-muted-foreground">
                Asked on {shortDate.format(request.requestedAt)}; expires on{" "}
                {shortDate.format(request.expiresAt)}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={cancelling !== null}
              aria-label={`Cancel the request to ${request.email}`}
              onClick={() => cancel(request)}
            >
              {cancelling === request.id && <Spinner label="Cancelling" />}
              Cancel request
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
