// A fast scan of a Python source for its `def`s, for CodeLens, "function at cursor" and the
// workspace quick pick: no interpreter, no process, tolerant of code that does not parse yet
// (the user is typing). Logical lines come from the one lexer (core/python-source.ts), blocks
// from indentation. Qualnames follow Python's `__qualname__` (`Cls.method`,
// `outer.<locals>.inner`), as src/docstring's exact `listFunctions` (Python's ast) reports
// them; that one is used where exactness matters.
// No `vscode` import: unit-tested under Node.
import type { PythonFunction } from '../docstring/types.js';
import { logicalLineStarts } from '../core/python-source.js';
import { group } from '../core/regex-group.js';

/** The fields of the exact scan's PythonFunction this scan can know without Python (lines 1-based, as there). */
export type ScannedDef = Pick<PythonFunction, 'qualname' | 'name' | 'line' | 'column' | 'decoratorLine' | 'endLine' | 'isMethod' | 'inFunction' | 'isAsync'>;

interface Scope {
  kind: 'def' | 'class';
  indent: number;
  qualname: string;
  /** Set for defs: the entry in the output to close. */
  def?: ScannedDef;
  inFunction: boolean;
}

const HEADER = /^(async[ \t]+)?(def|class)[ \t]+([A-Za-z_\u00C0-\uFFFF][\w\u00C0-\uFFFF]*)/u;

/** Width of leading whitespace, tabs to the next multiple of 8 as Python counts them. */
function indentWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (ch === ' ') width++;
    else if (ch === '\t') width = width - (width % 8) + 8;
    else if (ch === '\f') width = 0;
    else break;
  }
  return width;
}

export function scanDefs(source: string): ScannedDef[] {
  const lines = source.split(/\r\n|\r|\n/);
  const starts = logicalLineStarts(source);
  const out: ScannedDef[] = [];
  const stack: Scope[] = [];
  let lastCode = -1;
  let decorator: { line: number; indent: number } | undefined;

  const closeTo = (indent: number) => {
    for (let scope = stack.at(-1); scope && scope.indent >= indent; scope = stack.at(-1)) {
      stack.pop();
      if (scope.def) scope.def.endLine = Math.max(scope.def.line, lastCode + 1);
    }
  };

  for (const [n, text] of lines.entries()) {
    const trimmed = text.trimStart();
    if (!starts[n]) {
      if (trimmed !== '') lastCode = n;
      continue;
    }
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const indent = indentWidth(text);
    closeTo(indent);
    lastCode = n;
    if (trimmed.startsWith('@')) {
      if (decorator?.indent !== indent) decorator = { line: n, indent };
      continue;
    }
    const decoratorLine = (decorator?.indent === indent ? decorator.line : n) + 1;
    decorator = undefined;
    const m = HEADER.exec(trimmed);
    if (!m) continue;
    const kind = m[2] as 'def' | 'class';
    const name = group(m, 3);
    const parent = stack[stack.length - 1];
    const qualname = !parent ? name : parent.kind === 'def' ? `${parent.qualname}.<locals>.${name}` : `${parent.qualname}.${name}`;
    const inFunction = parent ? parent.kind === 'def' || parent.inFunction : false;
    const scope: Scope = { kind, indent, qualname, inFunction };
    if (kind === 'def') {
      const def: ScannedDef = {
        qualname,
        name,
        line: n + 1,
        column: text.length - trimmed.length,
        decoratorLine,
        endLine: n + 1,
        isMethod: parent?.kind === 'class',
        inFunction,
        isAsync: Boolean(m[1]),
      };
      out.push(def);
      scope.def = def;
    }
    stack.push(scope);
  }
  closeTo(-1);
  return out;
}

/** The innermost def whose lines (decorators to last body line) contain `line` (1-based). */
export function defAtLine(defs: readonly ScannedDef[], line: number): ScannedDef | undefined {
  let best: ScannedDef | undefined;
  for (const d of defs) {
    if (d.decoratorLine <= line && line <= d.endLine && (!best || d.line >= best.line)) best = d;
  }
  return best;
}

