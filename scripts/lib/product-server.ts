import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type RunningProduct = {
  base: string;
  /** The process `npm start` runs (scripts/start.ts), which starts the web server. */
  starterPid: number;
  /** What the server printed so far, when started with `output: "collect"`. */
  output: () => string;
  stop: () => Promise<void>;
  /**
   * `kill -9` of the whole server (npm start, the web server and its workers) at once, as a crash or
   * an out-of-memory kill would; only for a server started with `killable`.
   */
  kill9: () => Promise<void>;
};

/**
 * Starts the product as `npm start` does (migrations, seeding and a build when stale) on the
 * database at `databaseUrl`, as a staging server would run, and waits until it answers its health
 * check (up to 15 minutes: a first build or a large sample takes a while). `env` adds to or
 * overrides the settings. Used by the benchmarks and by the tests that run whole instances.
 */
export async function startProduct(options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
  /** Pass the server's output through (benchmarks), or keep it for messages (tests). */
  output?: "inherit" | "collect";
  /** Starts it in a process group of its own, so that `kill9()` reaches every process of it. */
  killable?: boolean;
}): Promise<RunningProduct> {
  const base = `http://localhost:${options.port}`;
  const dataDir = fs.mkdtempSync(path.join(process.cwd(), ".data-product-"));
  const collect = options.output === "collect";
  // Node itself runs the starter, with tsx's loader, not through tsx's command: that relays a signal
  // and, when the busy starter does not acknowledge it within 30 ms, kills it outright, leaving its
  // web server running.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    detached: options.killable ?? false,
    stdio: ["ignore", collect ? "pipe" : "inherit", collect ? "pipe" : "inherit"],
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      APP_URL: base,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
      TEST_CHECKOUT: "1",
      LOG_LEVEL: "warn",
      // Benchmarks and tests reach loopback addresses only: the publishers' pages are not polled.
      POLL: "0",
      ...options.env,
    },
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk));
  const stop = async () => {
    // A server that already stopped (bad settings, say, or killed) sends no further exit event.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      await exited;
    }
    // A process group of its own gets no Ctrl-C from a terminal, and a web server left behind by a
    // start that ended first would hold the port: end whatever of the group is still running.
    if (options.killable) signalGroup("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const kill9 = async () => {
    if (!options.killable) throw new Error("kill9() needs a server started with `killable: true`.");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    signalGroup("SIGKILL");
    if (child.exitCode === null && child.signalCode === null) await exited;
    // The workers die with the group; the port is free once none of them holds it.
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        await fetch(`${base}/api/health`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      } catch {
        break;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const running = { base, starterPid: child.pid!, output: () => printed, stop, kill9 };

  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited (code ${child.exitCode}).${collect ? `\n${printed}` : ""}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return running;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop();
  throw new Error(`The server did not become healthy within 15 minutes.${collect ? `\n${printed}` : ""}`);
}
