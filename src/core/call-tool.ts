// The input of the "call a function" tool, declared once as JSON Schema: `npm run gen` writes it
// into package.json's languageModelTools (pau_callFunction, and the target of pau_probeFunction,
// from src/extension/contributions/tools.ts), the language-model tool reads its type from here,
// and the MCP server's call_function builds its zod shape from it (mcp/tool-shapes.ts).
import { QUALNAME } from './python-source.js';

/** The bound on one argument's Python source; a call takes at most MAX_ARGS positional ones. */
export const MAX_SOURCE_LENGTH = 10_000;
export const MAX_ARGS = 50;

const source = { type: 'string', minLength: 1, maxLength: MAX_SOURCE_LENGTH } as const;

/** The function a tool acts on. */
export const TARGET_PROPERTIES = {
  file: {
    type: 'string',
    minLength: 1,
    description: 'Path of the Python file: absolute, or relative to the workspace folder (for `pau mcp`, the folder it runs in)',
  },
  qualname: { type: 'string', pattern: QUALNAME.source, description: 'The function, e.g. clamp or BankAccount.deposit' },
} as const;

/** One call of it. */
export const CALL_PROPERTIES = {
  args: { type: 'array', items: source, maxItems: MAX_ARGS, description: 'Positional arguments, each one Python expression, e.g. "[3, 1, 2]"' },
  kwargs: {
    type: 'object',
    propertyNames: { type: 'string', pattern: '^[A-Za-z_]\\w*$' },
    additionalProperties: source,
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
