import { config } from "zod/v4/core";

// Zod compiles object schemas with `new Function` where it may, and finds out by trying: under our
// Content-Security-Policy that try is refused and reported as a violation, though Zod catches it. In
// the browser it need not try (ADR 030).
config({ jitless: true });
