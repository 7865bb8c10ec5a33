// Two calls are the same call when their argument sources match after removing whitespace;
// the session answers a repeated call from its cache.
import type { CallRequest } from '../probe/types.js';

const squeeze = (s: string) => s.replace(/\s+/g, '');

export function callKey(req: CallRequest): string {
  const kwargs = Object.entries(req.kwargs ?? {})
    .map(([k, v]) => [k, squeeze(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return JSON.stringify([req.args.map(squeeze), kwargs, req.receiver === undefined ? null : squeeze(req.receiver)]);
}
