import type { ServerResponse } from "node:http";

export declare const requestsAtOnce: number;
export declare const longestWaitMs: number;
export declare function admission(options?: { limit?: number; maxWaitMs?: number }): {
  admit(response: ServerResponse, start: () => void, refuse: () => void): void;
  counts(): { active: number; waiting: number };
};
