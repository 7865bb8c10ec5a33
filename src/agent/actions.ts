// The agent's two actions, as OpenAI tool schemas and as the text protocol's JSON objects, and
// the validation that turns what the model sent into typed actions (or a message saying what
// shape was expected). Model output is parsed with JSON.parse only, never evaluated.
import type OpenAI from 'openai';
import type { Description } from '../core/session-types.js';

interface CallSpec {
  args: string[];
  kwargs?: Record<string, string>;
  receiver?: string;
  note?: string;
}

export type Action = { kind: 'call'; calls: CallSpec[]; hypothesis?: string } | { kind: 'submit'; description: Description; hypothesis?: string };

export type Parsed = Action | { kind: 'invalid'; message: string };

export const CALL_SHAPE =
  '{"args": ["<python source>", …], "kwargs": {"<name>": "<python source>"}, "receiver": "<python source>", "note": "<why this input>", "hypothesis": "<what you now believe f does>"} ' +
  '(only "args" is required; several calls at once: {"calls": [{"args": [...]}, …], "hypothesis": "…"})';

export const SUBMIT_SHAPE =
  '{"summary": "<one sentence>", "details": "<behaviour, edge cases>", "parameters": {"<name>": "<meaning>"}, "returns": "<what and type>", ' +
  '"raises": "<exceptions and when>", "examples": [{"call": "f(1)", "result": "2"}], "confidence": 0.0-1.0} (summary and confidence are required)';

const callProperties = {
  args: { type: 'array', items: { type: 'string' }, description: 'Positional arguments, each the Python source of one value, e.g. "3", "\'abc\'", "[1, 2]".' },
  kwargs: { type: 'object', additionalProperties: { type: 'string' }, description: 'Keyword arguments: parameter name → Python source.' },
  receiver: { type: 'string', description: 'Instance methods only: Python source that builds the instance, e.g. "Stack([1, 2])".' },
  note: { type: 'string', description: 'Why you chose this input.' },
} as const;

