// The text of a characterization test module: one parametrized test per kind of observed
// behaviour (returned values compared type-aware, raised exceptions, in-place mutations,
// printed output), each case one probe. Probe arguments are the Python source the probe ran
// with (already checked by the worker's safe grammar); nothing here evaluates them.
import type { ProbeRecord } from '../core/session-types.js';
import { renderCall, oneLine } from '../core/format.js';
import { pieces, stripComments } from '../core/python-source.js';
import { shortTypeName } from '../core/values.js';
import { pyLiteral, pyString } from './python-literal.js';

export interface PytestModuleInput {
  /** Dotted module name of the target, as the worker imported it. */
  moduleName: string;
  /** The sys.path root of the module, relative to the test file's folder (posix separators). */
  rootFromTest: string;
  qualname: string;
  needsReceiver: boolean;
  /** Classes of the target module (argument source may name them). */
  moduleClasses: string[];
  probes: ProbeRecord[];
  /** Probes left out, with why; listed in the module's docstring. */
  skipped: { probe: number; reason: string }[];
}

/** Names of the worker's argument whitelist and the import that provides each in plain Python. */
const IMPORTS: Record<string, string> = {
  math: 'import math',
  operator: 'import operator',
  string: 'import string',
  datetime: 'import datetime',
  collections: 'import collections',
  decimal: 'import decimal',
  fractions: 'import fractions',
  types: 'import types',
  date: 'from datetime import date',
  time: 'from datetime import time',
  timedelta: 'from datetime import timedelta',
  timezone: 'from datetime import timezone',
  ChainMap: 'from collections import ChainMap',
  Counter: 'from collections import Counter',
  OrderedDict: 'from collections import OrderedDict',
  defaultdict: 'from collections import defaultdict',
  deque: 'from collections import deque',
  Decimal: 'from decimal import Decimal',
  Fraction: 'from fractions import Fraction',
  SimpleNamespace: 'from types import SimpleNamespace',
};

/** The argument sources of a probe (receiver first), comments removed. */
export function probeSources(probe: ProbeRecord): string[] {
  return [probe.receiver, ...probe.args, ...Object.values(probe.kwargs ?? {})].filter((s): s is string => s !== undefined).map(stripComments);
}

/** Identifiers used as roots of names (not attributes) in the code parts of the sources. */
function rootNames(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const src of sources) {
    for (const piece of pieces(src)) {
      if (piece.kind !== 'code') continue;
      for (const m of piece.text.matchAll(/(?<![\w.])([A-Za-z_]\w*)/g)) names.add(m[1]!);
    }
  }
  return names;
}

/**
 * Why a probe's source cannot be written as plain Python, or undefined.
 * - The worker's grammar lets bare `datetime` name the class while `datetime.date` names the
 *   module's class; a test module can import only one of the two, and it imports the module.
 * - Plain Python has none of the checks the worker's evaluator makes while it builds a value
 *   (pau_probe/safe_args.py): an attribute looked up inside a lambda, or by operator's getters,
 *   is checked there and would not be in a test module run by pytest. Argument sources are
 *   written by a model, so those probes are left out rather than trusted.
 */
export function unportableReason(probe: ProbeRecord): string | undefined {
  for (const src of probeSources(probe)) {
    // Strings become a placeholder name: 'a'.join is an attribute looked up on a value too.
    const code = pieces(src)
      .map((piece) => (piece.kind === 'code' ? piece.text : ' S '))
      .join('');
    if (/(?<![\w.])datetime\s*(\(|\.\s*(combine|fromisocalendar|fromisoformat|fromordinal|max|min|resolution)\b)/.test(code)) {
      return 'uses `datetime` as the class, which a test module cannot import next to the module `datetime`';
    }
    if (/\b(attrgetter|methodcaller)\b/.test(code)) {
      return 'uses operator.attrgetter/methodcaller, whose lookups only the sandbox checks: a test module would run them unchecked';
    }
    if (/\blambda\b/.test(code) && /[\w)\]]\s*\.\s*[A-Za-z_]/.test(code)) {
      return 'looks an attribute up inside a lambda, which only the sandbox checks: a test module would run it unchecked';
    }
  }
  return undefined;
}

function makeLambda(probe: ProbeRecord): string {
  const s = (src: string) => stripComments(src).trim();
  const receiver = probe.receiver !== undefined ? s(probe.receiver) : 'None';
  const args = probe.args.map(s);
  const kwargs = Object.entries(probe.kwargs ?? {}).map(([k, v]) => `${pyString(k)}: ${s(v)}`);
  return `lambda: (${receiver}, [${args.join(', ')}], {${kwargs.join(', ')}})`;
}

