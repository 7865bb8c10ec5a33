// The real parts of a run, wired in one place so run.ts can load them lazily.
import type { SessionServices } from './run.js';

export const services: SessionServices = {
  startWorker: () => Promise.reject(new Error('the probe runtime is not built yet')),
};
