// Runs the AST helper (pau_probe.docstring_ast): one short `python -I -S` process per request, the source
// on stdin, JSON on stdout. The user's code is parsed, never imported or executed.
import { execa } from 'execa';
import { eachCodeChar } from '../core/python-source.js';
import { astHelperArgs } from './ast-helper.js';
import type { FunctionLocation, PythonFunction } from './types.js';

const DEFAULT_PYTHON = 'python3';

/** The source did not parse, the interpreter is missing or too old, or the helper failed. */
export class PythonSourceError extends Error {
  constructor(
    readonly kind: 'syntax' | 'no-python' | 'python-too-old' | 'helper-failed',
    message: string,
    /** For `syntax`: 1-based line and column of the error, when Python gave them. */
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'PythonSourceError';
  }
}

interface SyntaxAnswer {
  syntaxError?: { message: string; line: number | null; column: number | null };
  tooOld?: string;
}

export interface RunOptions {
  python?: string;
  signal?: AbortSignal;
  /** Milliseconds before the helper is killed. Default 20000 (a cold interpreter on a busy machine). */
  timeoutMs?: number;
}

async function runHelper<T>(request: object, opts: RunOptions = {}): Promise<T & SyntaxAnswer> {
  const python = opts.python ?? DEFAULT_PYTHON;
  const result = await execa(python, astHelperArgs(), {
    input: JSON.stringify(request),
    timeout: opts.timeoutMs ?? 20_000,
    cancelSignal: opts.signal,
    reject: false,
    stripFinalNewline: false,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.isCanceled) throw opts.signal?.reason ?? new Error('stopped');
  const code = (result as { code?: string }).code;
  if (code === 'ENOENT' || code === 'EACCES') {
    throw new PythonSourceError('no-python', `Python interpreter not found: ${python}. Set pau.pythonPath or pass --python.`);
  }
  if (result.timedOut) throw new PythonSourceError('helper-failed', `Parsing the file with ${python} took too long.`);
  if (/Unknown option: -I/.test(String(result.stderr))) {
    throw new PythonSourceError('python-too-old', `${python} is Python 2; PAU Probe needs Python 3.8 or newer.`);
  }
  if (result.exitCode !== 0) {
    const detail = String(result.stderr).trim().split('\n').slice(-3).join(' ');
    throw new PythonSourceError('helper-failed', `Parsing the file with ${python} failed (exit ${result.exitCode}): ${detail}`);
  }
  let answer: T & SyntaxAnswer;
  try {
    answer = JSON.parse(String(result.stdout)) as T & SyntaxAnswer;
  } catch {
    throw new PythonSourceError('helper-failed', `${python} answered something that is not JSON: ${String(result.stdout).slice(0, 200)}`);
  }
  if (answer.tooOld) {
    throw new PythonSourceError('python-too-old', `${python} is Python ${answer.tooOld}; PAU Probe needs Python 3.8 or newer.`);
  }
  return answer;
}

/** The helper's answer to request `i` of a batch: it answers each request in order, or it failed. */
export function answerAt<A>(answers: readonly A[], i: number): A {
  const answer = answers[i];
  if (answer === undefined)
    throw new PythonSourceError('helper-failed', `The Python helper answered ${answers.length} requests of a batch of ${i + 1} or more.`);
  return answer;
}

function throwOnSyntaxError(answer: SyntaxAnswer, what = 'The file'): void {
  const e = answer.syntaxError;
  if (!e) return;
  const where = e.line ? ` (line ${e.line}${e.column ? `, column ${e.column}` : ''})` : '';
  throw new PythonSourceError('syntax', `${what} does not parse${where}: ${e.message}`, e.line ?? undefined, e.column ?? undefined);
}

/** What the helper's `scan` reports: every def with its location, and the file's indent step. */
interface Scan {
  functions: (PythonFunction & { location: Omit<FunctionLocation, 'qualname' | 'line' | 'indentUnit' | 'colonEnd'> })[];
  indentUnit: string;
}

// Editors ask about the same text again and again (CodeLens refresh, switching tabs, then
// inserting a docstring into the text that was just listed): keep a few scans.
const SCAN_CACHE_SIZE = 8;
const scanCache = new Map<string, Promise<Scan>>();

function toScan(answer: Scan & SyntaxAnswer): Scan {
  throwOnSyntaxError(answer);
  return answer;
}

/** One Python process for the sources not scanned recently; cached answers for the rest. */
function scanSources(sources: string[], opts: RunOptions): Promise<Scan>[] {
  const python = opts.python ?? DEFAULT_PYTHON;
  const keys = sources.map((source) => `${python}\0${source}`);
  const found = new Map<string, Promise<Scan>>();
  for (const key of keys) {
    const cached = scanCache.get(key);
    if (cached) found.set(key, cached);
  }
  const missing = [...new Set(keys.filter((key) => !found.has(key)))];
  if (missing.length > 0) {
    // Not cancelled by the caller's signal: other callers may share the answer, and parsing is quick.
    const batch = missing.map((key) => ({ mode: 'scan', source: key.slice(key.indexOf('\0') + 1) }));
    const run = runHelper<{ answers: (Scan & SyntaxAnswer)[] }>({ batch }, { python, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) });
    missing.forEach((key, i) =>
      found.set(
        key,
        run.then(({ answers }) => toScan(answerAt(answers, i))),
      ),
    );
  }
  // Most recently used last; the oldest beyond the cache size go.
  for (const [key, pending] of found) {
    scanCache.delete(key);
    scanCache.set(key, pending);
    pending.catch(() => scanCache.delete(key));
  }
  for (const key of scanCache.keys()) {
    if (scanCache.size <= SCAN_CACHE_SIZE) break;
    scanCache.delete(key);
  }
  return keys.map((key) => {
    const scan = found.get(key);
    // Each key was found in the cache or asked of the helper above.
    if (!scan) throw new Error(`no scan asked for ${key.slice(0, 40)}`);
    return scan;
  });
}

