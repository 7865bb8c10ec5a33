// The minimum falsification phase, enforced by the loop rather than left to the prompt: PAU's
// main failure is overconfidence (stopping after the first plausible story). Before a
// description is accepted the agent must have stated a hypothesis and then made at least
// FALSIFICATION_PROBES new probes (not cached, not rejected), covering at least
// FALSIFICATION_CLASSES distinct edge classes. Inputs are classified from their source text.
import type { CallRequest } from '../core/probe-types.js';
import { eachCodeChar, pieces, stringBody } from '../core/python-source.js';

export const FALSIFICATION_PROBES = 3;
export const FALSIFICATION_CLASSES = 2;

export const EDGE_CLASSES = ['empty', 'zero', 'negative', 'unicode', 'None', 'wrong type', 'large'] as const;
export type EdgeClass = (typeof EDGE_CLASSES)[number];

/** Splits source into code with string literals blanked out (comments dropped), and the literals' bodies. */
function separateStrings(src: string): { code: string; strings: string[] } {
  let code = '';
  const strings: string[] = [];
  for (const piece of pieces(src)) {
    if (piece.kind === 'code') code += piece.text;
    else {
      strings.push(stringBody(piece.text));
      code += '""';
    }
  }
  return { code, strings };
}

const EMPTY = new Set([
  "''",
  '""',
  "b''",
  'b""',
  '[]',
  '()',
  '{}',
  'set()',
  'frozenset()',
  'tuple()',
  'list()',
  'dict()',
  'str()',
  'bytes()',
  'frozenset([])',
  'frozenset(())',
]);
const ZERO = /^[-+]?(0+(\.0*)?|\.0+)([eE][-+]?\d+)?j?$|^(Decimal|Fraction)\(\s*['"]?[-+]?0+(\.0*)?['"]?\s*\)$/;

/** `{a: b}` vs `{a}`: a colon directly inside the outer braces. */
function hasTopLevelColon(src: string): boolean {
  let found = false;
  eachCodeChar(src, (_i, c, depth) => (found = c === ':' && depth === 1));
  return found;
}

/** A coarse type of an argument source, for "wrong type" detection. */
export function sourceKind(src: string): string {
  const s = src.trim();
  if (s === 'None') return 'none';
  if (s === 'True' || s === 'False') return 'bool';
  if (/^[-+]?\d[\d_]*$/.test(s)) return 'int';
  if (/^[-+]?(\d[\d_]*\.?\d*([eE][-+]?\d+)?|\.\d+([eE][-+]?\d+)?)$/.test(s) || /^float\(/.test(s)) return 'float';
  if (/^[-+]?[\d.]+j$/.test(s) || /^complex\(/.test(s)) return 'complex';
  if (/^[bB][rR]?['"]|^[rR][bB]['"]|^bytes\(/.test(s)) return 'bytes';
  if (/^[rRuU]?['"]|^str\(/.test(s)) return 'str';
  if (/^\[|^list\(/.test(s)) return 'list';
  if (/^\(|^tuple\(/.test(s)) return 'tuple';
  if (/^(frozen)?set\(/.test(s)) return 'set';
  if (s.startsWith('{')) return hasTopLevelColon(s) || /^\{\s*\}$/.test(s) ? 'dict' : 'set';
  if (/^lambda\b/.test(s)) return 'function';
  const call = /^([A-Za-z_][\w.]*)\s*\(/.exec(s);
  if (call?.[1]) return call[1];
  return /^[A-Za-z_][\w.]*$/.test(s) ? `name:${s}` : 'other';
}

/** The edge classes one argument source belongs to (excluding "wrong type", which needs history). */
export function edgeClassesOf(src: string): EdgeClass[] {
  const s = src.trim();
  const { code, strings } = separateStrings(s);
  const out: EdgeClass[] = [];
  if (EMPTY.has(s.replace(/\s+/g, '')) || /^[rRuU]?(''|""|''''''|"""""")$/.test(s)) out.push('empty');
  if (ZERO.test(s.replace(/_/g, ''))) out.push('zero');
  if (/(^|[^\w.)\]])-\s*(\d|\.\d|float\(|inf)/.test(code)) out.push('negative');
  if (/[^\p{ASCII}]/u.test(s) || strings.some((b) => /\\(u|U|N\{|x[89a-fA-F])/.test(b))) out.push('unicode');
  if (/\bNone\b/.test(code)) out.push('None');
  const bigNumber = /(^|[^\w.])\d[\d_]{6,}/.test(code) || /\d[eE]\+?\d{2,}/.test(code) || /['"]-?inf(inity)?['"]/i.test(s);
  const longString = strings.some((b) => b.length >= 100);
  const manyItems = (code.match(/,/g)?.length ?? 0) >= 50;
  if (bigNumber || longString || manyItems || s.length >= 400) out.push('large');
  return out;
}

/** Every argument of a call, keyed by position (`0`, `1`, `kw:name`, `receiver`). */
function slots(req: CallRequest): [string, string][] {
  const out: [string, string][] = req.args.map((a, i) => [String(i), a]);
  for (const [k, v] of Object.entries(req.kwargs ?? {})) out.push([`kw:${k}`, v]);
  if (req.receiver !== undefined) out.push(['receiver', req.receiver]);
  return out;
}

export type GateVerdict = { ok: true } | { ok: false; reason: string };

/** Tracks hypotheses and the probes made against them; answers whether a submission may pass. */
export class FalsificationGate {
  private hypothesisStated = false;
  private probesSince = 0;
  private readonly classesSince = new Set<EdgeClass>();
  /** Argument kinds seen at each slot, over every executed probe (seeds included). */
  private readonly kindsBySlot = new Map<string, Set<string>>();

  /** @param waived no inputs to vary (a function of no arguments): only a hypothesis is required. */
  constructor(private readonly waived = false) {}

  hypothesis(): void {
    this.hypothesisStated = true;
  }

  get stated(): boolean {
    return this.hypothesisStated;
  }

  /** Records an executed (not cached, not rejected) probe; returns the edge classes it covered. */
  probe(req: CallRequest): EdgeClass[] {
    const classes = new Set<EdgeClass>();
    for (const [slot, src] of slots(req)) {
      for (const c of edgeClassesOf(src)) classes.add(c);
      const kind = sourceKind(src);
      const seen = this.kindsBySlot.get(slot);
      if (seen && seen.size > 0 && !seen.has(kind) && kind !== 'none') classes.add('wrong type');
      if (seen) seen.add(kind);
      else this.kindsBySlot.set(slot, new Set([kind]));
    }
    if (this.hypothesisStated) {
      this.probesSince += 1;
      for (const c of classes) this.classesSince.add(c);
    }
    return [...classes];
  }

  verdict(): GateVerdict {
    if (!this.hypothesisStated) {
      return {
        ok: false,
        reason: 'state your hypothesis first (the "hypothesis" field of call_function), then make probes chosen to break it.',
      };
    }
    if (this.waived) return { ok: true };
    const missingProbes = Math.max(0, FALSIFICATION_PROBES - this.probesSince);
    const missingClasses = Math.max(0, FALSIFICATION_CLASSES - this.classesSince.size);
    if (missingProbes === 0 && missingClasses === 0) return { ok: true };
    const covered = [...this.classesSince];
    const untried = EDGE_CLASSES.filter((c) => !this.classesSince.has(c));
    return {
      ok: false,
      reason:
        `since your first hypothesis you made ${this.probesSince} new probe(s) covering ${covered.length ? covered.join(', ') : 'no edge classes'}; ` +
        `at least ${FALSIFICATION_PROBES} probes covering at least ${FALSIFICATION_CLASSES} edge classes are required. ` +
        `Try inputs meant to break your hypothesis, e.g. ${untried.join(', ')}.`,
    };
  }
}
