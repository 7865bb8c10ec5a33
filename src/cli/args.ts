// Argument parsing shared by the subcommands, on top of node:util's parseArgs.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { QUALNAME } from '../core/python-source.js';
import type { LlmConfig } from '../core/run-types.js';
import { SANDBOX_MODES, type SandboxMode } from '../core/probe-types.js';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_MS, type LimitRange } from '../core/limits.js';

/** Bad usage or bad input: exit code 2 with a one-line reason. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: joinNegativeValues(argv, options), options, allowPositionals: true, strict: true });
  } catch (err) {
    // Node's texts speak of positionals starting with a dash, of "<value>" and of ambiguity: said here as
    // what the user typed wrong, with where the options are listed.
    const code = (err as { code?: string }).code;
    const text = err instanceof Error ? err.message : String(err);
    const flag = /'(-{1,2}[^' ]+)/.exec(text)?.[1];
    const wrong =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `unknown option '${flag}'`
        : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
          ? `${flag} ${/does not take an argument/.test(text) ? 'takes no value' : 'needs a value'}`
          : undefined;
    if (flag && wrong) throw new UsageError(`${wrong} (--help lists the options)`);
    throw new UsageError(text.split('\n')[0]);
  }
}

/**
 * `--memory-mb -5` as `--memory-mb=-5`: parseArgs takes a value starting with a dash for an
 * option ("argument is ambiguous"), where the user gave a number the flag's check should judge.
 */
function joinNegativeValues(argv: string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const out: string[] = [];
  let joined = false; // the argument is the value joined to the flag before it
  for (const [i, arg] of argv.entries()) {
    if (joined) {
      joined = false;
      continue;
    }
    if (arg === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    const option = arg.startsWith('--') ? options[arg.slice(2)] : undefined;
    joined = option?.type === 'string' && next !== undefined && /^-\d/.test(next);
    out.push(joined ? `${arg}=${next}` : arg);
  }
  return out;
}

/** `file.py:Qual.name` → parts; a clear error when the shape is wrong. */
export function parseTargetSpec(spec: string | undefined): { file: string; qualname: string } {
  if (!spec) throw new UsageError('missing target: expected <file.py>:<qualname>');
  const at = spec.lastIndexOf(':');
  if (at <= 0 || at === spec.length - 1) throw new UsageError(`bad target '${spec}': expected <file.py>:<qualname>`);
  const file = spec.slice(0, at);
  const qualname = spec.slice(at + 1);
  if (!file.endsWith('.py')) throw new UsageError(`not a Python file: ${file} (expected <file.py>:<qualname>)`);
  if (!QUALNAME.test(qualname)) {
    throw new UsageError(`bad qualname '${qualname}': expected dotted Python identifiers like Class.method`);
  }
  return { file, qualname };
}

/** `shown` (a file the user named) resolved, or a UsageError when nothing is there. */
export function existingFile(shown: string): string {
  const file = resolve(shown);
  if (!existsSync(file)) throw new UsageError(`${shown}: no such file`);
  return file;
}

/** A positive integer flag value, within `range` when given (the setting's), or a UsageError naming the flag and the range. */
export function intFlag(name: string, value: string | undefined, fallback: number, range?: LimitRange): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (range && (!Number.isInteger(n) || n < range.min || n > range.max)) {
    throw new UsageError(`--${name} takes a whole number from ${range.min} to ${range.max}, got '${value}'`);
  }
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} takes a positive whole number, got '${value}'`);
  return n;
}

/** A flag as the parser takes it, with what --help says of it (`value`: the name of its value there). */
export interface Flag {
  type: 'string' | 'boolean';
  short?: string;
  value?: string;
  help: string;
}

/** --help's flag lines, one per flag of the table the parser reads: no flag without its line. */
export function flagLines(flags: Readonly<Record<string, Flag>>): string {
  const WIDTH = 28;
  return Object.entries(flags)
    .map(([name, flag]) => {
      const left = `  ${flag.short ? `-${flag.short}, ` : ''}--${name}${flag.value ? ` ${flag.value}` : ''}`;
      return `${left.length + 2 > WIDTH ? `${left}  ` : left.padEnd(WIDTH)}${flag.help}`;
    })
    .join('\n');
}

/** The sandbox's flags, the same for every subcommand that calls the function. */
export const SANDBOX_OPTIONS = {
  'timeout-ms': { type: 'string', value: 'N', help: `wall-clock limit of one call (default ${DEFAULT_TIMEOUT_MS})` },
  'memory-mb': { type: 'string', value: 'N', help: `memory limit of one call (default ${DEFAULT_MEMORY_MB})` },
  python: { type: 'string', value: 'PATH', help: 'Python interpreter (default python3)' },
  sandbox: { type: 'string', value: 'MODE', help: 'auto (default: the OS sandbox when it works here), os (refuse without it), guards' },
} as const satisfies Record<string, Flag>;

/** `--sandbox auto|os|guards` (default auto: the OS layer when it works here). */
export function sandboxFlag(value: string | undefined): SandboxMode {
  if (value === undefined) return 'auto';
  const mode = SANDBOX_MODES.find((m) => m === value);
  if (!mode) throw new UsageError(`--sandbox takes auto, os or guards, got '${value}'`);
  return mode;
}

/** Flags every LLM-using subcommand takes (`pau probe`, `pau bench`). */
export const LLM_OPTIONS = {
  'base-url': { type: 'string', value: 'URL', help: 'OpenAI-compatible endpoint (env PAU_BASE_URL)' },
  model: { type: 'string', value: 'NAME', help: 'model name (env PAU_MODEL)' },
  'judge-model': { type: 'string', value: 'NAME', help: "model of the comparison's judge (default: --model)" },
  'api-key-env': { type: 'string', value: 'VAR', help: 'environment variable holding the API key (default OPENAI_API_KEY)' },
  'text-protocol': { type: 'boolean', help: 'for models without tool calling: one JSON action per reply' },
} as const satisfies Record<string, Flag>;

export interface LlmFlagValues {
  'base-url'?: string;
  model?: string;
  'judge-model'?: string;
  'api-key-env'?: string;
  'text-protocol'?: boolean;
}

/**
 * The endpoint from flags, then PAU_BASE_URL / PAU_MODEL; the key from the variable named by
 * --api-key-env (default OPENAI_API_KEY). Keys never come from flags, so they stay out of
 * shell history and process lists.
 */
export function llmFromFlags(values: LlmFlagValues, env: NodeJS.ProcessEnv = process.env): { llm: LlmConfig; judge?: LlmConfig } | undefined {
  const baseURL = values['base-url'] ?? env.PAU_BASE_URL;
  const model = values.model ?? env.PAU_MODEL;
  const keyVar = values['api-key-env'] ?? 'OPENAI_API_KEY';
  if (!baseURL && !model) return undefined;
  if (!baseURL) throw new UsageError('no endpoint: pass --base-url URL or set PAU_BASE_URL (or use --offline)');
  if (!model) throw new UsageError('no model: pass --model NAME or set PAU_MODEL (or use --offline)');
  const apiKey = env[keyVar] ?? '';
  const authHint = `set ${keyVar}${values['api-key-env'] ? '' : ' (or name another variable with --api-key-env)'}`;
  const llm = { baseURL, model, apiKey, authHint, ...(values['text-protocol'] ? { textProtocol: true } : {}) };
  const judge = values['judge-model'] ? { ...llm, model: values['judge-model'] } : undefined;
  return { llm, judge };
}

/** How an on/off flag (`--coverage-feedback`) spells a boolean. */
export function onOff(value: boolean): 'on' | 'off' {
  return value ? 'on' : 'off';
}
