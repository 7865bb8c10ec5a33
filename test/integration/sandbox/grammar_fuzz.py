"""Grammar fuzz: generates argument sources that mix allowed names with every known route to
code or private attributes (higher-order builtins, attrgetter/methodcaller, lambdas, splats,
size bombs) and checks that evaluating them never reaches anything outside the allowed set.

Run as: python3 grammar_fuzz.py PACKAGE_ROOT COUNT SEED. Prints one JSON line of counts; the
first escape found is printed with its source and the process exits 1.

The oracle, independent of the grammar's own checks:
- an audit hook records exec/compile/import/open, object.__getattr__ (CPython raises it for
  __globals__, __code__, frame and generator internals) and every other event but a few
  harmless ones, while the tree is evaluated (parsing happens before);
- the value built must hold no forbidden object: exec, eval, compile, open, getattr and the
  like, modules, code objects, frames.
"""
import builtins
import json
import random
import sys
import types

sys.path.insert(0, sys.argv[1])
from pau_probe import safe_args  # noqa: E402

COUNT = int(sys.argv[2])
rng = random.Random(int(sys.argv[3]))

ALLOWED_NAMES = sorted(n for n in safe_args._VALUES if '.' not in n)
ALLOWED_DOTTED = sorted(n for n in safe_args._VALUES if '.' in n)
HIGHER_ORDER = ['map', 'filter', 'sorted', 'min', 'max', 'iter', 'next', 'list', 'tuple', 'dict', 'set', 'sum', 'any', 'all', 'zip', 'enumerate']
DANGEROUS_NAMES = ['exec', 'eval', 'compile', 'getattr', 'open', '__import__', 'globals', 'vars', 'type', 'object', 'os', 'sys', 'builtins',
                   '__builtins__', 'breakpoint', 'help', 'input', 'setattr', 'locals', 'memoryview', 'super', 'classmethod', 'property']
ATTR_PATHS = ['__self__.exec', '__self__.eval', '__class__', '__class__.__mro__', '__globals__', '__code__', '__reduce__', '__reduce_ex__',
              '__subclasses__', '__init__.__globals__', '__builtins__', 'format', 'format_map', '__dict__', 'gi_frame', 'f_back', 'mro',
              '__self__', '__module__', 'upper', 'x', 'real', 'imag', 'numerator', 'keys', 'items', 'append', '__getattribute__',
              'gi_frame.f_builtins', 'gi_code', 'f_globals', 'cr_frame', 'tb_frame']
PRIVATE_ATTRS = ['__class__', '__self__', '__globals__', '__dict__', '__code__', '__bases__', 'mro', 'format', 'gi_frame', 'f_globals', 'upper', 'real']
OBJECTS = ['(lambda c: iter(c.keys()))(ChainMap({1: 2}))', 'ChainMap({1: 2})', "Counter('ab')", '[1]', "'s'", 'SimpleNamespace(a=1)']
FORBIDDEN = {id(o): name for name, o in vars(builtins).items() if name in (
    'exec', 'eval', 'compile', 'open', 'getattr', 'setattr', 'delattr', '__import__', 'globals', 'locals', 'vars', 'breakpoint', 'input',
    'help', 'exit', 'quit', 'memoryview', 'object', 'type', 'super')}
FORBIDDEN[id(vars(builtins))] = 'the builtins namespace'  # a frame's f_builtins
FORBIDDEN_TYPES = (types.ModuleType, types.CodeType, types.FrameType, types.TracebackType, types.GeneratorType, types.CellType)
HARMLESS_EVENTS = {'object.__setattr__', 'builtins.id'}  # the evaluator names its own lambdas; id() is audited


def literal():
    return rng.choice(['1', '-2', '3.5', "'a'", "'__class__'", "b'x'", 'True', 'None', '[1, 2]', '(1,)', "{'k': 1}", '10**8', "'a' * 5",
                       repr(rng.choice(ATTR_PATHS)), '[' + repr(rng.choice(ATTR_PATHS)) + ']', 'range(3)', '2**20'])


