import { randomUUID } from "node:crypto";
import path from "node:path";

import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { GET as listRowsRoute } from "@/app/api/lists/[id]/rows/route";
import { licenceInvites, licenceRequests, rateLimits } from "@/db/schema";
import * as accountActions from "@/features/accounts/actions";
import * as licenceCommands from "@/features/licences/commands";
import * as licenceActions from "@/features/licences/actions";
import {
  insertUser,
  uniqueEmail,
  authRequest,
  freshClientAddress,
  type TestUser,
} from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { billingSnapshot, profileOf } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { readGzippedRows } from "@tests/fixtures/rows-response";
import { insertOrganisation } from "@tests/fixtures/licences";
import { runScript } from "@tests/fixtures/processes";
import { actAs } from "@tests/fixtures/request-context";
import { insertSampleTariff } from "@tests/fixtures/tariff-rows";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * The abuse cases of docs/security.md that no other test file covered (see scripts/security/abuse-cases.ts
 * for the map of every case to its tests). Each attack is refused and leaves the database as it was.
 */
const database = setupTestDatabase();
const origin = "http://localhost:3000";
/** insertUser's default password: the organisation fixture's users sign in with it. */
const defaultPassword = "a sensible test passphrase";

async function organisation(seats = 5) {
  const org = await insertOrganisation({ seats });
  const asTestUser = (user: { id: string; email: string }): TestUser => ({
    ...user,
    password: defaultPassword,
  });
  return { ...org, adminLogin: asTestUser(org.admin), memberLogin: asTestUser(org.member) };
}

/** Everything an action of accounts or licences could touch, to show a refused one changed nothing. */
async function snapshot() {
  return {
    ...(await billingSnapshot()),
    invites: await database.db.select().from(licenceInvites).orderBy(licenceInvites.id),
    requests: await database.db.select().from(licenceRequests).orderBy(licenceRequests.id),
  };
}

const privileged = {
  is_subscribed: true,
  isSubscribed: true,
  license_id: randomUUID(),
  licenseId: randomUUID(),
  delegate: true,
  role: "admin",
  admin: true,
  seat_limit: 999,
  numberOfLicenses: 999,
};

/** The input with an own `__proto__` key, as `JSON.parse` makes it from a request body. */
function withPrototypeKey(valid: object): unknown {
  const rest = JSON.stringify(valid).slice(1, -1);
  return JSON.parse(`{"__proto__":${JSON.stringify(privileged)}${rest ? `,${rest}` : ""}}`);
}

type AnyAction = (input: unknown) => Promise<{ ok: boolean; code?: string }>;

describe("abuse case 2: no account or licence action takes a billing or role field", () => {
  const actions: [string, AnyAction, () => object][] = [
    [
      "signUp",
      accountActions.signUp as AnyAction,
      () => ({
        firstName: "Eve",
        lastName: "Attacker",
        jobRole: "Pharmacist",
        email: uniqueEmail("selfsub"),
        password: "a long enough passphrase here",
        acceptLicence: true,
        acceptPrivacy: true,
      }),
    ],
    [
      "updatePersonalDetails",
      accountActions.updatePersonalDetails as AnyAction,
      () => ({ firstName: "Eve", lastName: "Attacker", jobRole: "Pharmacist" }),
    ],
    ["updateEdition", accountActions.updateEdition as AnyAction, () => ({ edition: 2 })],
    ["getAccountStatus", accountActions.getAccountStatus as AnyAction, () => ({})],
    ["searchLicenceUser", licenceActions.searchLicenceUser as AnyAction, () => ({ email: uniqueEmail() })],
    ["addLicenceUser", licenceActions.addLicenceUser as AnyAction, () => ({ email: uniqueEmail() })],
    ["inviteLicenceUser", licenceActions.inviteLicenceUser as AnyAction, () => ({ email: uniqueEmail() })],
    ["removeLicenceUser", licenceActions.removeLicenceUser as AnyAction, () => ({ userId: randomUUID() })],
    [
      "cancelLicenceRequest",
      licenceActions.cancelLicenceRequest as AnyAction,
      () => ({ requestId: randomUUID() }),
    ],
    [
      "acceptLicenceRequest",
      licenceActions.acceptLicenceRequest as AnyAction,
      () => ({ requestId: randomUUID() }),
    ],
    [
      "declineLicenceRequest",
      licenceActions.declineLicenceRequest as AnyAction,
      () => ({ requestId: randomUUID() }),
    ],
    [
      "acceptLicenceInvite",
      licenceActions.acceptLicenceInvite as AnyAction,
      () => ({ token: "t".repeat(43) }),
    ],
    ["dismissSubscriptionNotice", licenceActions.dismissSubscriptionNotice as AnyAction, () => ({})],
    ["getAccountNoticeState", licenceActions.getAccountNoticeState as AnyAction, () => ({})],
  ];
  const variants: [string, (valid: object) => unknown][] = [
    ["the fields beside a valid input", (valid) => ({ ...valid, ...privileged })],
    ["__proto__", withPrototypeKey],
    ["constructor.prototype", (valid) => ({ ...valid, constructor: { prototype: privileged } })],
    ["an array", () => [privileged]],
    ["the fields alone", () => privileged],
  ];

  for (const [name, action, valid] of actions) {
    it(`${name} refuses each variant, and the database is unchanged`, async () => {
      const { adminLogin } = await organisation();
      await actAs(name === "signUp" ? null : adminLogin);
      const before = await snapshot();
      for (const [variant, build] of variants) {
        const result = await action(build(valid()));
        expect(result, variant).toMatchObject({ ok: false, code: "validation" });
      }
      expect(await snapshot()).toEqual(before);
      expect(({} as Record<string, unknown>).isSubscribed).toBeUndefined();
    });
  }
});

