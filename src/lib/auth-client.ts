"use client";

import { emailOTPClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** The browser's Better Auth client: sign-in, codes, resets and sign-out go to /api/auth/* directly. */
export const authClient = createAuthClient({ plugins: [emailOTPClient()] });
