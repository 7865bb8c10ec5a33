// Scripts for the scripted LLM server that play a whole run the way a model would: the
// agent's turns (call_function, then submit_description), and the comparison's requests
// (an implementation written from a text, the judge's verdict). Requests are told apart by
// what they are: agent turns carry the tools, the others carry their own system prompts.
import type { RecordedRequest, Script, ScriptedReply, ToolCallSpec } from '../../support/llm-server.js';

export interface AgentCall {
  args: string[];
  kwargs?: Record<string, string>;
  note?: string;
}

export interface AgentTurn {
  calls: AgentCall[];
  hypothesis?: string;
}

export interface DescriptionSpec {
  summary: string;
  details?: string;
  parameters?: Record<string, string>;
  returns?: string;
  raises?: string;
  examples?: { call: string; result: string }[];
  confidence: number;
}

export interface RunScript {
  turns: AgentTurn[];
  description: DescriptionSpec;
  /**
   * Python body of the implementation the "model" writes, given the header it was asked for
   * (`f(arg0)`) and the text it was asked to implement (the description or the docstring).
   */
  implement: (header: string, text: string) => string;
  judge?: { score: number; rationale: string };
  /** Delay before each agent reply, so that a run is slow enough to watch. */
  delayMs?: number;
}

/** The system prompt; through VS Code's Language Model API (which has no system role) it is the first message. */
function systemText(req: RecordedRequest): string {
  const messages = req.body.messages ?? [];
  const system = (messages.find((m) => m.role === 'system') ?? messages[0])?.content;
  return typeof system === 'string' ? system : JSON.stringify(system ?? '');
}