export const TOOLS: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'call_function',
      description:
        'Call the function with arguments you choose (Python source in the allowed grammar) and see what happens. ' +
        'Pass "calls" to make several calls at once. State your current belief in "hypothesis" whenever it changes.',
      parameters: {
        type: 'object',
        properties: {
          ...callProperties,
          calls: {
            type: 'array',
            items: { type: 'object', properties: callProperties, required: ['args'] },
            description: 'Several calls in one go (instead of args/kwargs/receiver).',
          },
          hypothesis: { type: 'string', description: 'What you currently believe the function does, in one or two sentences.' },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'submit_description',
      description: 'Finish: describe what the function does. Accepted only after you stated a hypothesis and tried inputs chosen to break it.',
      parameters: {
        type: 'object',
        properties: {
          summary: { type: 'string' },
          details: { type: 'string' },
          parameters: { type: 'object', additionalProperties: { type: 'string' } },
          returns: { type: 'string' },
          raises: { type: 'string' },
          examples: {
            type: 'array',
            items: { type: 'object', properties: { call: { type: 'string' }, result: { type: 'string' } }, required: ['call', 'result'] },
          },
          confidence: { type: 'number', minimum: 0, maximum: 1 },
        },
        required: ['summary', 'confidence'],
      },
    },
  },
];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON value the model sent where Python source was expected, as that source (`true` → `True`). */
function jsonToPython(v: unknown): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(jsonToPython).join(', ')}]`;
  if (isObject(v))
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${jsonToPython(x)}`)
      .join(', ')}}`;
  // What is left is no JSON value: a bigint as its digits, anything else as None.
  return typeof v === 'bigint' ? v.toString() : 'None';
}

/** An argument: a string is Python source as is; any other JSON value is converted to its literal. */
const asSource = (v: unknown): string => (typeof v === 'string' ? v : jsonToPython(v));

const optionalText = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function parseCall(raw: unknown, where: string): CallSpec | string {
  if (!isObject(raw)) return `${where} must be an object like ${CALL_SHAPE}`;
  const { args, kwargs, receiver, note } = raw;
  if (args !== undefined && !Array.isArray(args)) return `${where}: "args" must be a list of Python source strings, e.g. ["1", "'a'"]`;
  if (kwargs !== undefined && kwargs !== null && !isObject(kwargs)) return `${where}: "kwargs" must be an object of name → Python source`;
  if (receiver !== undefined && receiver !== null && typeof receiver !== 'string') return `${where}: "receiver" must be a Python source string`;
  const spec: CallSpec = { args: (args ?? []).map(asSource) };
  if (isObject(kwargs) && Object.keys(kwargs).length > 0) {
    spec.kwargs = Object.fromEntries(Object.entries(kwargs).map(([k, v]) => [k, asSource(v)]));
  }
  if (typeof receiver === 'string') spec.receiver = receiver;
  const n = optionalText(note);
  if (n) spec.note = n;
  return spec;
}

function parseCallAction(raw: Record<string, unknown>): Parsed {
  const hypothesis = optionalText(raw.hypothesis);
  const rawCalls = raw.calls !== undefined ? raw.calls : [raw];
  if (!Array.isArray(rawCalls) || rawCalls.length === 0)
    return { kind: 'invalid', message: `"calls" must be a non-empty list of calls; expected ${CALL_SHAPE}` };
  if (raw.calls === undefined && raw.args === undefined && raw.kwargs === undefined && raw.receiver === undefined) {
    return { kind: 'invalid', message: `call_function needs "args" (and optionally "kwargs", "receiver"); expected ${CALL_SHAPE}` };
  }
  const calls: CallSpec[] = [];
  for (const [i, c] of rawCalls.entries()) {
    const parsed = parseCall(c, raw.calls !== undefined ? `calls[${i}]` : 'call_function');
    if (typeof parsed === 'string') return { kind: 'invalid', message: parsed };
    calls.push(parsed);
  }
  return hypothesis ? { kind: 'call', calls, hypothesis } : { kind: 'call', calls };
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : JSON.stringify(v));

function parseExamples(v: unknown): Description['examples'] {
  if (!Array.isArray(v)) return [];
  const out: Description['examples'] = [];
  for (const e of v) {
    if (isObject(e) && typeof e.call === 'string') out.push({ call: e.call.trim(), result: text(e.result) });
    else if (typeof e === 'string') {
      const m = /^(.*?)\s*(?:→|->|==|=>)\s*(.*)$/s.exec(e.replace(/^>>>\s*/, ''));
      const [, call, result] = m ?? [];
      if (call !== undefined && result !== undefined) out.push({ call: call.trim(), result: result.trim() });
    }
  }
  return out;
}

function parseSubmitAction(raw: Record<string, unknown>): Parsed {
  const summary = text(raw.summary);
  if (!summary) return { kind: 'invalid', message: `submit_description needs a non-empty "summary"; expected ${SUBMIT_SHAPE}` };
  let confidence = typeof raw.confidence === 'string' ? Number(raw.confidence) : raw.confidence;
  if (typeof confidence === 'number' && confidence > 1 && confidence <= 100) confidence /= 100;
  if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 1) {
    return { kind: 'invalid', message: `submit_description needs "confidence", a number from 0 to 1; expected ${SUBMIT_SHAPE}` };
  }
  const parameters: Record<string, string> = {};
  if (isObject(raw.parameters)) for (const [k, v] of Object.entries(raw.parameters)) parameters[k] = text(v);
  const description: Description = {
    summary,
    details: text(raw.details),
    parameters,
    returns: text(raw.returns),
    raises: text(raw.raises),
    examples: parseExamples(raw.examples),
    confidence,
  };
  const hypothesis = optionalText(raw.hypothesis);
  return hypothesis ? { kind: 'submit', description, hypothesis } : { kind: 'submit', description };
}

/** A tool call: name + the JSON text of its arguments. */
export function parseToolCall(name: string, argumentsJson: string): Parsed {
  let raw: unknown;
  try {
    raw = argumentsJson.trim() ? JSON.parse(argumentsJson) : {};
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      kind: 'invalid',
      message: `the arguments of ${name} are not valid JSON (${why}); send one JSON object, e.g. ${name === 'submit_description' ? SUBMIT_SHAPE : CALL_SHAPE}`,
    };
  }
  if (!isObject(raw)) return { kind: 'invalid', message: `the arguments of ${name} must be a JSON object` };
  if (name === 'call_function') return parseCallAction(raw);
  if (name === 'submit_description') return parseSubmitAction(raw);
  return { kind: 'invalid', message: `unknown tool '${name}': the tools are call_function and submit_description` };
}

export const TEXT_PROTOCOL_SHAPE =
  'Reply with exactly one JSON object (you may wrap it in a ```json fence), either\n' +
  `  {"action": "call_function", ...call fields} where the call fields are ${CALL_SHAPE}\n` +
  `or\n  {"action": "submit_description", ...description fields} where the description fields are ${SUBMIT_SHAPE}`;

/** The JSON object in a text reply: inside a ```json fence if there is one, else the outermost braces. */
function extractJson(reply: string): string | undefined {
  const fence = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(reply);
  const fenced = fence?.[1]?.trim();
  if (fenced?.startsWith('{')) return fenced;
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  return start >= 0 && end > start ? reply.slice(start, end + 1) : undefined;
}

/** One action from a text-protocol reply (or a tool-less reply of a tool model). */
export function parseTextAction(reply: string): Parsed {
  const json = extractJson(reply);
  if (json === undefined) return { kind: 'invalid', message: `no JSON action found in your reply. ${TEXT_PROTOCOL_SHAPE}` };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    return { kind: 'invalid', message: `your JSON action does not parse (${err instanceof Error ? err.message : String(err)}). ${TEXT_PROTOCOL_SHAPE}` };
  }
  if (!isObject(raw)) return { kind: 'invalid', message: `the action must be a JSON object. ${TEXT_PROTOCOL_SHAPE}` };
  const { action, ...rest } = raw;
  if (action === 'call_function') return parseCallAction(rest);
  if (action === 'submit_description') return parseSubmitAction(rest);
  return {
    kind: 'invalid',
    message: `"action" must be "call_function" or "submit_description", got ${JSON.stringify(action ?? null)}. ${TEXT_PROTOCOL_SHAPE}`,
  };
}
