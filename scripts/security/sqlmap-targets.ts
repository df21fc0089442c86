/**
 * The routes sqlmap attacks: every one that takes input, with the parameters it tests. In an address
 * with a `*`, sqlmap tests only the marked points.
 */
export type SqlmapTarget = { route: string; args: string[]; signedIn?: boolean; blind?: boolean };

export function sqlmapTargets(base: string): SqlmapTarget[] {
  const month = new Date().toISOString().slice(0, 7);
  return [...signedInPages(base, month), ...publicPages(base), ...posts(base)];
}

/** The pages and rows routes a subscriber reads. */
function signedInPages(base: string, month: string): SqlmapTarget[] {
  return [
    {
      route: "GET /drug-tariff-parts/partviiia (searchTerm, month, category)",
      args: [
        `-u`,
        `${base}/drug-tariff-parts/partviiia?searchTerm=amlo&month=${month}&category=A`,
        "-p",
        "searchTerm,month,category",
      ],
      signedIn: true,
    },
    {
      route: "GET /api/lists/[id]/rows (id, searchTerm, month, category)",
      // With a `*` in the address sqlmap tests only the marked points: every parameter is marked.
      args: [`-u`, `${base}/api/lists/partviiia*/rows?searchTerm=amlo*&month=${month}*&category=A*`],
      signedIn: true,
    },
    {
      route: "GET /api/insights/[kind]/rows (kind, month, direction, searchTerm)",
      args: [
        `-u`,
        `${base}/api/insights/price-changes-viiia*/rows?month=${month}*&direction=up*&searchTerm=amlo*`,
      ],
      signedIn: true,
    },
    {
      route: "GET /api/watchlists/[id]/rows (id, edition)",
      args: [`-u`, `${base}/api/watchlists/00000000-0000-4000-8000-000000000000*/rows?edition=ew*`],
      signedIn: true,
    },
    {
      route: "GET /insights/price-changes-partviiia (month)",
      args: [`-u`, `${base}/insights/price-changes-partviiia?month=${month}`, "-p", "month"],
      signedIn: true,
    },
    {
      route: "GET /drug-info/[code] signed in (code, from)",
      // A signed-in user's product page has the public address (the app rewrites it).
      args: [`-u`, `${base}/drug-info/1234*?from=%2Fdrug-tariff-parts%2Fpartviiia*`],
      signedIn: true,
    },
  ];
}

/** The pages anyone may read. */
function publicPages(base: string): SqlmapTarget[] {
  return [
    { route: "GET /drug-info/[code]", args: [`-u`, `${base}/drug-info/1234*`] },
    { route: "GET /brand-info/[code]", args: [`-u`, `${base}/brand-info/1234*`] },
    { route: "GET /appliance-info/[code]", args: [`-u`, `${base}/appliance-info/1234*`] },
    { route: "GET /blog/[slug]", args: [`-u`, `${base}/blog/what-is-part-ix*`] },
    { route: "GET /sitemaps/[file]", args: [`-u`, `${base}/sitemaps/drug-info-1*.xml`] },
    {
      route: "GET /account-management/signin (redirect, email)",
      args: [
        `-u`,
        `${base}/account-management/signin?redirect=%2Fdashboard&email=a%40example.test`,
        "-p",
        "redirect,email",
      ],
    },
    {
      route: "GET /account-management/unsubscribe (token)",
      args: [`-u`, `${base}/account-management/unsubscribe?token=abc`, "-p", "token"],
    },
    {
      route: "GET /account-management/delegate-signup (token)",
      args: [
        `-u`,
        `${base}/account-management/delegate-signup?token=abcdefghijklmnopqrstuvwxyz`,
        "-p",
        "token",
      ],
    },
    {
      route: "GET /api/dev/mailbox (to)",
      args: [`-u`, `${base}/api/dev/mailbox?to=a%40example.test`, "-p", "to"],
    },
  ];
}

/** The POST routes: their answers show nothing of a query's result, so timing is tested too. */
function posts(base: string): SqlmapTarget[] {
  const json = (data: string) => [
    "--method=POST",
    `--data=${data}`,
    `--headers=Content-Type: application/json\nOrigin: ${base}`,
  ];
  return [
    {
      route: "POST /api/email/unsubscribe (token)",
      blind: true,
      args: [
        `-u`,
        `${base}/api/email/unsubscribe?token=abc`,
        "--method=POST",
        "--data=List-Unsubscribe=One-Click",
        "-p",
        "token",
      ],
    },
    {
      route: "POST /api/analytics/page-view (path, referrer)",
      blind: true,
      args: [
        `-u`,
        `${base}/api/analytics/page-view`,
        ...json('{"path":"/blog*","referrer":"https://example.test/*"}'),
      ],
    },
    {
      route: "POST /api/auth/sign-in/email (email, password)",
      blind: true,
      args: [
        `-u`,
        `${base}/api/auth/sign-in/email`,
        ...json('{"email":"a@example.test*","password":"not-the-password*"}'),
      ],
    },
    {
      route: "POST /api/auth/email-otp/verify-email (email, otp)",
      blind: true,
      args: [
        `-u`,
        `${base}/api/auth/email-otp/verify-email`,
        ...json('{"email":"a@example.test*","otp":"123456*"}'),
      ],
    },
    {
      route: "POST /api/auth/request-password-reset (email)",
      blind: true,
      args: [
        `-u`,
        `${base}/api/auth/request-password-reset`,
        ...json('{"email":"a@example.test*","redirectTo":"/account-management/update-password"}'),
      ],
    },
    {
      route: "POST /api/portal (body)",
      blind: true,
      args: [`-u`, `${base}/api/portal`, ...json('{"x":"1*"}')],
      signedIn: true,
    },
  ];
}
