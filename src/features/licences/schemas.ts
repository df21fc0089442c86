import { z } from "zod";

/** product §5: "text, at-sign, text, dot, text"; we use a proper e-mail check, which also refuses CR/LF. */
export const licenceEmailSchema = z
  .object({ email: z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address")) })
  .strict();

export const removeUserSchema = z.object({ userId: z.string().min(1).max(100) }).strict();
export const requestIdSchema = z.object({ requestId: z.uuid() }).strict();
export const acceptInviteSchema = z.object({ token: z.string().min(20).max(200) }).strict();
export const emptySchema = z.object({}).strict();
