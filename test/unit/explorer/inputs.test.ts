// Input classes, annotations, calls built from inputs, request identity and mutation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPositions, describeInput, fromRequest, requestKey, toRequest, typesAccepted } from '../../../src/explorer/inputs.js';
import type { Input } from '../../../src/explorer/inputs.js';
import { classesForAnnotation, hintedOrder, typeClass } from '../../../src/explorer/type-classes.js';
import { mutateValue } from '../../../src/explorer/mutate.js';
import { Rng } from '../../../src/explorer/random.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { date, int, list, str, toSource } from '../../../src/explorer/values.js';
import { info, param } from './fake-python.js';

test('a raise whose exception could not describe itself for a type error is a refusal by type; other raises accept the types', () => {
  const raised = (type: string, message: string) => ({
    status: 'raised' as const,
    exception: { type, message },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 1,
  });
  assert.equal(
    typesAccepted(raised('pyparsing.exceptions.ParseException', "<str() of the exception raised TypeError: object of type 'int' has no len()>")),
    false,
  );
  assert.equal(typesAccepted(raised('pyparsing.exceptions.ParseException', "not preceded by abc, found 'abc'")), true);
  assert.equal(typesAccepted(raised('ValueError', '<str() of the exception raised RuntimeError: boom>')), true);
  assert.equal(typesAccepted(raised('TypeError', 'bad')), false);
});

test('annotations map to input classes; unknown ones to nothing', () => {
  const classes = ['BankAccount'];
  assert.deepEqual(classesForAnnotation('int', classes), ['int']);
  assert.deepEqual(classesForAnnotation('float', classes), ['float', 'int']);
  assert.deepEqual(classesForAnnotation('list[str]', classes), ['list[str]']);
  assert.deepEqual(classesForAnnotation('typing.List[int]', classes), ['list']);
  assert.deepEqual(classesForAnnotation('Sequence[List[int]]', classes), ['list[list]']);
  assert.deepEqual(classesForAnnotation('Optional[int]', classes), ['int', 'none']);
  assert.deepEqual(classesForAnnotation('int | None', classes), ['int', 'none']);
  assert.deepEqual(classesForAnnotation('Union[str, bytes]', classes), ['str', 'bytes']);
  assert.deepEqual(classesForAnnotation('Union[str, os.PathLike]', classes), null);
  assert.deepEqual(classesForAnnotation('Dict[str, int]', classes), ['dict']);
  assert.deepEqual(classesForAnnotation('datetime.date', classes), ['date']);
  assert.deepEqual(classesForAnnotation("'BankAccount'", classes)?.[0], 'new:BankAccount:');
  assert.equal(classesForAnnotation('Any', classes), null);
});

test('names are weak hints: they reorder the generic classes and drop none', () => {
  assert.equal(hintedOrder('n')[0], 'int');
  assert.equal(hintedOrder('text')[0], 'str');
  assert.equal(hintedOrder('items')[0], 'list');
  assert.equal(hintedOrder('start_date')[0], 'date');
  // A stream by another name is still a file object (shlex's push_source(newstream)).
  for (const name of ['newstream', 'instream', 'outstream', 'bytestream']) assert.equal(hintedOrder(name)[0], 'textfile', name);
  assert.deepEqual([...hintedOrder('zzz')].sort(), [...hintedOrder('items')].sort());
});

