import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";

import { afterEach, describe, expect, it, vi } from "vitest";

import { admission } from "./admission.mjs";

/** A response as far as admission sees one: it closes when answered, or when its client goes. */
const response = () => new EventEmitter() as unknown as ServerResponse;
const close = (answered: ServerResponse) => (answered as unknown as EventEmitter).emit("close");

afterEach(() => vi.useRealTimers());

describe("a web process's turns for expensive requests (ADR 224)", () => {
  it("works on at most its limit at once; the next waiting starts as one is answered, in the order they came", () => {
    const turns = admission({ limit: 2 });
    const started: string[] = [];
    const responses = ["a", "b", "c", "d"].map((name) => {
      const answer = response();
      turns.admit(
        answer,
        () => started.push(name),
        () => started.push(`${name} refused`),
      );
      return answer;
    });
    expect(started).toEqual(["a", "b"]);
    expect(turns.counts()).toEqual({ active: 2, waiting: 2 });
    close(responses[1]!);
    expect(started).toEqual(["a", "b", "c"]);
    close(responses[0]!);
    close(responses[2]!);
    expect(started).toEqual(["a", "b", "c", "d"]);
    close(responses[3]!);
    expect(turns.counts()).toEqual({ active: 0, waiting: 0 });
  });

  it("drops a waiting request unstarted when its client goes away", () => {
    const turns = admission({ limit: 1 });
    const started: string[] = [];
    const first = response();
    turns.admit(
      first,
      () => started.push("first"),
      () => {},
    );
    const gone = response();
    turns.admit(
      gone,
      () => started.push("gone"),
      () => {},
    );
    const last = response();
    turns.admit(
      last,
      () => started.push("last"),
      () => {},
    );
    close(gone);
    close(first);
    expect(started).toEqual(["first", "last"]);
  });

  it("refuses a request that waited too long, and does not start it later", () => {
    vi.useFakeTimers();
    const turns = admission({ limit: 1, maxWaitMs: 5_000 });
    const said: string[] = [];
    const first = response();
    turns.admit(
      first,
      () => said.push("first started"),
      () => {},
    );
    turns.admit(
      response(),
      () => said.push("second started"),
      () => said.push("second refused"),
    );
    vi.advanceTimersByTime(4_999);
    expect(said).toEqual(["first started"]);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(["first started", "second refused"]);
    close(first);
    expect(said).toEqual(["first started", "second refused"]);
    expect(turns.counts()).toEqual({ active: 0, waiting: 0 });
  });
});
