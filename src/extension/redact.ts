// Keeps secrets out of the log: the stored API key wherever it appears (error messages from
// servers sometimes echo it), and anything shaped like a bearer token or a provider key.
// No `vscode` import: unit-tested under Node.

/** OpenAI-style and similar provider keys. */
const PROVIDER_KEY = /\b(sk|pk|rk)-[A-Za-z0-9_-]{12,}/g;
const BEARER_TOKEN = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{12,}/gi;
/** `api_key=…`, `"authorization": "…"`: the name and separator are kept. */
const NAMED_SECRET = /\b(api[_-]?key|authorization)(["']?\s*[:=]\s*["']?)[^\s"',;&]{8,}/gi;

export const REDACTED = '[redacted]';

export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short strings would blank out ordinary words; a real key is never this short.
    if (secret.length >= 6) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(PROVIDER_KEY, REDACTED);
  out = out.replace(BEARER_TOKEN, (_m, bearer: string) => `${bearer} ${REDACTED}`);
  out = out.replace(NAMED_SECRET, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`);
  return out;
}
