import type { IncomingMessage, ServerResponse } from "node:http";
import type { HeapInfo } from "node:v8";

export declare const pressureShare: number;
export declare const retryAfterSeconds: number;
export declare function isExpensive(url: string): boolean;
export declare function heapGuard(options?: {
  share?: number;
  log?: (message: string) => void;
  heap?: () => HeapInfo;
}): { sheds(url: string): boolean; stop(): void };
export declare function answerShed(request: IncomingMessage, response: ServerResponse): void;
