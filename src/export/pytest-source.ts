// The text of a characterization test module: one parametrized test per kind of observed
// behaviour (returned values compared type-aware, raised exceptions, in-place mutations,
// printed output), each case one probe. A case holds the values the worker built for the call,
// written as literals of built-in types (python-literal.ts), never the argument sources: those
import { showsAddress } from '../core/address-repr.js';
// were written by a model, and pytest runs this module outside the worker's evaluator.
import type { BuiltArguments, TaggedValue } from '../core/probe-types.js';
import type { ProbeRecord } from '../core/session-types.js';
import { oneLine } from '../core/format.js';
import { shortTypeName } from '../core/values.js';
import { pyStrRepr } from '../core/python-string.js';
import { pyLiteral } from '../core/python-literal.js';

/** A probe to write, with its arguments as the worker built them when it was re-run. */
export interface ExportCase {
  probe: ProbeRecord;
  built: BuiltArguments;
}

export interface PytestModuleInput {
  /** Dotted module name of the target, as the worker imported it. */
  moduleName: string;
  /** The sys.path root of the module, relative to the test file's folder (posix separators). */
  rootFromTest: string;
  qualname: string;
  /** Classes of the target module: the only names a receiver may be built from. */
  moduleClasses: string[];
  cases: ExportCase[];
  /** Probes left out, with why; listed in the module's docstring. */
  skipped: { probe: number; reason: string }[];
  /** What the run's probes did not pin down (e.g. orderings it never saw), for the docstring. */
  notes?: string[];
  /** Branches (arcs) of the function each probe reached first in the run, by probe index. */
  firstReached?: ReadonlyMap<number, number>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Literals for a list of built values, or the label of the first that is not plain data. */
function literals(values: TaggedValue[], label: (i: number) => string): string[] | { notPlain: string } {
  const out: string[] = [];
  for (const [i, value] of values.entries()) {
    const literal = pyLiteral(value);
    if (literal === undefined) return { notPlain: `${label(i)}${value.t === 'other' && value.type ? ` (${value.type})` : ''}` };
    out.push(literal);
  }
  return out;
}

/** `(receiver, [args], {kwargs})` as plain literals, or why it cannot be written so. */
export function callLiteral(
  built: BuiltArguments,
  moduleClasses: readonly string[],
):
  | {
      source: string;
      /** The arguments as they read in a call: the case's id. */ shown: string;
      receiverClass?: string;
      /** The receiver is written `_after(Class(...), (method, [args]), …)`: the module needs AFTER_HELPER. */
      prepared?: boolean;
    }
  | { reason: string } {
  const notPlain = (what: string) => ({ reason: `${what} is not plain data, and an exported test holds only the values a call was made with` });
  const args = literals(built.args, (i) => `args[${i}]`);
  if (!Array.isArray(args)) return notPlain(args.notPlain);
  const keys = Object.keys(built.kwargs);
  const kwargs = literals(Object.values(built.kwargs), (i) => `kwargs.${keys[i]}`);
  if (!Array.isArray(kwargs)) return notPlain(kwargs.notPlain);
  const keyword = keys.map((k, i) => `${pyStrRepr(k)}: ${kwargs[i]}`);
  let receiver = 'None';
  let receiverClass: string | undefined;
  if (built.receiverNotPlain)
    return {
      reason:
        'its receiver was not built as Class(...) of plain values (maybe filled by method calls with plain arguments), the only receiver an exported test writes',
    };
  if (built.receiver) {
    const { className } = built.receiver;
    // The class name arrives from the call's process: only a class the module has is written.
    if (!IDENTIFIER.test(className) || !moduleClasses.includes(className))
      return { reason: `its receiver's class ${JSON.stringify(className)} is not one of the module's` };
    const rargs = literals(built.receiver.args, (i) => `the receiver's args[${i}]`);
    if (!Array.isArray(rargs)) return notPlain(rargs.notPlain);
    const rkeys = Object.keys(built.receiver.kwargs);
    if (!rkeys.every((k) => IDENTIFIER.test(k))) return { reason: "its receiver's keyword names are not identifiers" };
    const rkwargs = literals(Object.values(built.receiver.kwargs), (i) => `the receiver's kwargs.${rkeys[i]}`);
    if (!Array.isArray(rkwargs)) return notPlain(rkwargs.notPlain);
    receiver = `${className}(${[...rargs, ...rkeys.map((k, i) => `${k}=${rkwargs[i]}`)].join(', ')})`;
    receiverClass = className;
    // A receiver the run filled by method calls first: the same calls, by name, on the object made.
    const calls = built.receiver.calls ?? [];
    const written: string[] = [];
    for (const [n, c] of calls.entries()) {
      // The name arrives from the call's process: a plain method name only, never a dunder (`__class__`).
      if (!IDENTIFIER.test(c.method) || c.method.startsWith('__'))
        return { reason: "its receiver's preparing calls name a method that is not a public identifier" };
      const cargs = literals(c.args, (i) => `the receiver's preparing call ${n + 1}'s args[${i}]`);
      if (!Array.isArray(cargs)) return notPlain(cargs.notPlain);
      written.push(`(${pyStrRepr(c.method)}, [${cargs.join(', ')}])`);
    }
    if (written.length) receiver = `_after(${[receiver, ...written].join(', ')})`;
  }
  const prepared = receiver.startsWith('_after(');
  return {
    source: `lambda: (${receiver}, [${args.join(', ')}], {${keyword.join(', ')}})`,
    shown: [...args, ...keys.map((k, i) => `${k}=${kwargs[i]}`)].join(', '),
    ...(receiverClass ? { receiverClass } : {}),
    ...(prepared ? { prepared } : {}),
  };
}

function caseId(probe: ProbeRecord, name: string, shown: string): string {
  return pyStrRepr(`p${probe.index}: ${oneLine(`${name}(${shown})`, 70)}`);
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
export function buildCases(input: PytestModuleInput): {
  cases: Cases;
  skipped: { probe: number; reason: string }[];
  classes: Set<string>;
  /** Some case's receiver is written with `_after` (AFTER_HELPER). */
  prepared: boolean;
} {
  const name = input.qualname.slice(input.qualname.lastIndexOf('.') + 1);
  const cases: Cases = { returns: [], reprs: [], iterates: [], raises: [], mutates: [], prints: [] };
  const skipped: { probe: number; reason: string }[] = [];
  const classes = new Set<string>();
  let prepared = false;
  for (const { probe, built } of input.cases) {
    const r = probe.result;
    const call = callLiteral(built, input.moduleClasses);
    if ('reason' in call) {
      skipped.push({ probe: probe.index, reason: call.reason });
      continue;
    }
    if (call.receiverClass) classes.add(call.receiverClass);
    prepared ||= call.prepared === true;
    const make = call.source;
    const id = caseId(probe, name, call.shown);
    const raisedName = r.status === 'raised' ? shortTypeName(r.exception?.type ?? 'Exception') : undefined;
    const expectRaise = raisedName ? pyStrRepr(raisedName) : 'None';
    if (raisedName !== undefined) {
      cases.raises.push(`pytest.param(${make}, ${pyStrRepr(raisedName)}, id=${id})`);
    } else if (r.value?.iteration) {
      const it = r.value.iteration;
      if (it.raised) {
        skipped.push({ probe: probe.index, reason: 'its iterator raised while being read' });
        continue;
      }
      cases.iterates.push(`pytest.param(${make}, [${it.items.map(pyStrRepr).join(', ')}], ${it.ended ? 'True' : 'False'}, id=${id})`);
    } else if (r.value) {
      const literal = r.value.data && !r.value.truncated ? pyLiteral(r.value.data) : undefined;
      if (literal !== undefined) cases.returns.push(`pytest.param(${make}, ${literal}, id=${id})`);
      else if (r.value.truncated) {
        skipped.push({ probe: probe.index, reason: 'the returned value was too large to record whole' });
        continue;
      } else if (showsAddress(r.value.repr)) {
        skipped.push({ probe: probe.index, reason: 'the returned value is only known by a repr holding a memory address' });
        continue;
      } else cases.reprs.push(`pytest.param(${make}, ${pyStrRepr(shortTypeName(r.value.type))}, ${pyStrRepr(r.value.repr)}, id=${id})`);
    }
    // An object shown only by its address (`<app.Cart object at 0x1>`) has another at every run:
    // that its state changed is not something a repr can assert.
    const changes = r.mutations.filter((m) => !showsAddress(m.repr));
    if (changes.length > 0) {
      const expected = changes.map((m) => `${pyStrRepr(m.arg)}: ${pyStrRepr(m.repr)}`).join(', ');
      cases.mutates.push(`pytest.param(${make}, {${expected}}, ${expectRaise}, id=${id})`);
    }
    if (r.stdout.trim() && !r.outputTruncated) cases.prints.push(`pytest.param(${make}, ${pyStrRepr(r.stdout)}, ${expectRaise}, id=${id})`);
  }
  return { cases, skipped, classes, prepared };
}

/** Written when a case's receiver was filled by method calls before the call under test. */
const AFTER_HELPER = `

def _after(receiver, *calls):
    """The receiver after the method calls (name, args) the run made on it before the call under test."""
    for name, args in calls:
        getattr(receiver, name)(*args)
    return receiver`;

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
  const { cases, skipped: more, classes: used, prepared } = buildCases(input);
  const skipped = [...input.skipped, ...more].sort((a, b) => a.probe - b.probe);
  // Arguments that are dates or durations are written `datetime.date.fromisoformat(…)` (python-literal.ts).
  const lists = (Object.keys(cases) as (keyof Cases)[]).map((kind) => cases[kind]);
  const usesDatetime = lists.some((list) => list.some((c) => /\bdatetime\.(date|datetime|time|timedelta)\b/.test(c)));
  const plain = ['math', 'os', 'sys', ...(cases.iterates.length ? ['itertools'] : []), ...(usesDatetime ? ['datetime'] : [])].sort().map((m) => `import ${m}`);
  const classes = [...used].sort();
  const path = input.qualname.split('.');
  const caseCount = lists.reduce((n, list) => n + list.length, 0);

  const lines: string[] = [];
  lines.push(
    `"""Characterization tests of ${input.moduleName}.${input.qualname}, exported by PAU Probe: ${caseCount} cases from ${input.cases.length} probes.`,
  );
  lines.push('');
  lines.push('They record what the function did when it was probed; a failure means its behaviour changed.');
  if (input.notes?.length) {
    lines.push('');
    for (const note of input.notes) lines.push(note.replace(/"""/g, "'''").replace(/\\/g, '/'));
  }
  if (skipped.length) {
    lines.push('');
    lines.push('Probes left out:');
    for (const s of skipped) {
      // A left-out probe that reached a branch first may be the only one there: say so.
      const arcs = input.firstReached?.get(s.probe) ?? 0;
      const gap =
        arcs > 0
          ? `; it was the first probe to reach ${arcs === 1 ? 'a branch' : `${arcs} branches`} of the function, so the tests here possibly leave ${arcs === 1 ? 'it' : 'them'} unchecked`
          : '';
      lines.push(`  probe ${s.probe}: ${s.reason.replace(/"""/g, "'''").replace(/\\/g, '/')}${gap}`);
    }
  }
  lines.push('"""');
  lines.push(...plain);
  lines.push('');
  lines.push('import pytest');
  lines.push('');
  lines.push(`sys.path.insert(0, os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ${pyStrRepr(input.rootFromTest)})))`);
  lines.push('');
  lines.push(`import ${input.moduleName} as _module  # noqa: E402`);
  if (classes.length) lines.push(`from ${input.moduleName} import ${classes.join(', ')}  # noqa: E402`);
  lines.push('');
  lines.push(`TARGET = _module.${path.join('.')}`);
  lines.push(`NAME = ${pyStrRepr(path.at(-1) ?? input.qualname)}`);
  if (cases.iterates.length) lines.push('_END = object()');
  lines.push(HELPERS.trimEnd());
  if (prepared) lines.push(AFTER_HELPER);
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
