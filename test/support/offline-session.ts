// An offline run made to be exported: the real signature shown, coverage on, the default limits,
// Debian's interpreter unless told (its pytest runs the exported module). The export's
// integration tests and the mutation bench start theirs here.
import { DEFAULT_MAX_PROBES, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_MS } from '../../src/core/limits.js';
import type { SessionFile } from '../../src/core/session-types.js';
import { runSession } from '../../src/session/run.js';

export const DEBIAN_PYTHON = '/usr/bin/python3';

export function offlineSession(file: string, qualname: string, options: { python?: string; maxProbes?: number } = {}): Promise<SessionFile> {
  const settings = {
    mode: 'offline' as const,
    maxProbes: options.maxProbes ?? DEFAULT_MAX_PROBES,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    memoryMb: DEFAULT_MEMORY_MB,
    strictness: 'signature' as const,
    coverageFeedback: true,
  };
  return runSession({ target: { file, qualname }, settings, compare: false, python: options.python ?? DEBIAN_PYTHON });
}