function caseId(probe: ProbeRecord, name: string): string {
  return pyString(`p${probe.index}: ${oneLine(renderCall(name, probe), 70)}`);
}

/** Characterization test cases by kind; each line is one `pytest.param(...)`. */
interface Cases {
  returns: string[];
  reprs: string[];
  iterates: string[];
  raises: string[];
  mutates: string[];
  prints: string[];
}

/** Probe indexes of the cases written (the caller maps pytest failures back to probes). */
export function buildCases(input: PytestModuleInput): { cases: Cases; skipped: { probe: number; reason: string }[] } {
  const name = input.qualname.slice(input.qualname.lastIndexOf('.') + 1);
  const cases: Cases = { returns: [], reprs: [], iterates: [], raises: [], mutates: [], prints: [] };
  const skipped: { probe: number; reason: string }[] = [];
  for (const probe of input.probes) {
    const r = probe.result;
    const make = makeLambda(probe);
    const id = caseId(probe, name);
    const raisedName = r.status === 'raised' ? shortTypeName(r.exception?.type ?? 'Exception') : undefined;
    const expectRaise = raisedName ? pyString(raisedName) : 'None';
    if (r.status === 'raised') {
      cases.raises.push(`pytest.param(${make}, ${pyString(raisedName!)}, id=${id})`);
    } else if (r.value?.iteration) {
      const it = r.value.iteration;
      if (it.raised) {
        skipped.push({ probe: probe.index, reason: 'its iterator raised while being read' });
        continue;
      }
      cases.iterates.push(`pytest.param(${make}, [${it.items.map(pyString).join(', ')}], ${it.ended ? 'True' : 'False'}, id=${id})`);
    } else if (r.value) {
      const literal = r.value.data && !r.value.truncated ? pyLiteral(r.value.data) : undefined;
      if (literal !== undefined) cases.returns.push(`pytest.param(${make}, ${literal}, id=${id})`);
      else if (r.value.truncated) {
        skipped.push({ probe: probe.index, reason: 'the returned value was too large to record whole' });
        continue;
      } else if (/ at 0x[0-9a-f]+/i.test(r.value.repr)) {
        skipped.push({ probe: probe.index, reason: 'the returned value is only known by a repr holding a memory address' });
        continue;
      } else cases.reprs.push(`pytest.param(${make}, ${pyString(shortTypeName(r.value.type))}, ${pyString(r.value.repr)}, id=${id})`);
    }
    if (r.mutations.length > 0) {
      const expected = r.mutations.map((m) => `${pyString(m.arg)}: ${pyString(m.repr)}`).join(', ');
      cases.mutates.push(`pytest.param(${make}, {${expected}}, ${expectRaise}, id=${id})`);
    }
    if (r.stdout.trim() && !r.outputTruncated) cases.prints.push(`pytest.param(${make}, ${pyString(r.stdout)}, ${expectRaise}, id=${id})`);
  }
  return { cases, skipped };
}

const HELPERS = `

def _outcome(make):
    """Calls the target with what \`make\` builds; returns (result, exception, receiver, args, kwargs)."""
    receiver, args, kwargs = make()
    function = TARGET if receiver is None else getattr(receiver, NAME)
    try:
        return function(*args, **kwargs), None, receiver, args, kwargs
    except Exception as error:  # the case says whether an exception is expected
        return None, error, receiver, args, kwargs


def _raised(error, expected):
    if expected is None:
        assert error is None, f'unexpected {type(error).__name__}: {error}'
    else:
        assert type(error).__name__ == expected, f'expected {expected}, got {error!r}'


def _same(actual, expected):
    """Equal values of the same types; floats within 1e-9 relative (NaN equals NaN)."""
    if type(actual) is not type(expected):
        return False
    if isinstance(expected, float):
        return (math.isnan(actual) and math.isnan(expected)) or math.isclose(actual, expected, rel_tol=1e-9, abs_tol=1e-12)
    if isinstance(expected, complex):
        return _same(actual.real, expected.real) and _same(actual.imag, expected.imag)
    if isinstance(expected, (list, tuple)):
        return len(actual) == len(expected) and all(_same(a, e) for a, e in zip(actual, expected))
    if isinstance(expected, dict):
        return actual.keys() == expected.keys() and all(_same(actual[k], expected[k]) for k in expected)
    return actual == expected
`;

