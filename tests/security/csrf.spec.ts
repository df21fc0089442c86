import http from "node:http";
import type { AddressInfo } from "node:net";

import { createPerson, queryRows } from "../e2e/database";
import { expect, signInByApi, test, uniqueEmail, waitForHydration } from "../e2e/fixtures";

/**
 * Abuse case 8 (docs/security.md R13) in a real browser: a page on a second local port, the same site as
 * the app but another origin, so the browser sends the SameSite=Lax session cookie with it, submits
 * forms to the app's mutating endpoints by itself. Only the app's Origin checks stand in the way, and
 * nothing may change. Server actions are checked the same way: a real call replayed from that origin.
 */

type Attack = { name: string; action: string; enctype: string; fields: Record<string, string> };

/** Serves one page per attack that posts its form as soon as it loads, as a hostile site would. */
async function hostileSite(attacks: Attack[]) {
  const server = http.createServer((request, response) => {
    const attack = attacks.find((a) => request.url === `/${a.name}`);
    if (!attack) {
      response.writeHead(404).end();
      return;
    }
    const inputs = Object.entries(attack.fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value='${value}'>`)
      .join("");
    response.writeHead(200, { "content-type": "text/html" }).end(
      `<!doctype html><title>prize</title><form method="post" action="${attack.action}" enctype="${attack.enctype}">${inputs}</form>
       <script>document.forms[0].submit()</script>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

test("a page on another local port that auto-submits forms to the app changes nothing @desktop", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const person = await createPerson(uniqueEmail("csrf"), { subscribed: true, firstName: "Carol" });
  await signInByApi(page, baseURL!, person.email, person.password);
  const probe = `/csrf-probe-${Date.now()}`;
  const attacks: Attack[] = [
    { name: "sign-out", action: `${baseURL}/api/auth/sign-out`, enctype: "text/plain", fields: {} },
    {
      name: "page-view",
      action: `${baseURL}/api/analytics/page-view`,
      enctype: "text/plain",
      // A text/plain form sends `name=value`: here `{"path":"/csrf-probe…","x":"="}`, valid JSON.
      fields: { [`{"path":"${probe}","x":"`]: `"}` },
    },
    {
      name: "portal",
      action: `${baseURL}/api/portal`,
      enctype: "application/x-www-form-urlencoded",
      fields: {},
    },
    {
      name: "change-password",
      action: `${baseURL}/api/auth/change-password`,
      enctype: "application/x-www-form-urlencoded",
      fields: { currentPassword: person.password, newPassword: "another long passphrase 1" },
    },
  ];
  const { server, origin } = await hostileSite(attacks);
  try {
    expect(new URL(origin).origin).not.toBe(new URL(baseURL!).origin);
    for (const attack of attacks) {
      const answered = page.waitForResponse((response) => response.url() === attack.action);
      await page.goto(`${origin}/${attack.name}`);
      const response = await answered;
      expect(response.status(), attack.name).toBeGreaterThanOrEqual(400);
      expect(response.status(), attack.name).toBeLessThan(500);
    }
    // Still signed in, with the same password; no page view stored.
    const session = await page.request.get("/api/auth/get-session");
    expect(((await session.json()) as { user?: { email: string } } | null)?.user?.email).toBe(person.email);
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: person.email, password: person.password },
      headers: { origin: baseURL! },
    });
    expect(signIn.status()).toBe(200);
    expect(await queryRows("select id from page_views where path = $1", [probe])).toEqual([]);

    // A server action (saving personal details), called for real, then replayed from the other origin.
    await page.goto("/account-management/dashboard?section=personal-details");
    await waitForHydration(page.getByLabel("First name"));
    const call = page.waitForRequest((request) => !!request.headers()["next-action"]);
    await page.getByLabel("First name").fill("Carla");
    await page.getByRole("button", { name: "Save details" }).click();
    const saved = await call;
    await expect(page.getByText("Your details have been saved.")).toBeVisible();
    const replay = await page.request.post(saved.url(), {
      headers: {
        ...saved.headers(),
        origin,
        "sec-fetch-site": "same-site",
      },
      data: saved.postData()!.replace("Carla", "Mallory"),
    });
    expect(replay.status()).toBeGreaterThanOrEqual(400);
    const [profile] = await queryRows<{ first_name: string }>(
      "select first_name from profiles where id = $1",
      [person.id],
    );
    expect(profile?.first_name).toBe("Carla");
  } finally {
    server.close();
  }
});
