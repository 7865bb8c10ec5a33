// An example in doctest form: what the CLI's evidence, the Markdown report and the panel show
// under "Examples", and what Insert Docstring writes. One form, so an example a person copies
// from any of them passes under `python3 -m doctest`.
import { skipString } from './python-source.js';

/**
 * The last line of a traceback as Python prints it: `ValueError: msg`, or the bare type when the
 * message is empty (`EOFError`, never `EOFError:`, which doctest would not match).
 */
export function exceptionLine(type: string, message: string): string {
  return message === '' ? type : `${type}: ${message}`;
}

/**
 * An example on a prepared receiver (`s = Stack(); s.push(3); s.pop()`) as one doctest line that
 * prints only the last call's result: `s = Stack(); _ = s.push(3); s.pop()` (doctest would print
 * what `push` returns too). Null when the text is not that shape.
 */
export function preparedDoctest(call: string): string | null {
  const parts = call.split(/; (?=s\.)/);
  const [built, ...calls] = parts;
  const last = calls.pop();
  if (!built?.startsWith('s = ') || last === undefined) return null;
  return [built, ...calls.map((c) => `_ = ${c}`), last].join('; ');
}

/** `>>> call` (with `... ` continuation lines) followed by the want; empty want lines become `<BLANKLINE>`. */
export function doctestLines(call: string, want: string): string[] {
  const source = call
    .replace(/^\s*>>>\s?/, '')
    .trimEnd()
    .split('\n');
  const lines = [`>>> ${source[0]}`, ...source.slice(1).map((l) => `... ${l.replace(/^\.\.\.\s?/, '')}`)];
  if (want) lines.push(...want.split('\n').map((l) => (l.trim() === '' ? '<BLANKLINE>' : l.trimEnd())));
  return lines;
}

/**
 * A description's example (`call`, `result` as the explorer or the agent wrote it) as doctest
 * lines: a prepared receiver's preparing calls bound to `_`, and no output line for `None`.
 */
export function doctestExample(call: string, result: string): string[] {
  const bare = call.replace(/^\s*>>>\s?/, '');
  return doctestLines(preparedDoctest(bare) ?? bare, result.trim() === 'None' ? '' : result);
}

/**
 * Standard modules an argument can name a value of (`datetime.date(2024, 3, 15)`, `io.StringIO('…')`,
 * `re.match(…)`: python/pau_probe/safe_args.py's names). The sandbox knows them; the module's doctest
 * namespace holds only what the module imported (after `from datetime import date`, no `datetime`).
 */
const ARGUMENT_MODULES = ['collections', 'datetime', 'decimal', 'fractions', 'io', 'math', 'operator', 're', 'string', 'types'];

/** `>>> import m` lines for the standard modules the calls name outside their string literals. */
export function doctestImports(calls: string[]): string[] {
  const used = new Set<string>();
  for (const call of calls) {
    let code = '';
    for (let i = 0; i < call.length;) {
      const c = call.charAt(i);
      if (c === '"' || c === "'") {
        i = skipString(call, i);
        code += ' ';
      } else {
        code += c;
        i++;
      }
    }
    for (const m of code.matchAll(/(?<![\w.])([a-z]+)\.[A-Za-z_]/g)) if (ARGUMENT_MODULES.includes(m[1] ?? '')) used.add(m[1] ?? '');
  }
  return [...used].sort().map((m) => `>>> import ${m}`);
}

/**
 * A description's examples as one doctest block, as the CLI's evidence, the Markdown report and
 * the panel show them: the `import` lines their calls need first (a module that did `from
 * datetime import date` has no `datetime`), then each example (`rename` writes the real names).
 */
export function doctestBlock(examples: readonly { call: string; result: string }[], rename: (call: string) => string = (c) => c): string[] {
  const calls = examples.map((e) => rename(e.call.replace(/^\s*>>>\s?/, '')));
  return [...doctestImports(calls), ...examples.flatMap((e, k) => doctestExample(calls[k] ?? e.call, e.result))];
}