def callable_source(depth):
    pick = rng.random()
    if pick < 0.3:
        return rng.choice(ALLOWED_NAMES + ALLOWED_DOTTED)
    if pick < 0.45:
        return rng.choice(DANGEROUS_NAMES)
    if pick < 0.6:
        return 'operator.attrgetter(%r)' % rng.choice(ATTR_PATHS)
    if pick < 0.7:
        return 'operator.methodcaller(%r)' % rng.choice(ATTR_PATHS)
    if pick < 0.85:
        private = 'x: x.%s' % rng.choice(PRIVATE_ATTRS)  # same draw order as one list literal
        bodies = [private, 'f: f(%s)' % expression(depth + 1), 'x: %s' % expression(depth + 1), '*a: a', 'x, y=%s: y' % expression(depth + 1)]
        return 'lambda %s' % rng.choice(bodies)
    return rng.choice(['operator.attrgetter', 'operator.methodcaller', 'operator.mul', 'pow', 'str.join', 'str.replace', 'bytes', 'list'])


def expression(depth=0):
    if depth > 3:
        return literal()
    pick = rng.random()
    if pick < 0.2:
        return literal()
    if pick < 0.45:
        return '%s(%s, [%s])' % (rng.choice(HIGHER_ORDER[:2]), callable_source(depth), ', '.join(expression(depth + 1) for _ in range(rng.randint(1, 2))))
    if pick < 0.55:
        return 'next(map(%s, %s, %s))' % (callable_source(depth), '[%s]' % expression(depth + 1), '[%s]' % expression(depth + 1))
    if pick < 0.62:
        return 'sorted([%s, %s], key=%s)' % (expression(depth + 1), expression(depth + 1), callable_source(depth))
    if pick < 0.7:
        if rng.random() < 0.5:  # operator's getters on objects whose internals reach the interpreter (a generator's frame)
            return '%s(%r)(%s)' % (rng.choice(['operator.attrgetter', 'operator.methodcaller']), rng.choice(ATTR_PATHS), rng.choice(OBJECTS))
        return '%s(%s)' % (callable_source(depth), expression(depth + 1))
    if pick < 0.78:
        return '(%s)(%s)' % (expression(depth + 1), expression(depth + 1))
    if pick < 0.84:
        return '%s.%s' % (expression(depth + 1), rng.choice(PRIVATE_ATTRS))
    if pick < 0.9:
        return '%s %s %s' % (expression(depth + 1), rng.choice(['*', '+', '**', '<<', '%']), expression(depth + 1))
    if pick < 0.95:
        return '[*%s]' % expression(depth + 1)
    return '%s(*%s)' % (callable_source(depth), expression(depth + 1))


events = []
watching = [False]


def hook(event, args):
    if not watching[0] or event in HARMLESS_EVENTS:
        return
    if event == 'import' and args and str(args[0]).startswith('encodings'):
        return  # str(b, encoding) and bytes(s, encoding) look codecs up in the encodings package
    events.append(event + (':%s' % (args[0],) if event in ('import', 'open', 'object.__getattr__') and args else ''))


sys.addaudithook(hook)


def forbidden_in(value, seen, depth=0):
    if depth > 6 or id(value) in seen:
        return None
    seen.add(id(value))
    if id(value) in FORBIDDEN:
        return FORBIDDEN[id(value)]
    if isinstance(value, FORBIDDEN_TYPES):
        return type(value).__name__
    if isinstance(value, (list, tuple, set, frozenset)):
        for item in list(value)[:50]:
            found = forbidden_in(item, seen, depth + 1)
            if found:
                return found
    if isinstance(value, dict):
        for item in list(value.items())[:50]:
            found = forbidden_in(item, seen, depth + 1)
            if found:
                return found
    return None


counts = {'sources': 0, 'accepted': 0, 'rejected': 0, 'other_errors': 0}
for _ in range(COUNT):
    source = expression()
    counts['sources'] += 1
    try:
        tree = safe_args._parse_and_check(source, frozenset())
    except (safe_args.ArgumentRejected, SyntaxError, ValueError, RecursionError):
        counts['rejected'] += 1
        continue
    del events[:]
    watching[0] = True
    try:
        value = safe_args._Evaluator({}).eval(tree.body, {})
        outcome = 'accepted'
    except safe_args.ArgumentRejected:
        value, outcome = None, 'rejected'
    except BaseException:  # noqa: B902 — a TypeError of a nonsense call is fine: only what it reached counts
        value, outcome = None, 'other_errors'
    finally:
        watching[0] = False
    counts[outcome] += 1
    reached = forbidden_in(value, set())
    if events or reached:
        print(json.dumps({'escape': source, 'events': sorted(set(events)), 'value': reached}))
        sys.exit(1)
print(json.dumps(counts))
