// The production (and dev) web server: Next.js behind a plain Node HTTP server, so that the client
// address the app sees comes from the socket, not from a header any client can forge (ADR 004).
// Started by scripts/start.ts; plain JavaScript because it runs outside Next's compiler.
// On a real PostgreSQL server it runs one process per core (ADR 012), sharing the port.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { availableParallelism } from "node:os";

import next from "next";

import { clientAddressChain } from "./lib/client-address.mjs";
import { webConcurrency } from "./lib/web-concurrency.mjs";

const port = Number(process.env.PORT ?? 3000);
const dev = process.argv.includes("--dev");
const clientAddressHeader = "x-tariffscope-client-ip";
const trustedProxies = (process.env.TRUSTED_PROXIES ?? "").split(",").filter((value) => value.trim());

const workers = webConcurrency({ env: process.env, dev, cpus: availableParallelism() });

if (workers > 1 && cluster.isPrimary) {
  runPrimary(workers);
} else {
  await runServer();
}

/** Forks the web server processes, replaces one that dies while serving, and stops them all on a signal. */
function runPrimary(count) {
  const startedAt = new Map();
  let stopping = false;
  let listening = 0;
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  const stop = (code) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(code), 6_000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
  };

  cluster.on("listening", () => {
    if (++listening === count) {
      console.log(`▲ Next.js production server on http://localhost:${port} (${count} processes)`);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
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
  for (let index = 0; index < count; index++) fork();
}

async function runServer() {
  const app = next({ dev, dir: process.cwd(), port, hostname: "localhost" });
  const handle = app.getRequestHandler();

  await app.prepare();
  const server = createServer((request, response) => {
    request.headers[clientAddressHeader] = clientAddressChain(
      request.socket.remoteAddress,
      request.headers["x-forwarded-for"],
      trustedProxies,
    );
    // Only Next.js itself may mark a request as an internal subrequest (CVE-2025-29927).
    delete request.headers["x-middleware-subrequest"];
    handle(request, response);
  });
  server.listen(port, () => {
    // With several processes the primary announces the server once.
    if (cluster.isPrimary) {
      console.log(`▲ Next.js ${dev ? "dev" : "production"} server on http://localhost:${port}`);
    }
  });

  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 5_000).unref();
    });
  }
}
