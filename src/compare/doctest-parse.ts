// Finding the examples in a docstring by the doctest format's rules: an example starts at a
// `>>> ` line, continues with `... ` lines at the same indentation, and its expected output
// ("want") is every following line up to a blank line or the next `>>>`. Want lines lose the
// example's indentation; `<BLANKLINE>` stands for an empty line unless DONT_ACCEPT_BLANKLINE.
import { group } from '../core/regex-group.js';

const KNOWN_FLAGS = ['ELLIPSIS', 'NORMALIZE_WHITESPACE', 'IGNORE_EXCEPTION_DETAIL', 'DONT_ACCEPT_TRUE_FOR_1', 'DONT_ACCEPT_BLANKLINE', 'SKIP'] as const;
type DoctestFlag = (typeof KNOWN_FLAGS)[number];
const isKnownFlag = (name: string): name is DoctestFlag => (KNOWN_FLAGS as readonly string[]).includes(name);

export interface DoctestExample {
  /** The example's source, prompts removed, lines joined with `\n`. */
  source: string;
  /** Expected output, indentation removed, ending in `\n` unless empty. */
  want: string;
  /** Directives switched on (`+FLAG`) or off (`-FLAG`) for this example. */
  options: Partial<Record<DoctestFlag, boolean>>;
  /** 0-based line of the `>>>` prompt in the docstring. */
  line: number;
}

const PS1 = /^(\s*)>>>(?: (.*)|$)/;
const DIRECTIVE = /#\s*doctest:\s*([^#\n]*)/g;

/** The `# doctest: +FLAG, -FLAG` directives of an example's source; unknown names are ignored. */
function parseDirectives(source: string): DoctestExample['options'] {
  const options: DoctestExample['options'] = {};
  for (const match of source.matchAll(DIRECTIVE)) {
    for (const item of group(match, 1).split(/[\s,]+/)) {
      const m = /^([+-])(\w+)$/.exec(item);
      const flag = m ? group(m, 2) : '';
      if (m && isKnownFlag(flag)) options[flag] = group(m, 1) === '+';
    }
  }
  return options;
}

export function parseDoctests(docstring: string): DoctestExample[] {
  const lines = docstring.replace(/\r\n?/g, '\n').split('\n');
  const examples: DoctestExample[] = [];
  let i = 0;
  for (let line = lines[i]; line !== undefined; line = lines[i]) {
    const ps1 = PS1.exec(line);
    if (!ps1) {
      i++;
      continue;
    }
    const indent = group(ps1, 1);
    const start = i;
    const sourceLines = [ps1[2] ?? ''];
    i++;
    const ps2 = new RegExp(`^${escapeRegExp(indent)}\\.\\.\\.(?: (.*)|$)`);
    for (let m = ps2.exec(lines[i] ?? ''); i < lines.length && m; m = ps2.exec(lines[i] ?? '')) {
      sourceLines.push(m[1] ?? '');
      i++;
    }
    const wantLines: string[] = [];
    for (let want = lines[i]; want !== undefined && want.trim() !== '' && !PS1.test(want); want = lines[++i]) {
      // doctest insists on the indentation; a shallower line is kept whole rather than refused.
      wantLines.push(want.startsWith(indent) ? want.slice(indent.length) : want.trimStart());
    }
    const source = sourceLines.join('\n');
    const options = parseDirectives(source);
    const blank = options.DONT_ACCEPT_BLANKLINE ? null : /^<BLANKLINE>$/;
    const want = wantLines.map((l) => (blank && blank.test(l.trimEnd()) ? '' : l)).join('\n');
    examples.push({ source, want: want === '' ? '' : `${want}\n`, options, line: start });
  }
  return examples;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Line numbers (0-based) that belong to examples, prompts and wants both: for leaving them out of prose. */
export function exampleLines(docstring: string): Set<number> {
  const lines = docstring.replace(/\r\n?/g, '\n').split('\n');
  const out = new Set<number>();
  for (const ex of parseDoctests(docstring)) {
    const sourceCount = ex.source.split('\n').length;
    const wantCount = ex.want === '' ? 0 : ex.want.split('\n').length - 1;
    for (let k = 0; k < sourceCount + wantCount && ex.line + k < lines.length; k++) out.add(ex.line + k);
  }
  return out;
}
