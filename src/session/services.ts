// The real parts of a run, wired in one place so run.ts can load them lazily.
import { exploreOffline, heldOutInputs } from '../agent/offline/index.js';
import { compareWithDocstring } from '../compare/index.js';
import { startWorker } from '../probe/client.js';
import type { SessionServices } from './run.js';

export const services: SessionServices = {
  startWorker,
  exploreOffline,
  heldOutInputs,
  compare: compareWithDocstring,
};