describe("abuse case 7: Better Auth's callbackURL takes only our own site", () => {
  const payloads = [
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://127.0.0.1:3000@evil.example",
  ];
  it.each(payloads)("refuses %j on sign-in with 403 and signs no one in", async (callbackURL) => {
    const account = await insertUser();
    const response = await authRequest("/sign-in/email", {
      body: { email: account.email, password: account.password, callbackURL },
      clientAddress: freshClientAddress(),
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: "INVALID_CALLBACK_URL" });
    expect(response.setCookie.join(";")).not.toMatch(/session_token=[^;]/);
  });
});

function getRows(list: string, query: string) {
  return listRowsRoute(new Request(`${origin}/api/lists/${list}/rows?${query}`), {
    params: Promise.resolve({ id: list }),
  });
}

describe("abuse cases 10 and 12: the list rows a subscriber reads", () => {
  beforeAll(async () => {
    await insertSampleTariff(database.db);
  });

  it.each([
    ["a quote", "'", 0],
    ["a percent sign", "%", 0],
    ["an underscore", "_", 0],
    ["a backslash", "\\", 0],
    ["' OR 1=1--", "' OR 1=1--", 0],
    ["a UNION", "x' UNION SELECT email FROM profiles--", 0],
    ["a very long string", "a".repeat(10_000), 0],
    ["a NUL byte (dropped, the rest matched)", "amlo\u0000", 1],
    ["the real term (control)", "amlo", 1],
  ])(
    "searching for %s answers rows taken literally, never a server error (case 10)",
    async (_l, term, rows) => {
      const subscriber = await insertUser({ subscribed: true });
      await actAs(subscriber);
      const before = await snapshot();
      const response = await getRows("partviiia", `month=2026-03&searchTerm=${encodeURIComponent(term)}`);
      expect(response.status).toBeLessThan(500);
      if (response.status === 200) expect(await readGzippedRows(response)).toHaveLength(rows);
      else expect(response.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("ends a removed user's access on their very next request, with the session they already had (case 12)", async () => {
    const { admin, memberLogin } = await organisation();
    await actAs(memberLogin);
    expect((await getRows("partviiia", "month=2026-03")).status).toBe(200);

    expect(await runAs(licenceCommands.removeUser, { userId: memberLogin.id }, admin)).toMatchObject({
      ok: true,
    });

    // Same request context, same session cookie: only the server's view of the user changed.
    const after = await getRows("partviiia", "month=2026-03");
    expect([401, 402, 403]).toContain(after.status);
    expect(await after.text()).not.toContain("Amlodipine");
    expect(await profileOf(memberLogin.id)).toMatchObject({ licenceId: null, isSubscribed: false });
  });
});

describe("abuse case 14: rate limits hold across app instances", () => {
  it("two processes, each with its own pool and memory, share one limit through the database", async () => {
    const key = `instances:${randomUUID()}`;
    const script = path.resolve("tests/integration/support/rate-limit-instance.ts");
    const env = {
      DATABASE_URL: database.url,
      KEY: key,
      ATTEMPTS: "10",
      MAX: "5",
      NODE_OPTIONS: "--conditions=react-server",
    };
    const [first, second] = await Promise.all([runScript(script, env), runScript(script, env)]);
    const allowed = [first, second].map((run) => {
      expect(run.code, run.output).toBe(0);
      return (JSON.parse(run.output.trim().split("\n").pop()!) as { allowed: number }).allowed;
    });
    // 20 attempts in all, split between the instances in whatever order they ran: 5 allowed, not 10.
    expect(allowed[0]! + allowed[1]!).toBe(5);
    const [row] = await database.db.select({ n: count() }).from(rateLimits);
    expect(row!.n).toBeGreaterThan(0);
  });
});
