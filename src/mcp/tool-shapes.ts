// What each MCP tool returns as `structuredContent` (its `outputSchema`) and its annotations.
// The shapes name the fields a client can rely on and let the rest through: the full types are
// src/core/probe-types.ts and src/core/session-types.ts, documented in docs/session-format.md.
// The SDK checks every result against these on both sides, so a drift fails the MCP tests.
import { z } from 'zod';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { CALL_FUNCTION_INPUT } from '../core/call-tool.js';

// call_function's input as zod, field by field from the one declaration (core/call-tool.ts) that
// package.json's pau_callFunction is written from; zod adds only the messages and `args`' default.
// A unit test reads the shape back as JSON Schema and compares it with the declaration.
const declared = CALL_FUNCTION_INPUT.properties;
const sourceField = (spec: { minLength: number; maxLength: number }) => z.string().min(spec.minLength).max(spec.maxLength);

/**
 * A record of at most `most` entries (zod has no maxProperties of its own; `meta` puts it in the
 * JSON Schema). The entries are counted before any is checked: checked first, 100,000 of them
 * kept the server busy for seconds before the count refused them (red-team round 8).
 */
export function boundedRecord<V extends z.ZodType>(keys: z.ZodString, values: V, most: number, what: string) {
  return z
    .preprocess(
      (value, ctx) => {
        if (value === null || typeof value !== 'object' || Object.keys(value).length <= most) return value;
        ctx.issues.push({ code: 'custom', message: `at most ${most} ${what}`, input: value });
        return z.NEVER;
      },
      z.record(keys, values),
    )
    .meta({ maxProperties: most });
}

export const TARGET_INPUT = {
  file: z.string().min(declared.file.minLength).max(declared.file.maxLength).describe(declared.file.description),
  qualname: z
    .string()
    .max(declared.qualname.maxLength)
    .regex(new RegExp(declared.qualname.pattern), 'a dotted Python name such as clamp or BankAccount.deposit')
    .describe(declared.qualname.description),
};

export const CALL_INPUT = {
  args: z.array(sourceField(declared.args.items)).max(declared.args.maxItems).default([]).describe(declared.args.description),
  kwargs: boundedRecord(
    z.string().max(declared.kwargs.propertyNames.maxLength).regex(new RegExp(declared.kwargs.propertyNames.pattern), 'a Python identifier'),
    sourceField(declared.kwargs.additionalProperties),
    declared.kwargs.maxProperties,
    'keyword arguments',
  )
    .optional()
    .describe(declared.kwargs.description),
  receiver: sourceField(declared.receiver).optional().describe(declared.receiver.description),
};

const probeResult = z.looseObject({
  status: z.enum(['returned', 'raised', 'rejected', 'timeout', 'crashed']).describe('How the call ended'),
  value: z.looseObject({ type: z.string(), repr: z.string() }).optional().describe('The returned value'),
  exception: z.looseObject({ type: z.string(), message: z.string() }).optional().describe('The exception raised or the rejection'),
  mutations: z.array(z.looseObject({ arg: z.string(), repr: z.string() })).describe('Arguments changed in place'),
  stdout: z.string(),
  stderr: z.string(),
  durationMs: z.number(),
});

const limits = z.looseObject({ timeoutMs: z.number(), memoryMb: z.number() }).describe('The limits the call ran under');

export const CALL_FUNCTION_OUTPUT = { result: probeResult, limits };

const description = z
  .looseObject({ summary: z.string(), details: z.string(), parameters: z.record(z.string(), z.string()), returns: z.string(), raises: z.string() })
  .describe('The inferred description');

export const PROBE_FUNCTION_OUTPUT = {
  concluded: z.boolean().describe('Whether the run reached a conclusion (false: stopped, budget spent or failed)'),
  description: description.nullable(),
  probes: z.array(z.looseObject({ index: z.number(), args: z.array(z.string()), outcome: z.string() })).describe('Every call made, in order'),
  properties: z.array(z.string()).optional().describe('Properties the offline explorer verified'),
  comparison: z.looseObject({}).optional().describe('The comparison with the docstring, when asked for'),
  usage: z.looseObject({ requests: z.number(), promptTokens: z.number(), completionTokens: z.number() }),
  error: z.looseObject({ kind: z.string(), message: z.string() }).optional().describe('Why the run ended early'),
};

export const COMPARE_DOCSTRING_OUTPUT = {
  comparison: z.looseObject({}).describe('Doctest results, word overlap and, with an endpoint, the behavioural comparison and judge'),
};

// User code runs, but in the sandbox: nothing outside a call's scratch folder is written, so no
// tool changes the client's environment. Calls are not idempotent (the code may be random), and
// only an LLM run reaches out (to the endpoint `pau mcp` was started with).
const sandboxed = { readOnlyHint: true, destructiveHint: false, idempotentHint: false } as const;
export const CALL_FUNCTION_ANNOTATIONS: ToolAnnotations = { ...sandboxed, openWorldHint: false };
export const PROBE_FUNCTION_ANNOTATIONS: ToolAnnotations = { ...sandboxed, openWorldHint: true };
export const COMPARE_DOCSTRING_ANNOTATIONS: ToolAnnotations = { ...sandboxed, openWorldHint: true };