function userText(req: RecordedRequest): string {
  return (req.body.messages ?? [])
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

export type RequestKind = 'agent' | 'implement' | 'judge';

export function requestKind(req: RecordedRequest): RequestKind {
  if (req.body.tools && req.body.tools.length > 0) return 'agent';
  const system = systemText(req);
  if (/You implement one Python function/i.test(system)) return 'implement';
  if (/You judge/i.test(system)) return 'judge';
  return 'agent';
}

/** The agent turn a request asks for: one per assistant message already in the conversation. */
export function agentStep(req: RecordedRequest): number {
  return (req.body.messages ?? []).filter((m) => m.role === 'assistant').length;
}

function callFunction(turn: AgentTurn): ToolCallSpec {
  const calls = turn.calls.map((c) => ({ args: c.args, ...(c.kwargs ? { kwargs: c.kwargs } : {}), ...(c.note ? { note: c.note } : {}) }));
  const args =
    calls.length === 1
      ? { ...calls[0], ...(turn.hypothesis ? { hypothesis: turn.hypothesis } : {}) }
      : { calls, ...(turn.hypothesis ? { hypothesis: turn.hypothesis } : {}) };
  return { name: 'call_function', arguments: args };
}

/** The reply to one request of a scripted run. */
export function replyFor(run: RunScript, req: RecordedRequest): ScriptedReply {
  const kind = requestKind(req);
  if (kind === 'implement') {
    const header = /Function: def (.+?):\s*$/m.exec(userText(req))?.[1] ?? 'f(arg0)';
    return { kind: 'text', content: '```python\n' + run.implement(header, userText(req)) + '```\n' };
  }
  if (kind === 'judge') {
    const verdict = run.judge ?? { score: 4, rationale: 'Both describe the same behaviour; the docstring adds a detail about accents.' };
    return { kind: 'text', content: JSON.stringify({ ...verdict, missed_by_inferred: [], missed_by_docstring: [] }) };
  }
  const step = agentStep(req);
  const delayMs = run.delayMs ?? 0;
  const turn = run.turns[step];
  if (turn) return { kind: 'tool-calls', calls: [callFunction(turn)], content: `Step ${step + 1}: trying more inputs.`, delayMs };
  return { kind: 'tool-calls', calls: [{ name: 'submit_description', arguments: run.description }], content: 'I am confident now.', delayMs };
}

export function runScript(run: RunScript): Script {
  return (req) => replyFor(run, req);
}

/** A run of examples/text.py:slugify, with a correct description and implementation. */
export function slugifyRun(delayMs = 300): RunScript {
  return {
    delayMs,
    turns: [
      { calls: [{ args: ['"Hello, World!"'], note: 'a plain title' }] },
      { calls: [{ args: ['"hello-world"'] }], hypothesis: 'Lower-cases the text and joins runs of non-alphanumerics with single hyphens.' },
      { calls: [{ args: ['""'], note: 'empty' }] },
      { calls: [{ args: ['"  Crème brûlée  "'], note: 'unicode and spaces' }] },
      { calls: [{ args: ['None'], note: 'wrong type' }] },
      { calls: [{ args: ['"---"'], note: 'only separators' }] },
    ],
    description: {
      summary: 'Turns a text into a URL slug: lower-case ASCII words joined by single hyphens.',
      details: 'Accents are stripped, runs of anything other than ASCII letters and digits become one hyphen, and hyphens at either end are removed.',
      parameters: { arg0: 'the text to convert (a str)' },
      returns: 'str: the slug, possibly empty',
      raises: 'TypeError: if the argument is not a str',
      examples: [
        { call: 'f("Hello, World!")', result: "'hello-world'" },
        { call: 'f("")', result: "''" },
      ],
      confidence: 0.9,
    },
    implement: (header) => {
      const param = /\(([A-Za-z_]\w*)/.exec(header)?.[1] ?? 'arg0';
      return [
        `def ${header}:`,
        '    import re, unicodedata',
        `    if not isinstance(${param}, str):`,
        "        raise TypeError('expected a str')",
        `    text = unicodedata.normalize('NFKD', ${param}).encode('ascii', 'ignore').decode('ascii')`,
        "    return re.sub(r'[^a-z0-9]+', '-', text.lower()).strip('-')",
        '',
      ].join('\n');
    },
  };
}

/** A run of examples/text.py:word_count, a function without a docstring (for Insert). */
export function wordCountRun(delayMs = 100): RunScript {
  return {
    delayMs,
    turns: [
      { calls: [{ args: ['"the cat the hat"'] }] },
      { calls: [{ args: ['"Hello, hello!"'] }], hypothesis: 'Counts the words of a text, case-insensitively, ignoring punctuation at their ends.' },
      { calls: [{ args: ['""'], note: 'empty' }] },
      { calls: [{ args: ['"é É"'], note: 'unicode' }] },
      { calls: [{ args: ['None'], note: 'wrong type' }] },
    ],
    description: {
      summary: 'Count how many times each word occurs in a text.',
      details: 'Words are split on whitespace, lower-cased and stripped of surrounding punctuation; empty words are dropped.',
      parameters: { arg0: 'the text to count words in (a str)' },
      returns: 'dict: each word mapped to its number of occurrences',
      raises: 'AttributeError: if the argument is not a str',
      examples: [
        { call: 'f("the cat the hat")', result: "{'the': 2, 'cat': 1, 'hat': 1}" },
        { call: 'f("")', result: '{}' },
      ],
      confidence: 0.85,
    },
    implement: (header) => {
      const param = /\(([A-Za-z_]\w*)/.exec(header)?.[1] ?? 'arg0';
      return [
        `def ${header}:`,
        '    counts = {}',
        `    for word in ${param}.lower().split():`,
        "        word = word.strip('.,;:!?\"\\'()')",
        '        if word:',
        '            counts[word] = counts.get(word, 0) + 1',
        '    return counts',
        '',
      ].join('\n');
    },
  };
}

/**
 * A run of examples/legacy.py:top_scores, whose docstring still says "ascending list" while the
 * code returns a descending tuple: the inferred description is right, the docstring is wrong,
 * and the docstring's own doctests fail.
 */
export function topScoresRun(delayMs = 100): RunScript {
  return {
    delayMs,
    turns: [
      { calls: [{ args: ['[70, 95, 80, 60]', '2'] }] },
      { calls: [{ args: ['[5, 1, 3]'] }], hypothesis: 'Returns the k highest scores, highest first, as a tuple.' },
      { calls: [{ args: ['[]'], note: 'empty' }] },
      { calls: [{ args: ['[4, 4, 1]', '5'], note: 'k larger than the list' }] },
    ],
    description: {
      summary: 'The k highest scores as a tuple, highest first.',
      details: 'Sorts the scores in descending order and keeps the first k; fewer when the list is shorter.',
      parameters: { arg0: 'the scores (a list of numbers)', arg1: 'how many to keep (default 3)' },
      returns: 'tuple: the k highest scores, highest first',
      examples: [{ call: 'f([70, 95, 80, 60], 2)', result: '(95, 80)' }],
      confidence: 0.9,
    },
    implement: (header, text) => {
      const [scores, k] = /\(([A-Za-z_]\w*), ([A-Za-z_]\w*)/.exec(header)?.slice(1) ?? ['arg0', 'arg1'];
      // Each side is implemented as its text says: the docstring still says ascending, as a list.
      const body = /ascending/i.test(text) ? `sorted(sorted(${scores}, reverse=True)[:${k}])` : `tuple(sorted(${scores}, reverse=True)[:${k}])`;
      // k's default is in the code, not in either text: the "model" guesses 3 on both sides.
      const head = header.includes('=') ? header : header.replace(/\)$/, '=3)');
      return [`def ${head}:`, `    return ${body}`, ''].join('\n');
    },
  };
}
