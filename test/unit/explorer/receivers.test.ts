// A receiver built again as its constructor's refusal asks (receivers.ts).
import assert from 'node:assert/strict';
import test from 'node:test';
import type { ArgumentClass, ParameterInfo } from '../../../src/core/probe-types.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { byReceiver, info, param as fakeParam, pyStr } from './fake-python.js';
import { instancesWithAttribute, rebuiltAsAsked } from '../../../src/explorer/receivers.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, none, toSource } from '../../../src/explorer/values.js';

const param = (name: string): ParameterInfo => ({ name, kind: 'POSITIONAL_OR_KEYWORD' });
const built = (callee: string, args: PyValue[]): PyValue => ({ k: 'call', callee, args });
const sources = (vs: PyValue[]): string[] => vs.map(toSource);

test('a constructor that wants a callable is given one in place of its only argument', () => {
  const rebuilt = rebuiltAsAsked(built('Curried', [int(100)]), 'receiver: building `Curried(100)` raised TypeError: Input must be callable', [param('func')]);
  assert.deepEqual(sources(rebuilt), ['Curried(len)']);
});

test('the argument the refusal names by its parameter is the one replaced, with what it asks for', () => {
  const args = [int(2024), int(3), int(15), int(7)];
  const message = "receiver: building `Stamp(2024, 3, 15, 7)` raised TypeError: tzinfo argument must be None or of a tzinfo subclass, not type 'int'";
  const rebuilt = rebuiltAsAsked(built('Stamp', args), message, ['year', 'month', 'day', 'tzinfo'].map(param));
  assert.deepEqual(sources(rebuilt), [toSource(built('Stamp', [int(2024), int(3), int(15), none]))]);
});

test('a constructor that wants a file to write to, naming the argument by its place, gets empty files there', () => {
  const fn: PyValue = { k: 'fn', src: 'len' };
  const fields: PyValue = { k: 'list', items: [] };
  const message = 'receiver: building `DictWriter(len, [])` raised TypeError: argument 1 must have a "write" method';
  assert.deepEqual(sources(rebuiltAsAsked(built('DictWriter', [fn, fields]), message, [param('f'), param('fieldnames')])), [
    "DictWriter(io.StringIO(''), [])",
    "DictWriter(io.BytesIO(b''), [])",
  ]);
  // An OSError about a descriptor asks for no file: the one argument gets what the message suggests instead.
  const oserror = 'receiver: building `GzipFile(100)` raised OSError: [Errno 9] Bad file descriptor';
  assert.deepEqual(sources(rebuiltAsAsked(built('GzipFile', [int(100)]), oserror, [param('filename')])), ['GzipFile(9)']);
});

test('a refusal that names no argument of several, nor a class or a value, rebuilds nothing', () => {
  assert.deepEqual(
    rebuiltAsAsked(built('Pair', [int(1), int(2)]), 'receiver: building `Pair(1, 2)` raised ValueError: bad pair', [param('a'), param('b')]),
    [],
  );
  assert.deepEqual(rebuiltAsAsked(built('Empty', []), 'receiver: building `Empty()` raised TypeError: Input must be callable', []), []);
});

test('instances with an attribute: the classes needing fewest arguments first; a mixin gets only classes that mix it in', () => {
  const classes: ArgumentClass[] = [
    { name: 'Abstract', attributes: ['body'], init: [param('value'), param('trivia')] },
    { name: 'Holder', attributes: ['body', 'first_item'], init: [{ name: 'parsed', kind: 'POSITIONAL_OR_KEYWORD', default: 'False' }] },
    { name: 'Named', attributes: ['first_item'], init: [], bases: ['AliasMixin', 'Item'] },
  ];
  assert.equal(toSource(instancesWithAttribute(classes, 'body')[0]!), 'Holder()');
  assert.deepEqual(sources(instancesWithAttribute(classes, 'first_item', { within: 'AliasMixin' })), ['Named()']);
  assert.deepEqual(instancesWithAttribute(classes, 'first_item', { within: 'Other' }), []);
});

test('a receiver refused when built from no arguments is built with its first option, of the family its name suggests', async () => {
  const fn: FakeFunction = {
    params: [],
    needsReceiver: true,
    ownerClass: 'Version',
    ownerInit: [fakeParam('version_string', 'POSITIONAL_OR_KEYWORD', { default: 'None' }), fakeParam('major', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: () => pyStr(''),
  };
  // As semantic_version's: only the bare call's refusal shows a version, which is no argument of it.
  const refusal = (receiver: string): string =>
    receiver === 'Version()'
      ? "ValueError: Call either Version('1.2.3') or Version(major=1, …)"
      : receiver.startsWith("Version('")
        ? `ValueError: Invalid version string: ${receiver.slice(8, -1)}`
        : "TypeError: expected string or bytes-like object, got 'int'";
  const { probe, received } = byReceiver((receiver) => (receiver === "Version('1.2.3')" ? undefined : refusal(receiver)), {
    type: 'Version',
    repr: "Version('2.0.0')",
  });
  await exploreOffline(info('next_major', fn), probe, { maxProbes: 20, strictness: 'signature' });
  assert.ok(received.includes("Version('1.2.3')"), received.join(' | '));
});
