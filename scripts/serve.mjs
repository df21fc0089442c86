// The production (and dev) web server: Next.js behind a plain Node HTTP server, so that the client
// address the app sees comes from the socket, not from a header any client can forge (ADR 004).
// Started by scripts/start.ts; plain JavaScript because it runs outside Next's compiler.
// On a real PostgreSQL server it runs one process per core (ADR 012), sharing the port.
import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";

import next from "next";

import { resolveClientAddress, trustedProxyMatcher } from "./lib/client-address.mjs";
import { serveNotingOutages } from "./lib/database-outage.mjs";
import { admission } from "./lib/admission.mjs";
import { answerShed, heapGuard, isExpensive } from "./lib/load-shedding.mjs";
import { webConcurrency } from "./lib/web-concurrency.mjs";

const port = Number(process.env.PORT ?? 3000);
const dev = process.argv.includes("--dev");
const clientAddressHeader = "x-tariffscope-client-ip";
const isTrustedProxy = trustedProxyMatcher(
  (process.env.TRUSTED_PROXIES ?? "").split(",").filter((value) => value.trim()),
);
// The embedded default serves this machine only (its dev mailbox shows sign-in codes); a deployment
// on a real database listens on every interface. HOST overrides either.
const hosts = process.env.HOST
  ? [process.env.HOST]
  : process.env.EMBEDDED_DATABASE === "1"
    ? ["127.0.0.1", "::1"]
    : [undefined];

const workers = webConcurrency({ env: process.env, dev, cpus: availableParallelism() });

if (workers > 1 && cluster.isPrimary) {
  runPrimary(workers);
} else {
  await runServer();
}

/** Forks the web server processes, replaces one that dies while serving, and stops them all on a signal. */
function runPrimary(count) {
  const startedAt = new Map();
  /** The exit code once stopping: 0 on a signal, the failing process's on a failed start. */
  let stopping = null;
  const listening = new Set();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  const stop = (code) => {
    if (stopping !== null) return;
    stopping = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(code), 6_000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
  };

  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    if (listening.size === count) {
      console.log(`▲ Next.js production server on http://localhost:${port} (${count} processes)`);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping !== null) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopping);
      return;
    }
    // One that fails while starting would fail again: stop, so npm start reports it.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 30_000) {
      console.error(`A web server process stopped while starting (exit code ${code ?? signal}).`);
      return stop(code || 1);
    }
    console.error(`A web server process stopped (exit code ${code ?? signal}); starting another.`);
    fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));
  whenStarterGoes(() => stop(0));
  for (let index = 0; index < count; index++) fork();
}

/**
 * Serves the configuration the production build settled, as Next's own standalone server does,
 * so a process does not load next.config.ts: compiling it loads the SWC compiler's native module,
 * 25 MB resident in every web process (ADR 150). Headers, redirects and rewrites are in the
 * build's routes manifest. In development the file is read, as it changes.
 */
async function serveBuiltConfig() {
  const files = await readFile(path.join(process.cwd(), ".next", "required-server-files.json"), "utf8");
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(files).config);
}

async function runServer() {
  if (!dev) await serveBuiltConfig();
  const app = next({ dev, dir: process.cwd(), port, hostname: "localhost" });
  const handle = app.getRequestHandler();
  // Short of heap, the process answers its expensive requests 503 rather than die of them (ADR 186).
  const guard = heapGuard();
  // It works on a few expensive requests at once; the rest wait their turn (ADR 224).
  const turns = admission();
  // Each request is handled in the async context the process started with, never in the one it was
  // called from: a request started when the one before it closed (a turn given on), or on a
  // connection kept alive, would otherwise run inside the previous request's context. Next.js keeps
  // a snapshot of the context in each request's store, so every request would hold the one before
  // it, and a kept-alive connection's whole history stayed in the heap (ADR 229).
  const inCleanContext = AsyncLocalStorage.snapshot();

  // Tells the app it is served through here, so the client address header can be believed.
  globalThis[Symbol.for("tariffscope.server")] = true;
  await app.prepare();
  const onRequest = (request, response) => {
    // Set for every request, replacing anything a client sent under the same name.
    request.headers[clientAddressHeader] = resolveClientAddress(
      request.socket.remoteAddress,
      request.headers["x-forwarded-for"],
      isTrustedProxy,
    );
    // Only Next.js itself may mark a request as an internal subrequest (CVE-2025-29927).
    delete request.headers["x-middleware-subrequest"];
    const url = request.url ?? "/";
    if (guard.sheds(url)) return answerShed(request, response);
    const serve = () => inCleanContext(() => serveNotingOutages(response, () => handle(request, response)));
    if (!isExpensive(url)) return serve();
    turns.admit(response, serve, () => answerShed(request, response));
  };
  const servers = await Promise.all(hosts.map((host) => listen(onRequest, host)));
  // With several processes the primary announces the server once.
  if (cluster.isPrimary) {
    console.log(`▲ Next.js ${dev ? "dev" : "production"} server on http://localhost:${port}`);
  }

  const close = () => {
    Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))).then(() =>
      process.exit(0),
    );
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, close);
  if (cluster.isPrimary) whenStarterGoes(close);
}

/**
 * Calls `stop` when the process that started this server (scripts/start.ts, through an IPC
 * channel) is gone, however it went: a server must not outlive it, holding the port and the
 * database with nobody to stop it. A starter killed outright (SIGKILL) sends no signal on.
 */
function whenStarterGoes(stop) {
  if (process.connected) process.once("disconnect", stop);
}

/** Listens on one address; a loopback address the machine lacks (IPv6 switched off) is skipped. */
function listen(onRequest, host) {
  const server = createServer(onRequest);
  return new Promise((resolve, reject) => {
    server.once("error", (error) => {
      if (host === "::1" && (error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT"))
        resolve(server);
      else reject(error);
    });
    server.listen(port, host, () => resolve(server));
  });
}
