// A saved session as the event stream it came from, so `pau replay` and the panel show a
// saved run exactly as they show a live one.
import { callRequest } from './probe-types.js';
import type { SessionEvent, SessionFile } from './session-types.js';

export function sessionEvents(file: SessionFile): SessionEvent[] {
  const events: SessionEvent[] = [{ type: 'started', target: file.target, settings: file.settings, ...(file.sandbox ? { sandbox: file.sandbox } : {}) }];
  const hypotheses = [...file.hypotheses].sort((a, b) => a.afterProbe - b.afterProbe);
  let h = 0;
  const hypothesesUpTo = (count: number) => {
    for (let next = hypotheses[h]; next && next.afterProbe <= count; next = hypotheses[++h]) events.push({ type: 'hypothesis', ...next });
  };
  hypothesesUpTo(0);
  file.probes.forEach((probe, i) => {
    const { index, origin, note } = probe;
    events.push({ type: 'probe-started', index, request: callRequest(probe), origin, ...(note ? { note } : {}) });
    events.push({ type: 'probe-finished', probe });
    hypothesesUpTo(i + 1);
  });
  hypothesesUpTo(Infinity);
  if (file.usage.requests > 0) events.push({ type: 'llm-usage', usage: file.usage, delta: file.usage });
  if (!file.error) events.push({ type: 'concluded', final: file.final });
  if (file.comparison) events.push({ type: 'comparison', comparison: file.comparison });
  if (file.error) events.push({ type: 'error', error: file.error });
  events.push({ type: 'finished', session: file });
  return events;
}

/** Emits the session's events in order, `intervalMs` apart (0: all at once); stops early on abort. */
export async function replaySession(
  file: SessionFile,
  onEvent: (event: SessionEvent) => void,
  opts: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  for (const event of sessionEvents(file)) {
    if (opts.signal?.aborted) return;
    onEvent(event);
    if (opts.intervalMs) await new Promise((resolve) => setTimeout(resolve, opts.intervalMs));
  }
}
