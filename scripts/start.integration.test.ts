import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { freePort, runScript } from "@tests/fixtures/processes";

import { startEmbeddedDatabase } from "../src/db/embedded";

/** `npm start` in bad situations: a clear message naming the problem, a non-zero exit, and nothing lost. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const base = () => ({ DATA_DIR: dataDir, DATABASE_URL: "" });

describe("npm start refuses to run, and says why", () => {
  it("when an environment variable is invalid: it names the variable and what is expected", async () => {
    const result = await runScript("scripts/start.ts", { ...base(), PORT: "eighty", LOG_LEVEL: "loud" });
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/PORT: expected a port number/);
    expect(result.output).toMatch(/LOG_LEVEL: expected one of fatal, error/);
    expect(result.output).not.toMatch(/at .*\.ts:\d+/);
  });

  it("when the port is already in use", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const result = await runScript("scripts/start.ts", { ...base(), PORT: String(port) });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`Port ${port} is already in use`);
      expect(result.output).toContain(`PORT=${port + 1} npm start`);
    } finally {
      blocker.close();
    }
  });

  it("when another running instance holds the data folder, which it leaves untouched", async () => {
    const owner = await startEmbeddedDatabase({ dataDir });
    try {
      const lockBefore = fs.readFileSync(path.join(dataDir, "tariffscope.lock"), "utf8");
      const result = await runScript("scripts/start.ts", { ...base(), PORT: String(await freePort()) });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`is in use by another TariffScope process (pid ${process.pid})`);
      expect(fs.readFileSync(path.join(dataDir, "tariffscope.lock"), "utf8")).toBe(lockBefore);
    } finally {
      await owner.stop();
    }
  });

  it("when a real database would be served over plain http to other machines", async () => {
    const result = await runScript("scripts/start.ts", {
      ...base(),
      PORT: String(await freePort()),
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
      BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-1234567890",
      TEST_CHECKOUT: "1",
      APP_URL: "http://tariffscope.example",
    });
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/APP_URL: expected an https:\/\/ address with a DATABASE_URL/);
    expect(result.output).not.toMatch(/at .*\.ts:\d+/);
  });

  it("when DATABASE_URL does not answer: it names the host, retries, then gives up", async () => {
    const deadPort = await freePort();
    const result = await runScript("scripts/start.ts", {
      ...base(),
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://tariffscope:secret-password@127.0.0.1:${deadPort}/nowhere`,
      DATABASE_CONNECT_ATTEMPTS: "2",
      BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-1234567890",
      TEST_CHECKOUT: "1",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`127.0.0.1:${deadPort} (attempt 1 of 2)`);
    expect(result.output).toContain(
      `Cannot reach the PostgreSQL server at 127.0.0.1:${deadPort} after 2 attempts`,
    );
    expect(result.output).not.toContain("secret-password");
  });
});
