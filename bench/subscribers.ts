import { randomUUID } from "node:crypto";

import { hashPassword } from "better-auth/crypto";

import { withClient } from "./server";

/**
 * Subscribers for a benchmark's load, made afresh each run in the database at `databaseUrl` (their
 * sessions are this run's), so that per-user limits (120 searches a minute) are never what is
 * measured. The search allowances left from an earlier run are cleared.
 */
export async function createSubscribers(
  databaseUrl: string,
  count: number,
  password: string,
): Promise<{ id: string; email: string }[]> {
  const hash = await hashPassword(password);
  const run = Date.now();
  return withClient(databaseUrl, async (client) => {
    await client.query("delete from rate_limits where key like 'search:user:%'");
    const users = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      email: `bench-${run}-${index}@bench.tariffscope.test`,
    }));
    for (const user of users) {
      await client.query(
        "insert into auth_user (id, name, email, email_verified) values ($1, 'Bench user', $2, true)",
        [user.id, user.email],
      );
      await client.query(
        "insert into auth_account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)",
        [`${user.id}-credential`, user.id, hash],
      );
      await client.query(
        `insert into profiles (id, email, first_name, last_name, job_role, admin, delegate, is_subscribed)
         values ($1, $2, 'Bench', 'User', 'Pharmacist', false, false, true)`,
        [user.id, user.email],
      );
    }
    return users;
  });
}

/**
 * Signs each user in from an address of its own, as pharmacies sign in from theirs (the product
 * must trust the loopback proxy: `TRUSTED_PROXIES=127.0.0.1,::1`). The session cookies, in order.
 */
export async function signInSubscribers(
  base: string,
  users: { email: string }[],
  password: string,
): Promise<string[]> {
  const cookies: string[] = [];
  for (const [index, user] of users.entries()) {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: base,
        "x-forwarded-for": `10.${Math.floor(index / 250)}.${index % 250}.1`,
      },
      body: JSON.stringify({ email: user.email, password }),
    });
    if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
    cookies.push(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; "),
    );
  }
  return cookies;
}
