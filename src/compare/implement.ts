// Asking a model to implement the function from one text (the inferred description or the
// actual docstring) and getting the code out of its reply. The code is only cut out of the
// reply here; it is parsed and run by the sandboxed worker, never by this process.
import type { ChatMessage } from './llm.js';
import { group } from '../core/regex-group.js';

export type Side = 'inferred' | 'docstring';

const SYSTEM = [
  'You implement one Python function from its documentation.',
  'Reply with a single ```python code block that defines exactly the function asked for, at the top level, with the exact name and parameters given, in that order (add default values where the documentation gives them).',
  'Use only the standard library and put any imports inside the block.',
  'Follow the documentation literally, including the exact types of results (tuple vs list, int vs float vs bool) and the exceptions it names.',
  'Do not print unless the documentation says the function prints; no file access, no tests, no example calls.',
].join(' ');

export function implementationMessages(side: Side, header: string, text: string, parameterNote = ''): ChatMessage[] {
  const intro =
    side === 'inferred'
      ? 'Implement the function described below, from this description alone.'
      : 'Implement the function documented below, from this docstring alone.';
  const label = side === 'inferred' ? 'Description' : 'Docstring';
  const user = [
    intro,
    '',
    `Function: def ${header}:`,
    ...(parameterNote ? [parameterNote] : []),
    '',
    `${label}:`,
    text,
    '',
    `Reply with one \`\`\`python block defining \`def ${header}:\`.`,
  ];
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user.join('\n') },
  ];
}

const FENCE = /```[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)(?:```|$)/g;

/**
 * The Python code in a reply: the first ```python (or ```py) block, else the first unlabelled
 * block, else the whole reply when it reads like code (starts a `def` or an import). Null when
 * the reply holds no code.
 */
export function extractPythonCode(reply: string): string | null {
  const blocks = [...reply.matchAll(FENCE)].map((m) => ({ lang: group(m, 1).toLowerCase(), code: group(m, 2) }));
  const pick = blocks.find((b) => ['python', 'py', 'python3'].includes(b.lang)) ?? blocks.find((b) => b.lang === '');
  if (pick) return pick.code.trimEnd() + '\n';
  if (/^(?:async\s+def|def|import|from)\s/m.test(reply)) return reply.trim() + '\n';
  return null;
}

/** Does the code define `name` at the top level (possibly decorated)? A textual check only. */
export function definesFunction(code: string, name: string): boolean {
  return new RegExp(`^(?:async[ \\t]+)?def[ \\t]+${name}[ \\t]*\\(`, 'm').test(code) || new RegExp(`^${name}[ \\t]*=`, 'm').test(code);
}