/**
 * Every def in the source (methods, nested functions, async defs), in source order.
 * One Python process per new text; the last few texts are answered from a cache.
 * Throws PythonSourceError (kind `syntax` when the source does not parse).
 */
export async function listFunctions(source: string, python: string = DEFAULT_PYTHON): Promise<PythonFunction[]> {
  const scan = await answerAt(scanSources([source], { python }), 0);
  return scan.functions.map(({ location: _location, ...fn }) => fn);
}

export interface LocateTarget {
  qualname: string;
  /** 1-based line inside the wanted def: picks among redefinitions of one qualname. */
  line?: number;
}

export interface LocateAnswer {
  /** One per target, null where no def has that qualname. */
  locations: (FunctionLocation | null)[];
  /** Qualnames of every def in the file (for "did you mean"). */
  functions: string[];
}

/**
 * The def a target names: by qualname (`outer.<locals>.inner` may be written `outer.inner`);
 * a line picks among redefinitions, otherwise the last one wins, as it does in Python.
 */
function pickFunction<F extends Pick<PythonFunction, 'qualname' | 'decoratorLine' | 'endLine'>>(functions: F[], target: LocateTarget): F | undefined {
  const named = functions.filter((f) => f.qualname === target.qualname || f.qualname.replace(/\.<locals>\./g, '.') === target.qualname);
  const { line } = target;
  const containing = line === undefined ? [] : named.filter((f) => f.decoratorLine <= line && line <= f.endLine);
  return containing[containing.length - 1] ?? named[named.length - 1];
}

/**
 * Just after the ':' that ends a def's header: the last ':' outside brackets, strings and
 * comments between the `def` and the body (walrus `:=` excluded). Null if there is none.
 */
export function headerColonEnd(source: string, defStart: number, bodyStart: number): number | null {
  let colon: number | null = null;
  eachCodeChar(
    source,
    (i, c, depth) => {
      if (c === ':' && depth === 0 && source[i + 1] !== '=') colon = i + 1;
    },
    defStart,
    bodyStart,
  );
  return colon;
}

function locate(scan: Scan, source: string, targets: LocateTarget[]): LocateAnswer {
  return {
    locations: targets.map((target) => {
      const fn = pickFunction(scan.functions, target);
      if (!fn) return null;
      const colonEnd = headerColonEnd(source, fn.location.defStart, fn.location.bodyStart);
      return { qualname: fn.qualname, line: fn.line, ...fn.location, colonEnd, indentUnit: scan.indentUnit };
    }),
    functions: scan.functions.map((f) => f.qualname),
  };
}

/**
 * Where the header, body and docstring of each target are, for several sources in one Python
 * process. Throws PythonSourceError (kind `syntax`) if any source does not parse.
 */
export async function locateInSources(items: { source: string; targets: LocateTarget[] }[], opts: RunOptions = {}): Promise<LocateAnswer[]> {
  const scans = await Promise.all(
    scanSources(
      items.map((item) => item.source),
      opts,
    ),
  );
  opts.signal?.throwIfAborted();
  return items.map((item, i) => locate(answerAt(scans, i), item.source, item.targets));
}

/** Where the header, body and docstring of each target are. Throws PythonSourceError. */
export async function locateFunctions(source: string, targets: LocateTarget[], opts: RunOptions = {}): Promise<LocateAnswer> {
  return answerAt(await locateInSources([{ source, targets }], opts), 0);
}

export interface EditCheck {
  before: string;
  after: string;
  targets: (LocateTarget & { expected: string })[];
}

/**
 * Checks edits in Python, several in one process: `after` parses, each target's docstring
 * reads `expected` (as ast.get_docstring cleans it), and nothing but those docstrings differs
 * from `before`. Returns the problems found per item (empty = safe).
 */
export async function checkDocstringEdits(items: EditCheck[], opts: RunOptions = {}): Promise<string[][]> {
  const batch = items.map(({ before, after, targets }) => ({
    mode: 'check',
    before,
    after,
    targets: targets.map((t) => ({ qualname: t.qualname, line: t.line ?? null, expected: t.expected })),
  }));
  const { answers } = await runHelper<{ answers: ({ problems: string[] } & SyntaxAnswer)[] }>({ batch }, opts);
  return items
    .map((_, i) => answerAt(answers, i))
    .map((answer) =>
      answer.syntaxError ? [`the edited file does not parse: ${answer.syntaxError.message} (line ${answer.syntaxError.line})`] : answer.problems,
    );
}

/** `checkDocstringEdits` for one edit. */
export async function checkDocstringEdit(before: string, after: string, targets: EditCheck['targets'], opts: RunOptions = {}): Promise<string[]> {
  return answerAt(await checkDocstringEdits([{ before, after, targets }], opts), 0);
}
