/**
 * The visitor's cookie choice, kept in the `cookieConsent` cookie (product §3) and shared by the banner,
 * the footer's "Cookie settings" button and the analytics loader.
 */
export const consentCookie = "cookieConsent";
export type Consent = "accepted" | "rejected";
export type ConsentState = { consent: Consent | null; editing: boolean };

const oneYearSeconds = 60 * 60 * 24 * 365;
const listeners = new Set<() => void>();
let editing = false;
let snapshot: ConsentState | undefined;

export function parseConsent(cookieHeader: string): Consent | null {
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === consentCookie) {
      const value = decodeURIComponent(rest.join("="));
      return value === "accepted" || value === "rejected" ? value : null;
    }
  }
  return null;
}

function compute(): ConsentState {
  const consent = parseConsent(document.cookie);
  if (!snapshot || snapshot.consent !== consent || snapshot.editing !== editing)
    snapshot = { consent, editing };
  return snapshot;
}

function notify() {
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSnapshot = compute;

/** On the server nothing is known: the banner renders only in the browser. */
export const serverSnapshot: ConsentState = { consent: "rejected", editing: false };
export const getServerSnapshot = () => serverSnapshot;

export function setConsent(consent: Consent): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${consentCookie}=${consent}; Path=/; Max-Age=${oneYearSeconds}; SameSite=Lax${secure}`;
  editing = false;
  notify();
}

export function reopenConsent(): void {
  editing = true;
  notify();
}