test('positions: receiver first, keyword-only as keywords, *args and **kwargs optional; anonymized ignores annotations and defaults', () => {
  const fn = info('m', {
    params: [
      param('self'),
      param('a', 'POSITIONAL_ONLY', { annotation: 'int' }),
      param('b', 'POSITIONAL_OR_KEYWORD', { default: '2' }),
      param('rest', 'VAR_POSITIONAL'),
      param('k', 'KEYWORD_ONLY', { annotation: 'str' }),
      param('kw', 'VAR_KEYWORD'),
    ],
    body: () => int(0),
    needsReceiver: true,
    ownerClass: 'Box',
    moduleClasses: ['Box'],
  });
  const sig = buildPositions(fn, 'signature');
  assert.deepEqual(
    sig.map((p) => [p.name, p.role]),
    [
      ['self', 'receiver'],
      ['a', 'positional'],
      ['b', 'positional'],
      ['rest', 'varargs'],
      ['rest', 'varargs'],
      ['rest', 'varargs'],
      ['k', 'keyword'],
      ['kw', 'varkw'],
    ],
  );
  assert.equal(sig[0]!.candidates[0], 'new:Box:');
  assert.equal(sig[1]!.candidates[0], 'int');
  assert.equal(sig[2]!.candidates[0], 'omit', 'a parameter with a default may be left out at signature');
  assert.deepEqual(sig[6]!.candidates.slice(0, 2), ['omit', 'str'], 'a keyword-only parameter is left out first (issue 11: options hid behaviour)');
  assert.deepEqual(sig[7]!.candidates, ['omit']);
  // Three *args slots (gcd needs two numbers, a merge shows itself with three); each is passed only after the one before.
  const slots = (...vs: (number | undefined)[]) => vs.map((v) => ({ cls: v === undefined ? 'omit' : 'int', value: v === undefined ? undefined : int(v) }));
  assert.deepEqual(toRequest(sig, slots(1, 2, 3, 4, 5, 6, undefined, undefined)), { args: ['2', '3', '4', '5', '6'], receiver: '1' });
  assert.deepEqual(toRequest(sig, slots(1, 2, 3, 4, undefined, undefined, undefined, undefined)), { args: ['2', '3', '4'], receiver: '1' });
  assert.deepEqual(toRequest(sig, slots(1, 2, 3, undefined, 4, undefined, undefined, undefined)), { args: ['2', '3'], receiver: '1' });
  const anon = buildPositions(fn, 'anonymized');
  assert.equal(anon[2]!.candidates[0], 'int', 'defaults are unknown when anonymized');
  assert.deepEqual(anon[1]!.candidates.slice(0, 3), ['int', 'list', 'str'], 'annotations are unknown when anonymized');
});

test('requests: keyword-only as kwargs, a left-out positional turns later ones into keywords', () => {
  const fn = info('f', {
    params: [
      param('a'),
      param('b', 'POSITIONAL_OR_KEYWORD', { default: '1' }),
      param('c', 'POSITIONAL_OR_KEYWORD', { default: '2' }),
      param('k', 'KEYWORD_ONLY'),
    ],
    body: () => int(0),
  });
  const positions = buildPositions(fn, 'signature');
  const slot = (v: PyValue | undefined) => ({ cls: v ? v.k : 'omit', value: v });
  assert.deepEqual(toRequest(positions, [slot(int(1)), slot(int(2)), slot(int(3)), slot(str('x'))]), { args: ['1', '2', '3'], kwargs: { k: "'x'" } });
  assert.deepEqual(toRequest(positions, [slot(int(1)), slot(undefined), slot(int(3)), slot(str('x'))]), { args: ['1'], kwargs: { c: '3', k: "'x'" } });
  const back = fromRequest(positions, { args: ['1'], kwargs: { c: '3', k: "'x'" } })!;
  assert.deepEqual(
    back.map((s) => (s.value ? toSource(s.value) : null)),
    ['1', null, '3', "'x'"],
  );
  assert.equal(describeInput(positions, back), '(positive int, positive int, str)');
});

test('**kwargs given a dict passes its str keys as keywords, and such a request reads back into it', () => {
  const fn = info('f', { params: [param('a'), param('opts', 'VAR_KEYWORD')], body: () => int(0) });
  const positions = buildPositions(fn, 'signature');
  const extra: PyValue = { k: 'dict', entries: [[str('strict'), int(1)]] };
  assert.deepEqual(
    toRequest(positions, [
      { cls: 'int', value: int(3) },
      { cls: 'dict', value: extra },
    ]),
    { args: ['3'], kwargs: { strict: '1' } },
  );
  const back = fromRequest(positions, { args: ['3'], kwargs: { strict: '1' } })!;
  assert.deepEqual(
    back.map((s) => (s.value ? toSource(s.value) : null)),
    ['3', "{'strict': 1}"],
  );
});

