"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import { createChangesFeedAction, revokeChangesFeedAction } from "../actions";

const createdDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });

/**
 * The private feed address (ADR 118): made here and shown once, since only its hash is kept; a new
 * one replaces it, and revoking stops it at once.
 */
export function FeedControls({ createdAt }: { createdAt: string | null }) {
  const router = useRouter();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function create() {
    setBusy(true);
    const result = await createChangesFeedAction({});
    setBusy(false);
    if (!result.ok) return void toast.error(result.message);
    setUrl(result.data.url);
    router.refresh();
  }

  async function revoke() {
    setBusy(true);
    const result = await revokeChangesFeedAction({});
    setBusy(false);
    if (!result.ok) return void toast.error(result.message);
    setUrl(null);
    toast.success("Feed address revoked");
    router.refresh();
  }

  return (
    <div className="grid gap-3">
      {url ? (
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId}>Your private feed address (copy it now: it is shown only once)</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={fieldId}
              readOnly
              value={url}
              className="min-w-0 flex-1 font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              type="button"
              variant="outline"
              onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success("Copied"))}
            >
              Copy
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {createdAt
            ? `You made a feed address on ${createdDate.format(new Date(createdAt))}. It was shown once; make a new one if you need it again (the old one then stops working).`
            : "No feed address yet."}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={create} disabled={busy}>
          {createdAt || url ? "Make a new feed address" : "Make a feed address"}
        </Button>
        {(createdAt || url) && (
          <Button type="button" variant="outline" onClick={revoke} disabled={busy}>
            Revoke the feed address
          </Button>
        )}
      </div>
    </div>
  );
}
