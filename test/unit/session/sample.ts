// A small but complete session file for the persistence, replay, Markdown and printer tests.
import type { SessionFile } from '../../../src/core/session-types.js';

export function sampleSession(): SessionFile {
  const base = { mutations: [], stdout: '', stderr: '', durationMs: 1.25 };
  return {
    version: 1,
    target: { file: '/w/text.py', qualname: 'shout', shownAs: { name: 'f', params: ['arg0', 'arg1'] } },
    settings: {
      mode: 'llm',
      model: 'm',
      baseURL: 'http://x/v1',
      maxProbes: 5,
      timeoutMs: 1000,
      memoryMb: 256,
      strictness: 'anonymized',
      coverageFeedback: true,
    },
    startedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: '2025-01-01T00:00:05.000Z',
    probes: [
      {
        index: 1,
        args: ["'ab'"],
        origin: 'offline',
        result: {
          ...base,
          status: 'returned',
          value: { type: 'str', repr: "'AB'", truncated: false },
          coverage: { lines: { hit: 2, total: 4, new: 2 }, arcs: { hit: 2, total: 5, new: 2 } },
        },
      },
      {
        index: 2,
        args: ['None'],
        origin: 'llm',
        note: 'try None',
        result: { ...base, status: 'raised', exception: { type: 'AttributeError', message: "'NoneType' object has no attribute 'upper'" }, stdout: 'hi\n' },
      },
      { index: 3, args: ["'ab'"], origin: 'cache', result: { ...base, status: 'returned', value: { type: 'str', repr: "'AB'", truncated: false } } },
    ],
    hypotheses: [
      { afterProbe: 1, text: 'upper-cases' },
      { afterProbe: 3, text: 'upper-cases strings | only' },
    ],
    final: {
      concluded: true,
      description: {
        summary: 'Upper-cases a string.',
        details: 'Non-strings raise.',
        parameters: { arg0: 'the text' },
        returns: 'str',
        raises: 'AttributeError for non-strings',
        examples: [{ call: "f('ab')", result: "'AB'" }],
        confidence: 0.8,
      },
    },
    comparison: { lexicalF1: 0.5, notes: ['no judge'] },
    usage: { requests: 3, promptTokens: 300, completionTokens: 60 },
  };
}
