// Two calls are the same call when their argument sources match after removing whitespace
// outside string literals (`f(' a ')` and `f('a')` are different calls); the session answers
// a repeated call from its cache.
import type { CallRequest } from './probe-types.js';

/** Argument source without the whitespace outside its string literals. */
export function squeezeSource(s: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quote) {
      out += ch;
      if (ch === '\\' && i + 1 < s.length) out += s[++i];
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (!/\s/.test(ch)) {
      out += ch;
    }
  }
  return out;
}

export function callKey(req: CallRequest): string {
  const kwargs = Object.entries(req.kwargs ?? {})
    .map(([k, v]) => [k, squeezeSource(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return JSON.stringify([req.args.map(squeezeSource), kwargs, req.receiver === undefined ? null : squeezeSource(req.receiver)]);
}
