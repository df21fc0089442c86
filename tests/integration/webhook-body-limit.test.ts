import { describe, expect, it } from "vitest";

import { POST } from "@/app/api/webhooks/stripe/route";

/** The webhook takes no cookies and no Origin, so anyone can post to it: it must not read a huge body. */
const url = "http://localhost:3000/api/webhooks/stripe";
const oversized = "x".repeat(600 * 1024);

describe("POST /api/webhooks/stripe body limit", () => {
  it("refuses a declared body larger than any Stripe event, before reading it", async () => {
    const response = await POST(
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(oversized.length) },
        body: oversized,
      }),
      undefined,
    );
    expect(response.status).toBe(413);
  });

  it("stops reading a streamed body at the limit", async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await POST(
      new Request(url, { method: "POST", body: endless, duplex: "half" } as RequestInit),
      undefined,
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });
});
