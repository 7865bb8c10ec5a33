// Argument parsing shared by the subcommands, on top of node:util's parseArgs.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Bad usage or bad input: exit code 2 with a one-line reason. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message.split('\n')[0] : String(err));
  }
}

/** `file.py:Qual.name` → parts; a clear error when the shape is wrong. */
export function parseTargetSpec(spec: string | undefined): { file: string; qualname: string } {
  if (!spec) throw new UsageError('missing target: expected <file.py>:<qualname>');
  const at = spec.lastIndexOf(':');
  if (at <= 0 || at === spec.length - 1) throw new UsageError(`bad target '${spec}': expected <file.py>:<qualname>`);
  const file = spec.slice(0, at);
  const qualname = spec.slice(at + 1);
  if (!/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/.test(qualname)) {
    throw new UsageError(`bad qualname '${qualname}': expected dotted Python identifiers like Class.method`);
  }
  return { file, qualname };
}

/** A positive integer flag value, or a UsageError naming the flag. */
export function intFlag(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} takes a positive whole number, got '${value}'`);
  return n;
}
