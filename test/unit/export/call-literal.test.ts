// How the pytest export writes a call: the values the worker built, as literals of built-in
// types; anything else (a value that is not plain data, a receiver class the module does not
// have, a forged class name) leaves the probe out with the reason.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BuiltArguments, TaggedValue } from '../../../src/core/probe-types.js';
import { callLiteral } from '../../../src/export/pytest-source.js';

const int = (v: number): TaggedValue => ({ t: 'int', v: String(v) });
const str = (v: string): TaggedValue => ({ t: 'str', v });
const other = (type: string): TaggedValue => ({ t: 'other', type, repr: '' });
const built = (over: Partial<BuiltArguments> = {}): BuiltArguments => ({ args: [], kwargs: {}, ...over });

test('plain values become literals; keyword names are string literals', () => {
  const call = callLiteral(built({ args: [int(5), { t: 'list', v: [str("it's"), str(`'"`), { t: 'none' }] }], kwargs: { "k'": { t: 'bool', v: true } } }), []);
  // Quoted as Python's repr() quotes them (what the interpreter printed for the same tuple).
  assert.deepEqual(call, { source: `lambda: (None, [5, ["it's", '\\'"', None]], {"k'": True})`, shown: `5, ["it's", '\\'"', None], k'=True` });
});

test('a value that is not plain data leaves the probe out, naming the argument and its type', () => {
  const call = callLiteral(built({ args: [int(1), other('function')] }), []);
  assert.ok('reason' in call);
  assert.match(call.reason, /^args\[1\] \(function\) is not plain data/);
  const kw = callLiteral(built({ kwargs: { key: other('datetime.date') } }), []);
  assert.ok('reason' in kw && /^kwargs\.key \(datetime\.date\)/.test(kw.reason));
});

test("a receiver is written only as one of the module's classes, with plain arguments", () => {
  const receiver = { className: 'BankAccount', args: [int(100)], kwargs: { owner: str('ann') } };
  assert.deepEqual(callLiteral(built({ args: [int(5)], receiver }), ['BankAccount']), {
    source: "lambda: (BankAccount(100, owner='ann'), [5], {})",
    shown: '5',
    receiverClass: 'BankAccount',
  });
  for (const className of ['Other', "__import__('os').system", 'BankAccount(1); import os', 'os.system']) {
    const call = callLiteral(built({ receiver: { ...receiver, className } }), ['BankAccount']);
    assert.ok('reason' in call, `${className} was written`);
  }
  const forgedKey = callLiteral(built({ receiver: { ...receiver, kwargs: { 'x=__import__("os")': int(1) } } }), ['BankAccount']);
  assert.ok('reason' in forgedKey);
  const forgedArg = callLiteral(built({ receiver: { ...receiver, args: [other('function')] } }), ['BankAccount']);
  assert.ok('reason' in forgedArg);
  const notPlain = callLiteral(built({ receiverNotPlain: true }), ['BankAccount']);
  assert.ok('reason' in notPlain && /receiver/.test(notPlain.reason));
});

test('dates, times and durations are built again from their ISO text; any other text leaves the probe out', () => {
  const temporal = (type: 'date' | 'datetime' | 'time' | 'timedelta', v: string): TaggedValue => ({ t: 'temporal', type, v });
  const call = callLiteral(
    built({
      args: [temporal('date', '2024-01-05'), temporal('datetime', '2024-01-05T10:30:00.000001+02:00')],
      kwargs: { at: temporal('time', '23:59:59'), step: temporal('timedelta', '-1 86399 5') },
    }),
    [],
  );
  assert.ok('source' in call);
  assert.equal(
    call.source,
    "lambda: (None, [datetime.date.fromisoformat('2024-01-05'), datetime.datetime.fromisoformat('2024-01-05T10:30:00.000001+02:00')], " +
      "{'at': datetime.time.fromisoformat('23:59:59'), 'step': datetime.timedelta(days=-1, seconds=86399, microseconds=5)})",
  );
  // The worker's answer is untrusted: text of another shape is never written.
  for (const forged of [temporal('date', "2024-01-05'); import os; ('"), temporal('timedelta', '1 2 3); os.system("x"'), temporal('time', '')]) {
    const refused = callLiteral(built({ args: [forged] }), []);
    assert.ok('reason' in refused, JSON.stringify(forged));
  }
});

test('a receiver filled by method calls first is written with them, by name, through _after; anything else leaves the probe out', () => {
  // The new-user trial's TodoList.complete: every probe that returned had s = TodoList(); s.add('hello').
  const receiver = { className: 'TodoList', args: [], kwargs: {}, calls: [{ method: 'add', args: [str('hello')] }] };
  assert.deepEqual(callLiteral(built({ args: [str('hello')], receiver }), ['TodoList']), {
    source: "lambda: (_after(TodoList(), ('add', ['hello'])), ['hello'], {})",
    shown: "'hello'",
    receiverClass: 'TodoList',
    prepared: true,
  });
  for (const method of ['add(1); import os', "__import__('os')", 'a.b', '__class__']) {
    const call = callLiteral(built({ receiver: { ...receiver, calls: [{ method, args: [] }] } }), ['TodoList']);
    assert.ok('reason' in call, `${method} was written`);
  }
  const notPlain = callLiteral(built({ receiver: { ...receiver, calls: [{ method: 'add', args: [other('function')] }] } }), ['TodoList']);
  assert.ok('reason' in notPlain && /preparing call 1's args\[0\] \(function\)/.test(notPlain.reason), JSON.stringify(notPlain));
});
