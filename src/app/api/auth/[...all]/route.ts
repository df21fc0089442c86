import { getAuth } from "@/lib/auth";

/** Better Auth's endpoints (sign-in, codes, resets, sessions), created on first request. */
export function GET(request: Request) {
  return getAuth().handler(request);
}

export function POST(request: Request) {
  return getAuth().handler(request);
}
