import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The proxy as served at `appUrl` (it reads the environment once, so each case loads it afresh). */
async function proxyAt(appUrl: string) {
  vi.stubEnv("APP_URL", appUrl);
  vi.resetModules();
  return (await import("./proxy")).proxy;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

describe("the proxy's security headers", () => {
  it("gives each response a policy with a nonce of its own, and Next.js the same policy to read it from", async () => {
    const proxy = await proxyAt("http://localhost:3000");
    const first = proxy(new NextRequest("http://localhost:3000/pricing/plans"));
    const second = proxy(new NextRequest("http://localhost:3000/pricing/plans"));
    const policy = first.headers.get("content-security-policy");
    expect(nonceOf(policy)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonceOf(policy));
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS and upgrades insecure requests when APP_URL is https", async () => {
    const proxy = await proxyAt("https://tariffscope.example");
    for (const path of [
      "/pricing/plans",
      "/api/health",
      "/policies/privacy-policy.pdf",
      "/drug-tariff-parts/partviiia",
    ]) {
      const response = proxy(new NextRequest(`https://tariffscope.example${path}`));
      expect(response.headers.get("strict-transport-security"), path).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(response.headers.get("content-security-policy"), path).toContain("upgrade-insecure-requests");
    }
  });

  it("recognises the __Host- session cookie over https, and redirects a visitor without one", async () => {
    const proxy = await proxyAt("https://tariffscope.example");
    const page = "https://tariffscope.example/drug-tariff-parts/partviiia";
    const signedIn = proxy(
      new NextRequest(page, { headers: { cookie: "__Host-better-auth.session_token=token.signature" } }),
    );
    expect(signedIn.headers.get("location")).toBeNull();
    const visitor = proxy(new NextRequest(page));
    expect(visitor.headers.get("location")).toBe(
      "https://tariffscope.example/account-management/signin?redirect=%2Fdrug-tariff-parts%2Fpartviiia",
    );
    expect(visitor.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("lets a visitor without a session have the icons and the web manifest", async () => {
    const proxy = await proxyAt("https://tariffscope.example");
    for (const path of [
      "/favicon.ico",
      "/icon.svg",
      "/apple-icon.png",
      "/icon-192.png",
      "/manifest.webmanifest",
    ]) {
      const response = proxy(new NextRequest(`https://tariffscope.example${path}`));
      expect(response.headers.get("location"), path).toBeNull();
      expect(response.headers.get("x-middleware-rewrite"), path).toBeNull();
    }
  });
});