const TESTS: Record<keyof Cases, { params: string; body: string }> = {
  returns: {
    params: "'make, expected'",
    body: `def test_returns(make, expected):
    result, error, *_ = _outcome(make)
    _raised(error, None)
    assert _same(result, expected), f'returned {result!r}, expected {expected!r}'`,
  },
  reprs: {
    params: "'make, type_name, expected_repr'",
    body: `def test_returns_object(make, type_name, expected_repr):
    result, error, *_ = _outcome(make)
    _raised(error, None)
    assert type(result).__name__ == type_name
    assert repr(result) == expected_repr`,
  },
  iterates: {
    params: "'make, expected_items, ends'",
    body: `def test_yields(make, expected_items, ends):
    result, error, *_ = _outcome(make)
    _raised(error, None)
    items = [repr(item) for item in itertools.islice(result, len(expected_items))]
    assert items == expected_items
    if ends:
        assert next(result, _END) is _END, 'the iterator yields more items than it did when probed'`,
  },
  raises: {
    params: "'make, exception'",
    body: `def test_raises(make, exception):
    _result, error, *_ = _outcome(make)
    assert error is not None, f'expected {exception}, but nothing was raised'
    _raised(error, exception)`,
  },
  mutates: {
    params: "'make, expected, exception'",
    body: `def test_mutates(make, expected, exception):
    _result, error, receiver, args, kwargs = _outcome(make)
    _raised(error, exception)
    changed = {'receiver': receiver, **{f'args[{i}]': a for i, a in enumerate(args)}, **{f'kwargs.{k}': v for k, v in kwargs.items()}}
    assert {label: repr(changed[label]) for label in expected} == expected`,
  },
  prints: {
    params: "'make, expected, exception'",
    body: `def test_prints(make, expected, exception, capsys):
    _result, error, *_ = _outcome(make)
    _raised(error, exception)
    assert capsys.readouterr().out.rstrip() == expected.rstrip()`,
  },
};

/** The whole test module. */
export function pytestModule(input: PytestModuleInput): { source: string; skipped: { probe: number; reason: string }[]; caseCount: number } {
  const { cases, skipped: more } = buildCases(input);
  const skipped = [...input.skipped, ...more].sort((a, b) => a.probe - b.probe);
  const names = rootNames(input.probes.flatMap(probeSources));
  const stdlib = new Set(['math', 'os', 'sys', ...(cases.iterates.length ? ['itertools'] : [])]);
  const extra = [...names].filter((n) => IMPORTS[n] && !input.moduleClasses.includes(n)).map((n) => IMPORTS[n]!);
  const plain = [...[...stdlib].map((m) => `import ${m}`), ...extra].sort((a, b) =>
    a.replace(/^from /, 'import ').localeCompare(b.replace(/^from /, 'import ')),
  );
  const classes = input.moduleClasses.filter((c) => names.has(c)).sort();
  const path = input.qualname.split('.');
  const caseCount = Object.values(cases).reduce((n, list) => n + list.length, 0);

  const lines: string[] = [];
  lines.push(
    `"""Characterization tests of ${input.moduleName}.${input.qualname}, exported by PAU Probe: ${caseCount} cases from ${input.probes.length} probes.`,
  );
  lines.push('');
  lines.push('They record what the function did when it was probed; a failure means its behaviour changed.');
  if (skipped.length) {
    lines.push('');
    lines.push('Probes left out:');
    for (const s of skipped) lines.push(`  probe ${s.probe}: ${s.reason.replace(/"""/g, "'''").replace(/\\/g, '/')}`);
  }
  lines.push('"""');
  lines.push(...Array.from(new Set(plain)));
  lines.push('');
  lines.push('import pytest');
  lines.push('');
  lines.push(`sys.path.insert(0, os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ${pyString(input.rootFromTest)})))`);
  lines.push('');
  lines.push(`import ${input.moduleName} as _module  # noqa: E402`);
  if (classes.length) lines.push(`from ${input.moduleName} import ${classes.join(', ')}  # noqa: E402`);
  lines.push('');
  lines.push(`TARGET = _module.${path.join('.')}`);
  lines.push(`NAME = ${pyString(path[path.length - 1]!)}`);
  if (cases.iterates.length) lines.push('_END = object()');
  lines.push(HELPERS.trimEnd());
  for (const kind of Object.keys(TESTS) as (keyof Cases)[]) {
    if (cases[kind].length === 0) continue;
    lines.push('', '');
    lines.push(`@pytest.mark.parametrize(${TESTS[kind].params}, [`);
    for (const c of cases[kind]) lines.push(`    ${c},`);
    lines.push('])');
    lines.push(TESTS[kind].body);
  }
  return { source: lines.join('\n') + '\n', skipped, caseCount };
}
