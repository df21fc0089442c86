/**
 * Redirect targets taken from a URL or form are trusted only as paths on our own site
 * (docs/security.md R14, abuse case 7). Anything else — another host, a scheme, a protocol-relative
 * or backslash trick, control characters, or the same hidden behind percent-encoding — gives the fallback.
 */
const probeOrigin = "https://tariffscope.invalid";

function decodeRepeatedly(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) return current;
      current = next;
    } catch {
      return current;
    }
  }
  return current;
}

const controlCharacters = /[\u0000-\u001f\u007f]/;

export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  const decoded = decodeRepeatedly(value);
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return fallback;
    if (controlCharacters.test(candidate)) return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a protocol-relative result: "/.//evil.example" becomes "//evil.example".
  return path.startsWith("//") ? fallback : path;
}
