"use client";

import Link from "next/link";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { formatLongDate, hasExpired, site } from "@/lib/site";

import { dismissSubscriptionNotice } from "../actions";

const { earlyBird } = site.notice;

/**
 * The blocking notice itself (product §1, §2.14): Subscribe Now, View Pricing Plans, Close Message
 * (remembered). The early-bird code is offered only while it is valid.
 */
export default function SubscriptionNoticeDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open>
      <DialogFrame
        blocking
        title="Subscription Plans Now Required"
        description={
          <>
            {site.name} plans went on sale on {formatLongDate(site.notice.plansOnSale)} and the free grace
            period ended on {formatLongDate(site.notice.gracePeriodEnded)}. Choose a plan to keep using the
            platform.
          </>
        }
        headerExtra={
          !hasExpired(earlyBird.validUntil) && (
            <p className="text-sm">
              Early-bird offer: {earlyBird.percentOff}% off the first year of any plan with the code{" "}
              <strong>{earlyBird.code}</strong>, until {formatLongDate(earlyBird.validUntil)}.
            </p>
          )
        }
        footerClassName="sm:justify-between"
        footer={
          <>
            <Button
              variant="ghost"
              onClick={() => {
                onClose();
                void dismissSubscriptionNotice({});
              }}
            >
              Close Message
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button asChild variant="outline">
                <Link href="/pricing/plans">View Pricing Plans</Link>
              </Button>
              <Button asChild>
                <Link href="/pricing/choose-your-plan">Subscribe Now</Link>
              </Button>
            </div>
          </>
        }
      />
    </Dialog>
  );
}
