// Watching what code under test asks of a Node built-in module (a process started, a file
// read): the module's export is wrapped, and ES-module importers see the wrapper too
// (syncBuiltinESMExports), until the returned function puts the original back.
import { syncBuiltinESMExports } from 'node:module';

/** Calls `seen` with the arguments of every call of `module[name]`, which still runs; returns the undo. */
export function spyOnBuiltin<M extends object, K extends keyof M>(module: M, name: K, seen: (...args: unknown[]) => void): () => void {
  const real = module[name] as unknown as (...args: unknown[]) => unknown;
  module[name] = ((...args: unknown[]) => {
    seen(...args);
    return real(...args);
  }) as unknown as M[K];
  syncBuiltinESMExports();
  return () => {
    module[name] = real as unknown as M[K];
    syncBuiltinESMExports();
  };
}
