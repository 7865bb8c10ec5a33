// Makes one call of FILE:QUALNAME with ARGS (Python sources) through a real worker and the
// session recorder, and prints as JSON the call's result where each reader gets it: the
// probe-finished event, the session file (saved and loaded again), and the panel's model fed
// the live events and then the loaded file. new-result-field.test.ts runs it in a copy of the
// source tree whose ProbeResult has a field more.
//
//   node --import tsx one-call-to-panel.ts FILE QUALNAME [ARGS...]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker } from '../../../src/probe/client.js';
import { SessionRecorder } from '../../../src/session/recorder.js';
import { loadSession, saveSession } from '../../../src/session/file.js';
import type { SessionEvent } from '../../../src/core/session-types.js';
import { apply, createModel, type Section } from '../../../webview/model.js';

const [file, qualname, ...args] = process.argv.slice(2);
if (!file || !qualname) throw new Error('usage: one-call-to-panel.ts FILE QUALNAME [ARGS...]');

const worker = await startWorker({ target: { file, qualname } });
const folder = mkdtempSync(join(tmpdir(), 'pau-one-call-'));
try {
  const events: SessionEvent[] = [];
  const settings = { mode: 'llm', maxProbes: 1, timeoutMs: 5000, memoryMb: 1024, strictness: 'anonymized', coverageFeedback: true } as const;
  const recorder = new SessionRecorder({ file, qualname }, settings, (event) => events.push(event));
  recorder.started();
  await recorder.probeFn(worker, 'llm')({ args });
  const finished = events.find((e) => e.type === 'probe-finished');
  if (finished?.type !== 'probe-finished') throw new Error('no probe-finished event');

  const path = join(folder, 'session.json');
  await saveSession(path, recorder.file);
  const loaded = await loadSession(path);

  const dirty = new Set<Section>();
  // The panel gets the events through postMessage: a copy, as JSON would make it.
  const live = createModel();
  apply(live, { type: 'events', events: JSON.parse(JSON.stringify(events)) as SessionEvent[] }, dirty);
  const replayed = createModel();
  apply(replayed, { type: 'load-session', session: loaded }, dirty);

  console.log(
    JSON.stringify({
      event: finished.probe.result,
      sessionFile: loaded.probes[0]?.result,
      panelLive: live.probes[0]?.result,
      panelReplayed: replayed.probes[0]?.result,
    }),
  );
} finally {
  await worker.stop();
  rmSync(folder, { recursive: true, force: true });
}
