import { describe, expect, it } from "vitest";

import { AppError } from "./errors";
import { handleRoute } from "./route";

const answer = (error: unknown) =>
  handleRoute("test", async () => {
    throw error;
  })(new Request("http://127.0.0.1/test"), {});

describe("handleRoute", () => {
  it("tells a refused client when to try again, in whole seconds, at least one", async () => {
    const soon = await answer(new AppError("rate_limited", "Wait.", { retryAfterSeconds: 0.2 }));
    expect(soon.status).toBe(429);
    expect(soon.headers.get("retry-after")).toBe("1");
    const later = await answer(new AppError("rate_limited", "Wait.", { retryAfterSeconds: 90.4 }));
    expect(later.headers.get("retry-after")).toBe("91");
    expect(await later.json()).toEqual({ error: { code: "rate_limited", message: "Wait." } });
  });

  it("gives no time where waiting would not help", async () => {
    const refused = await answer(new AppError("rate_limited", "Delete an upload first."));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeNull();
    expect((await answer(new Error("boom"))).headers.get("retry-after")).toBeNull();
  });
});
