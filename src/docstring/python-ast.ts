// Runs the embedded AST helper: one short `python -I -S` process per request, the source
// on stdin, JSON on stdout. The user's code is parsed, never imported or executed.
import { execa } from 'execa';
import { AST_HELPER_SOURCE } from './ast-helper.js';
import type { FunctionLocation, PythonFunction } from './types.js';

export const DEFAULT_PYTHON = 'python3';

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
  const result = await execa(python, ['-I', '-S', '-c', AST_HELPER_SOURCE], {
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

function throwOnSyntaxError(answer: SyntaxAnswer, what = 'The file'): void {
  const e = answer.syntaxError;
  if (!e) return;
  const where = e.line ? ` (line ${e.line}${e.column ? `, column ${e.column}` : ''})` : '';
  throw new PythonSourceError('syntax', `${what} does not parse${where}: ${e.message}`, e.line ?? undefined, e.column ?? undefined);
}

// Editors ask for the same text again (CodeLens refresh, switching tabs): keep a few answers.
const LIST_CACHE_SIZE = 8;
const listCache = new Map<string, Promise<PythonFunction[]>>();

/**
 * Every def in the source (methods, nested functions, async defs), in source order.
 * One Python process per call; repeated calls with the same text are answered from a small cache.
 * Throws PythonSourceError (kind `syntax` when the source does not parse).
 */
export function listFunctions(source: string, python: string = DEFAULT_PYTHON): Promise<PythonFunction[]> {
  const key = `${python}\0${source}`;
  const cached = listCache.get(key);
  if (cached) {
    listCache.delete(key);
    listCache.set(key, cached);
    return cached;
  }
  const pending = runHelper<{ functions: PythonFunction[] }>({ mode: 'list', source }, { python }).then((answer) => {
    throwOnSyntaxError(answer);
    return answer.functions.map(dropUndefined);
  });
  listCache.set(key, pending);
  pending.catch(() => listCache.delete(key));
  while (listCache.size > LIST_CACHE_SIZE) listCache.delete(listCache.keys().next().value!);
  return pending;
}

function dropUndefined(fn: PythonFunction): PythonFunction {
  if (fn.className === undefined || fn.className === null) delete fn.className;
  return fn;
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

type RawLocation = { missing: true } | Omit<FunctionLocation, 'indentUnit'>;

/**
 * Where the header, body and docstring of each target are, for several sources in one Python
 * process. Throws PythonSourceError (kind `syntax`) if any source does not parse.
 */
export async function locateInSources(items: { source: string; targets: LocateTarget[] }[], opts: RunOptions = {}): Promise<LocateAnswer[]> {
  const batch = items.map(({ source, targets }) => ({
    mode: 'locate',
    source,
    targets: targets.map((t) => ({ qualname: t.qualname, line: t.line ?? null })),
  }));
  const { answers } = await runHelper<{ answers: ({ locations: RawLocation[]; indentUnit: string; functions: string[] } & SyntaxAnswer)[] }>({ batch }, opts);
  return answers.map((answer) => {
    throwOnSyntaxError(answer);
    return {
      locations: answer.locations.map((raw) => ('missing' in raw ? null : { ...raw, indentUnit: answer.indentUnit })),
      functions: answer.functions,
    };
  });
}

/** Where the header, body and docstring of each target are. Throws PythonSourceError. */
export async function locateFunctions(source: string, targets: LocateTarget[], opts: RunOptions = {}): Promise<LocateAnswer> {
  return (await locateInSources([{ source, targets }], opts))[0]!;
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
  return answers.map((answer) =>
    answer.syntaxError ? [`the edited file does not parse: ${answer.syntaxError.message} (line ${answer.syntaxError.line})`] : answer.problems,
  );
}

/** `checkDocstringEdits` for one edit. */
export async function checkDocstringEdit(before: string, after: string, targets: EditCheck['targets'], opts: RunOptions = {}): Promise<string[]> {
  return (await checkDocstringEdits([{ before, after, targets }], opts))[0]!;
}
