// The one way a `pau` command ends on Ctrl-C (SIGINT) or SIGTERM. A signal's default ends node
// at once, without its exit hooks, and left the workers' and warm parents' folders in the
// temporary folder. Here the first signal asks the command to stop (it aborts its run and lets
// the workers and warm parents end and remove their folders); a second one ends node through
// process.exit, whose exit hooks (probe/client.ts, probe/warm.ts) kill them and remove the folders.
import { constants } from 'node:os';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export interface StopSignals {
  /** 128 + the signal's number (130 Ctrl-C, 143 SIGTERM), as shells report it; undefined before one came. */
  readonly code: number | undefined;
  /** Stops listening: the signals' defaults apply again. */
  dispose(): void;
}

/** Listens for SIGINT and SIGTERM until disposed; `stop` gets the exit code of the first. */
export function onStopSignals(stop: (code: number) => void): StopSignals {
  let code: number | undefined;
  const handlers = SIGNALS.map((signal) => {
    const handler = () => {
      if (code !== undefined) process.exit(code); // a second signal: the user means it
      code = 128 + constants.signals[signal];
      stop(code);
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return {
    get code() {
      return code;
    },
    dispose: () => handlers.forEach((off) => off()),
  };
}
