import { describe, expect, it } from "vitest";

import { AppError } from "@/lib/errors";

import { sendEmail } from "./send";
import type { EmailMessage } from "./types";

const message: EmailMessage = {
  template: "test",
  to: "someone@example.com",
  subject: "Hello",
  html: "<p>Hello</p>",
  text: "Hello",
};

// Refused before anything else happens, so these need no database and no SMTP server.
describe("sendEmail refuses header injection and more than one recipient", () => {
  it.each([
    ["a CR/LF in the recipient", { to: "someone@example.com\r\nBcc: victim@example.com" }, "to"],
    ["a LF in the recipient", { to: "someone@example.com\nBcc: victim@example.com" }, "to"],
    ["a CR/LF in the subject", { subject: "Hi\r\nBcc: victim@example.com" }, "subject"],
    ["a bare CR in the subject", { subject: "Hi\rBcc: victim@example.com" }, "subject"],
    ["a LF in the recipient's name", { toName: "Pat\nBcc: victim@example.com" }, "toName"],
    ["two recipients", { to: "a@example.com, b@example.com" }, "to"],
    ["a name and address in the recipient", { to: "Pat <a@example.com>" }, "to"],
    ["no recipient", { to: "" }, "to"],
  ])("refuses %s", async (_label, change, field) => {
    for (const essential of [true, false]) {
      const error = await sendEmail({ ...message, ...change }, { essential }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("validation");
      expect((error as AppError).fieldErrors).toHaveProperty(field);
    }
  });
});