test('request identity ignores how the source is spaced, not what it says', () => {
  assert.equal(requestKey({ args: ['[1,2]', "'a b'"] }), requestKey({ args: ['[1, 2]', "'a b'"] }));
  assert.notEqual(requestKey({ args: ["'a b'"] }), requestKey({ args: ["'ab'"] }));
  assert.equal(requestKey({ args: [], kwargs: { b: '1', a: '2' } }), requestKey({ args: [], kwargs: { a: '2', b: '1' } }));
  assert.notEqual(requestKey({ args: ['1'] }), requestKey({ args: ['1'], receiver: 'C()' }));
  // Outside the reader's literals: blanks outside strings are still ignored.
  assert.equal(requestKey({ args: ['lambda x:  x'] }), requestKey({ args: ['lambda x: x'] }));
  assert.notEqual(requestKey({ args: ["f(' a ')"] }), requestKey({ args: ["f('a')"] }));
});

test('every battery value is valid source and the representative comes first', () => {
  for (const id of ['int', 'float', 'bool', 'str', 'list', 'list[str]', 'list[list]', 'tuple', 'dict', 'set', 'none', 'date', 'new:C:int']) {
    const values = typeClass(id).values;
    assert.ok(values.length > 0, id);
    for (const v of values) assert.ok(v !== undefined && toSource(v).length > 0, id);
  }
  assert.equal(toSource(typeClass('int').values[0]!), '3');
  assert.throws(() => typeClass('nonsense'), /unknown input class/);
});

test('the files written first for a file name come in each format the search knows, plain lines first', () => {
  const names = typeClass('scratchfile').values.map((v) => (v?.k === 'call' && v.args[0]?.k === 'str' ? v.args[0].v : ''));
  assert.equal(names[0], 'notes.txt');
  for (const ext of ['ini', 'json', 'toml', 'csv', 'yaml']) assert.ok(names.includes(`data.${ext}`), names.join(', '));
});

test('a match object is mutated in its text only: its pattern keeps compiling', () => {
  const match: PyValue = { k: 'call', callee: 're.match', args: [str(String.raw`(\d)(\d)`), str('12')] };
  const rng = new Rng(7);
  for (let k = 0; k < 20; k++) {
    const m = mutateValue(match, rng);
    assert.equal(m.k === 'call' && m.args[0] ? toSource(m.args[0]) : '', toSource(str(String.raw`(\d)(\d)`)));
  }
});

test('mutation keeps the kind, is deterministic for a seed, and does not blow numbers up', () => {
  const run = (seed: number) => {
    const rng = new Rng(seed);
    const out: string[] = [];
    let v: PyValue = list([int(3), int(1), int(2)]);
    for (let i = 0; i < 30; i++) {
      v = mutateValue(v, rng);
      out.push(toSource(v));
    }
    return out;
  };
  assert.deepEqual(run(7), run(7));
  assert.notDeepEqual(run(7), run(8));
  const rng = new Rng(1);
  let n: PyValue = int(5);
  let s: PyValue = str('abc');
  let d: PyValue = date(2024, 1, 31);
  for (let i = 0; i < 200; i++) {
    n = mutateValue(n, rng);
    s = mutateValue(s, rng);
    d = mutateValue(d, rng);
    assert.equal(n.k, 'int');
    assert.equal(s.k, 'str');
    assert.equal(d.k, 'date');
  }
  assert.ok((n as { v: bigint }).v < 10n ** 8n && (n as { v: bigint }).v > -(10n ** 8n), `int grew to ${toSource(n)}`);
  assert.ok((s as { v: string }).v.length < 200);
  const input: Input = [{ cls: 'date', value: d }];
  assert.match(toSource(input[0]!.value!), /^datetime\.date\(\d+, \d+, \d+\)$/);
});
