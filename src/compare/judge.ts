// The PAU judge: a model rates the inferred description against the actual docstring on the
// benchmark's 1–5 rubric, with a one-sentence rationale and the claims each side makes that
// the other misses. Its reply is parsed defensively; a reply that cannot be read is dropped.
import type { Comparison } from '../core/session-types.js';
import type { ChatMessage } from './llm.js';

export type JudgeVerdict = NonNullable<Comparison['judge']>;

const RUBRIC = [
  'You judge how well a description inferred by probing a Python function matches its reference documentation.',
  'Score on this scale:',
  '5 = equivalent: the same behaviour, including edge cases and errors;',
  '4 = the same core behaviour with only trivial omissions;',
  '3 = captures the core behaviour with minor gaps or inaccuracies;',
  '2 = partly right but misses or misstates important behaviour;',
  '1 = wrong or unrelated.',
  'A score of 3 or more counts as understood.',
  'The reference may itself be out of date; judge the match between the two texts, not which one is right.',
  'Reply with one JSON object and nothing else:',
  '{"score": <1-5>, "rationale": "<one sentence>", "missed_by_inferred": ["<claim only the reference makes>", ...], "missed_by_docstring": ["<claim only the inferred description makes>", ...]}',
].join('\n');

export function judgeMessages(inferred: string, reference: string, parameterNote = ''): ChatMessage[] {
  const user = ['Inferred description:', inferred, '', 'Reference documentation (the docstring):', reference];
  if (parameterNote) user.push('', parameterNote);
  return [
    { role: 'system', content: RUBRIC },
    { role: 'user', content: user.join('\n') },
  ];
}

/** The first balanced `{…}` in the text, skipping braces inside JSON strings. */
function firstObject(text: string): string | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim());
}

/**
 * Reads the judge's reply: a bare or fenced JSON object. The score is rounded and clamped to
 * 1..5; a reply without a numeric score or a rationale is malformed (null).
 */
export function parseJudgeReply(reply: string): JudgeVerdict | null {
  const fenced = /```(?:json)?[^\n]*\n([\s\S]*?)```/i.exec(reply)?.[1];
  const candidates = [fenced, reply].filter((x): x is string => x !== undefined);
  for (const text of candidates) {
    const json = firstObject(text);
    if (!json) continue;
    let obj: unknown;
    try {
      obj = JSON.parse(json);
    } catch {
      continue;
    }
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) continue;
    const o = obj as Record<string, unknown>;
    const raw = typeof o.score === 'string' ? Number(o.score.trim()) : o.score;
    if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
    const rationale = typeof o.rationale === 'string' ? o.rationale.trim() : '';
    if (rationale === '') return null;
    const verdict: JudgeVerdict = { score: Math.min(5, Math.max(1, Math.round(raw))), rationale };
    const missedByInferred = stringList(o.missed_by_inferred ?? o.missedByInferred);
    const missedByDocstring = stringList(o.missed_by_docstring ?? o.missedByDocstring);
    if (missedByInferred) verdict.missedByInferred = missedByInferred;
    if (missedByDocstring) verdict.missedByDocstring = missedByDocstring;
    return verdict;
  }
  return null;
}
