// Keeps secrets out of the log: the stored API key wherever it appears (error messages from
// servers sometimes echo it), and anything shaped like a bearer token or a provider key.
// No `vscode` import: unit-tested under Node.

const KEY_SHAPES = [
  /\b(sk|pk|rk)-[A-Za-z0-9_-]{12,}/g, // OpenAI-style and similar provider keys
  /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{12,}/gi,
  /\b(api[_-]?key|authorization)(["']?\s*[:=]\s*["']?)[^\s"',;&]{8,}/gi,
];

export const REDACTED = '[redacted]';

export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short strings would blank out ordinary words; a real key is never this short.
    if (secret.length >= 6) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(KEY_SHAPES[0]!, REDACTED);
  out = out.replace(KEY_SHAPES[1]!, (_m, bearer: string) => `${bearer} ${REDACTED}`);
  out = out.replace(KEY_SHAPES[2]!, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`);
  return out;
}
