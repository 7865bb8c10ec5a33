// The real parts of a run, wired in one place so run.ts can load them lazily.
import { exploreOffline, heldOutInputs } from '../explorer/index.js';
import { compareWithDocstring } from '../compare/index.js';
import { startWorker } from '../probe/client.js';
import type { SessionServices } from '../core/run-types.js';

export const services: SessionServices = {
  startWorker,
  exploreOffline,
  heldOutInputs,
  compare: compareWithDocstring,
};
