// A PAU-format task set and a scripted model that solves it, for the bench's tests and
// benchmark. Task i probes `test_func(arg0) = arg0 * K` with K = i + 2; the model reads K
// off its first probe, falsifies, submits "Multiplies arg0 by K."; the implementation it
// writes from that description is right for even i and off by one for odd i; the judge
// gives ((K - 2) % 5) + 1. So every metric has a value that can be computed by hand.
import type { RecordedRequest, ScriptedReply } from './llm-server.js';

export const TEST_INPUTS = ['(3,)', '(-2,)', '(10,)', '(7,)'];

export function pauRow(i: number): string {
  const k = i + 2;
  return JSON.stringify({
    test_func_validated: `def test_func(arg0):\n    return arg0 * ${k}\n`,
    description: `Multiplies arg0 by ${k}.`,
    train_examples: [
      ['(2,)', String(2 * k)],
      ['(5,)', String(5 * k)],
    ],
    test_examples: TEST_INPUTS.map((src) => [src, String(Number(src.slice(1, -2)) * k)]),
    header: 'def test_func(arg0):',
  });
}

export function pauTaskFile(count: number): string {
  return Array.from({ length: count }, (_, i) => pauRow(i)).join('\n') + '\n';
}

const text = (m: { content?: unknown }) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''));

/** The scripted model for tasks made by pauRow. */
export function solvePauTasks(req: RecordedRequest): ScriptedReply {
  const messages = req.body.messages ?? [];
  const system = text(messages[0] ?? {});
  const user = messages
    .filter((m) => m.role === 'user')
    .map(text)
    .join('\n');
  if (system.startsWith('You implement')) {
    const k = Number(/by (\d+)/.exec(user)?.[1]);
    const inferred = user.includes('Description:');
    const off = inferred && (k - 2) % 2 === 1 ? ' + 1' : '';
    return { kind: 'text', content: '```python\ndef f(arg0):\n    return arg0 * ' + k + off + '\n```' };
  }
  if (system.startsWith('You judge')) {
    const k = Number(/by (\d+)/.exec(user)?.[1]);
    return { kind: 'text', content: JSON.stringify({ score: ((k - 2) % 5) + 1, rationale: 'scripted', missed_by_inferred: [], missed_by_docstring: [] }) };
  }
  const turns = messages.filter((m) => m.role === 'assistant').length;
  if (turns === 0) {
    return { kind: 'tool-calls', calls: [{ name: 'call_function', arguments: { args: ['1'], hypothesis: 'It multiplies its argument by a constant.' } }] };
  }
  if (turns === 1) {
    return {
      kind: 'tool-calls',
      calls: ['0', '-1', "''", 'None'].map((a) => ({ name: 'call_function', arguments: { args: [a], note: 'try to break it' } })),
    };
  }
  const tools = messages
    .filter((m) => m.role === 'tool')
    .map(text)
    .join('\n');
  const k = Number(/f\(1\) → (-?\d+) \(int\)/.exec(tools)?.[1]);
  return {
    kind: 'tool-calls',
    calls: [
      {
        name: 'submit_description',
        arguments: {
          summary: `Multiplies arg0 by ${k}.`,
          details: `Returns arg0 * ${k}; strings repeat, None raises TypeError.`,
          parameters: { arg0: 'a number or a sequence' },
          returns: 'arg0 times the constant',
          raises: 'TypeError for None',
          examples: [{ call: 'f(1)', result: String(k) }],
          confidence: 0.9,
        },
      },
    ],
  };
}

/**
 * solvePauTasks' model, but the agent first probes `probes` times, `perTurn` calls a turn (the
 * harness bench). Its first call states a hypothesis and its first inputs are edge cases (-1,
 * 0), so the falsification gate takes the submission that follows, as it would a model's that
 * follows the prompt; one that never stated a hypothesis was refused turn after turn up to the
 * loop's turn cap, and those refused turns were timed as the harness's overhead.
 */
export function probingPauModel(probes: number, perTurn: number): (req: RecordedRequest) => ScriptedReply {
  return (req) => {
    const messages = req.body.messages ?? [];
    const system = text(messages[0] ?? {});
    const turns = messages.filter((m) => m.role === 'assistant').length;
    const agent = !system.startsWith('You implement') && !system.startsWith('You judge');
    if (!agent || turns >= probes / perTurn) return solvePauTasks(req); // implement, judge, or (agent, 2+ turns) submit
    const calls = Array.from({ length: perTurn }, (_, j) => {
      const n = turns * perTurn + j;
      const hypothesis = n === 0 ? { hypothesis: 'It multiplies its argument by a constant.' } : {};
      return { name: 'call_function', arguments: { args: [String(n - 1)], note: 'scripted', ...hypothesis } };
    });
    return { kind: 'tool-calls', calls };
  };
}
