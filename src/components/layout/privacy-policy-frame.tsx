"use client";

import { useEffect, useState } from "react";

const pdf = "/policies/privacy-policy.pdf";

/** Calls `load` once the page has loaded and the browser is idle; gives the cancel. */
function whenPageIdle(load: () => void): () => void {
  let idle: number | undefined;
  const schedule = () => {
    idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(load, { timeout: 2_000 })
        : window.setTimeout(load, 0);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * The fixed privacy policy PDF (dated 01-09-24) in a frame 800px high titled 'Privacy Policy'. The
 * frame is in the page's HTML; its document is asked for once the page has loaded and the browser
 * is idle, since the browser's PDF viewer starting beside the page more than doubled the page's own
 * start-up work (ADR 148). The page links the PDF and a web-page copy for those it does not reach.
 */
export function PrivacyPolicyFrame({ className = "w-full" }: { className?: string }) {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => whenPageIdle(() => setSrc(pdf)), []);
  return <iframe src={src} title="Privacy Policy" className={`h-[800px] ${className}`} height={800} />;
}
