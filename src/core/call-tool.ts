// The input of the "call a function" tool, declared once as JSON Schema: `npm run gen` writes it
// into package.json's languageModelTools (pau_callFunction, and the target of pau_probeFunction,
// from src/extension/contributions/tools.ts), the language-model tool reads its type from here,
// and the MCP server's call_function builds its zod shape from it (mcp/tool-shapes.ts).
import { QUALNAME } from './python-source.js';

/** The bound on one argument's Python source; a call takes at most MAX_ARGS positional ones and MAX_KWARGS keyword ones. */
export const MAX_SOURCE_LENGTH = 10_000;
export const MAX_ARGS = 50;
export const MAX_KWARGS = 50;
/**
 * Bounds on the names a tool is given. An agent chooses them: a megabyte of file name came back
 * as a megabyte of "file not found", and a megabyte of qualname kept a worker ranking look-alike
 * names for 30 s before it said the import did not finish (red-team round 8).
 */
export const MAX_PATH_LENGTH = 4096;
export const MAX_NAME_LENGTH = 1000;

const source = { type: 'string', minLength: 1, maxLength: MAX_SOURCE_LENGTH } as const;

/** The function a tool acts on. */
export const TARGET_PROPERTIES = {
  file: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_PATH_LENGTH,
    description: 'Path of the Python file: absolute, or relative to the workspace folder (for `pau mcp`, the folder it runs in)',
  },
  qualname: { type: 'string', maxLength: MAX_NAME_LENGTH, pattern: QUALNAME.source, description: 'The function, e.g. clamp or BankAccount.deposit' },
} as const;

/** One call of it. */
export const CALL_PROPERTIES = {
  args: { type: 'array', items: source, maxItems: MAX_ARGS, description: 'Positional arguments, each one Python expression, e.g. "[3, 1, 2]"' },
  kwargs: {
    type: 'object',
    propertyNames: { type: 'string', maxLength: MAX_NAME_LENGTH, pattern: '^[A-Za-z_]\\w*$' },
    additionalProperties: source,
    maxProperties: MAX_KWARGS,
    description: 'Keyword arguments: name to Python expression',
  },
  receiver: { ...source, description: 'For an instance method: the object to call it on, e.g. "BankAccount(100)"' },
} as const;

export const CALL_FUNCTION_INPUT = {
  type: 'object',
  properties: { ...TARGET_PROPERTIES, ...CALL_PROPERTIES },
  required: ['file', 'qualname'],
} as const;

/** What CALL_FUNCTION_INPUT accepts. */
export interface CallFunctionInput {
  file: string;
  qualname: string;
  args?: string[];
  kwargs?: Record<string, string>;
  receiver?: string;
}

/**
 * What in a tool's input is over the bounds declared above, or undefined. For callers whose
 * input no schema checked (VS Code hands a language-model tool whatever the agent sent); the
 * message names the field and the bound, never repeats the value.
 */
export function overBounds(input: { file?: unknown; qualname?: unknown; args?: unknown; kwargs?: unknown; receiver?: unknown }): string | undefined {
  const longer = (value: unknown, most: number) => typeof value === 'string' && value.length > most;
  if (longer(input.file, MAX_PATH_LENGTH)) return `file is longer than ${MAX_PATH_LENGTH} characters`;
  if (longer(input.qualname, MAX_NAME_LENGTH)) return `qualname is longer than ${MAX_NAME_LENGTH} characters`;
  const args = Array.isArray(input.args) ? (input.args as unknown[]) : [];
  if (args.length > MAX_ARGS) return `at most ${MAX_ARGS} positional arguments, got ${args.length}`;
  const kwargs = input.kwargs !== null && typeof input.kwargs === 'object' ? Object.entries(input.kwargs) : [];
  if (kwargs.length > MAX_KWARGS) return `at most ${MAX_KWARGS} keyword arguments, got ${kwargs.length}`;
  const named = kwargs.find(([name]) => name.length > MAX_NAME_LENGTH);
  if (named) return `a keyword argument's name is longer than ${MAX_NAME_LENGTH} characters`;
  const sources: [string, unknown][] = [
    ...args.map((a, i): [string, unknown] => [`args[${i}]`, a]),
    ...kwargs.map(([k, v]): [string, unknown] => [`kwargs.${k}`, v]),
    ['receiver', input.receiver],
  ];
  const long = sources.find(([, source]) => longer(source, MAX_SOURCE_LENGTH));
  return long ? `${long[0]} is longer than ${MAX_SOURCE_LENGTH} characters` : undefined;
}
