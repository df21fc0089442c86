import { expect, test } from "./fixtures";

/**
 * The rate limits key on the one client address our server works out from the connection and the
 * trusted proxies (here the test runner stands in for the proxy). Nothing a client writes in the
 * request changes which limit it counts against.
 */
test("a client cannot dodge a rate limit by forging its address", async ({ request, baseURL }) => {
  const address = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}`;
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 61; attempt++) {
    const response = await request.post("/api/analytics/page-view", {
      data: { path: "/" },
      headers: {
        origin: baseURL!,
        // What the proxy appends is the real address; everything to its left is the client's own.
        "x-forwarded-for": `10.${attempt}.0.1, 192.0.2.${attempt}, ${address}`,
        "x-tariffscope-client-ip": `198.51.100.${attempt}`,
      },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true);
  expect(statuses[60]).toBe(429);
});
