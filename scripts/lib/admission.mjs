// A web process works on a bounded number of expensive requests at once (ADR 224); the others
// wait their turn in the order they came. Under more traffic than the machine serves, an unbounded
// process starts every request at once: each holds its render in memory while the CPU is shared
// ever more thinly, requests whose clients have given up are still rendered, and the heap fills
// (1,106 page renders were found held in one process under bench:load). Plain JavaScript:
// scripts/serve.mjs runs outside Next's compiler.

/** Expensive requests a process works on at once: enough to keep two cores and the database busy. */
export const requestsAtOnce = 8;

/** The longest a request waits for its turn before it is answered 503 with a Retry-After. */
export const longestWaitMs = 5_000;

/**
 * `admit(response, start, refuse)` starts a request now if fewer than `limit` are being worked on,
 * else queues it: it starts when one ends, is dropped unstarted if its client goes away while it
 * waits, and is refused (`refuse()`) after `maxWaitMs`. A request counts until its response closes.
 * @param {{ limit?: number, maxWaitMs?: number }} [options]
 */
export function admission(options = {}) {
  const limit = options.limit ?? requestsAtOnce;
  const maxWaitMs = options.maxWaitMs ?? longestWaitMs;
  let active = 0;
  /** @type {Set<{ start: () => void, response: import("node:http").ServerResponse, timer: NodeJS.Timeout }>} */
  const waiting = new Set();

  /** @param {import("node:http").ServerResponse} response @param {() => void} start */
  function run(response, start) {
    active += 1;
    response.once("close", () => {
      active -= 1;
      const [next] = waiting;
      if (next) {
        waiting.delete(next);
        clearTimeout(next.timer);
        run(next.response, next.start);
      }
    });
    start();
  }

  return {
    /**
     * @param {import("node:http").ServerResponse} response
     * @param {() => void} start
     * @param {() => void} refuse
     */
    admit(response, start, refuse) {
      if (active < limit && waiting.size === 0) return run(response, start);
      const entry = {
        start,
        response,
        timer: setTimeout(() => {
          waiting.delete(entry);
          refuse();
        }, maxWaitMs),
      };
      waiting.add(entry);
      // A client that gives up while it waits costs nothing more.
      response.once("close", () => {
        if (waiting.delete(entry)) clearTimeout(entry.timer);
      });
    },
    /** Requests being worked on, and waiting. */
    counts: () => ({ active, waiting: waiting.size }),
  };
}