/** What the CodeLens and the quick pick need to know of a def before offering it as a target. */
export interface DefVerdict {
  def: ScannedDef;
  /** Probing the qualname would run this def (as far as the source tells without importing it). */
  offered: boolean;
  /** Why it is not offered. */
  reason?: string;
  /** An instance method: every call needs an instance of `ownerClass` built first. */
  needsReceiver: boolean;
  ownerClass?: string;
}

/** How the pick and the CodeLens say that a method needs an instance. */
export function receiverNote(ownerClass: string | undefined): string {
  return `instance method: each call needs a ${ownerClass ?? 'class'} instance`;
}

const NO_RECEIVER = new Set(['staticmethod', 'classmethod']);
const PROPERTY = new Set(['property', 'cached_property', 'setter', 'getter', 'deleter']);

/** Decorator names as written, without `@` and arguments: `staticmethod`, `functools.cache`, `value.setter`. */
function decoratorsOf(lines: readonly string[], starts: readonly boolean[], def: ScannedDef): string[] {
  const out: string[] = [];
  const first = def.decoratorLine - 1;
  for (const [k, line] of lines.slice(first, def.line - 1).entries()) {
    const trimmed = line.trimStart();
    if (!starts[first + k] || !trimmed.startsWith('@')) continue;
    const name = /^@\s*([\w.]+)/u.exec(trimmed)?.[1];
    if (name) out.push(name);
  }
  return out;
}

/** For each physical line starting a logical line: the line (0-based) of the statement whose block holds it, -1 at module level. */
function enclosingStatements(lines: readonly string[], starts: readonly boolean[]): number[] {
  const enclosing: number[] = [];
  const open: { indent: number; line: number }[] = [];
  for (const [n, line] of lines.entries()) {
    const trimmed = line.trimStart();
    if (!starts[n] || trimmed === '' || trimmed.startsWith('#')) continue;
    const indent = indentWidth(line);
    while ((open.at(-1)?.indent ?? -1) >= indent) open.pop();
    enclosing[n] = open[open.length - 1]?.line ?? -1;
    open.push({ indent, line: n });
  }
  return enclosing;
}

/**
 * Which defs resolve to themselves when probed by qualname: not a function's local, not an
 * `@overload` stub or a property, not redefined later in the same block (Python keeps the last
 * def). What the source cannot tell (a name rebound at import time, say to a C accelerator) the
 * run itself reports.
 */
export function judgeDefs(source: string, defs: readonly ScannedDef[] = scanDefs(source)): DefVerdict[] {
  const lines = source.split(/\r\n|\r|\n/);
  const starts = logicalLineStarts(source);
  const enclosing = enclosingStatements(lines, starts);
  const blockOf = (d: ScannedDef) => `${d.qualname}\u0000${enclosing[d.line - 1] ?? -1}`;
  const lastInBlock = new Map<string, ScannedDef>();
  for (const d of defs) lastInBlock.set(blockOf(d), d);
  return defs.map((def) => {
    const decorators = decoratorsOf(lines, starts, def).map((d) => d.slice(d.lastIndexOf('.') + 1));
    const ownerClass = def.isMethod ? def.qualname.slice(0, def.qualname.lastIndexOf('.')) : undefined;
    const needsReceiver = def.isMethod && !decorators.some((d) => NO_RECEIVER.has(d));
    // Every def is in the map (filled from `defs` above); absent would mean none came later.
    const later = lastInBlock.get(blockOf(def)) ?? def;
    const reason = def.inFunction
      ? 'a function local to another function cannot be called on its own'
      : decorators.includes('overload')
        ? 'an @overload stub: the implementation is the def without @overload'
        : decorators.some((d) => PROPERTY.has(d))
          ? 'a property, not something to call'
          : later !== def
            ? `redefined at line ${later.line}: Python keeps the later def`
            : undefined;
    return { def, offered: reason === undefined, ...(reason ? { reason } : {}), needsReceiver, ...(ownerClass ? { ownerClass } : {}) };
  });
}

/** The verdict on the def the cursor is in ("Probe at cursor" refuses what the CodeLens would not offer). */
export function verdictAtLine(source: string, line: number): DefVerdict | undefined {
  const defs = scanDefs(source);
  const def = defAtLine(defs, line);
  return def && judgeDefs(source, defs).find((v) => v.def === def);
}
