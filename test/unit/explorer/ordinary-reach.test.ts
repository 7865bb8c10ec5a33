// Inputs a person at a REPL tries in the first minute, which the search missed on the reach15 draw:
// a str where a concatenation refused another type, a version for `v1`, the node a visitor names,
// a receiver filled before a method that found it empty with no message, the next value of a
// constructor parameter's family after the first was refused, an argument built as the receiver
// was when the code asked it for an attribute the receiver holds. Each a class of input, on a fake.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ObjectState } from '../../../src/core/probe-types.js';
import type { ProbeFn } from '../../../src/core/run-types.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { buildPositions } from '../../../src/explorer/inputs.js';
import { classesAskedFor } from '../../../src/explorer/mined-values.js';
import { valuesForName, valuesForRefusal } from '../../../src/explorer/name-hints.js';
import { withNextFamilyValue } from '../../../src/explorer/receiver-options.js';
import { namesTypeOf } from '../../../src/explorer/receivers.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, str, toSource } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, byReceiver, fakeProbe, info, param, pyInt } from './fake-python.js';

const BUDGET = 20;
const shown = (records: ProbeRecord[]): string =>
  records.map((r) => `${r.receiver ?? ''} ${r.args.join(', ')} -> ${r.result.status} ${r.result.exception?.message ?? ''} ${r.note ?? ''}`).join('\n');
const PY_NAMES: Record<string, string> = { int: 'int', float: 'float', list: 'list', str: 'str', fn: 'function', date: 'datetime.date' };

test('a str concatenation refused for another type gives the argument of that type a str', async () => {
  assert.deepEqual(classesAskedFor('can only concatenate str (not "int") to str'), ['str']);
  assert.deepEqual(classesAskedFor('can only concatenate list (not "tuple") to list'), ['list']);
  assert.ok(namesTypeOf('can only concatenate str (not "int") to str', int(3)));
  assert.ok(!namesTypeOf('can only concatenate str (not "int") to str', str('a')));
  // boltons' construct_format_field_str(fname, fspec, conv): '{' + fname + '!' + conv + ':' + fspec + '}'.
  const field: FakeFunction = {
    params: [param('fname'), param('fspec'), param('conv')],
    body: (args) => {
      const other = args.find((a) => a.k !== 'str');
      if (other) throw new PyError('TypeError', `can only concatenate str (not "${PY_NAMES[other.k] ?? other.k}") to str`);
      const [name, spec, conv] = args.map((a) => (a.k === 'str' ? a.v : ''));
      return str(`{${name}!${conv}:${spec}}`);
    },
  };
  const { probe, records } = fakeProbe(field);
  await exploreOffline(info('construct_format_field_str', field), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    records.some((r) => r.result.status === 'returned'),
    shown(records),
  );
});

test('a parameter numbered as one of a pair takes the family of its name without the number; one letter only where clear', () => {
  assert.equal(toSource(valuesForName('v1')[0] ?? str('none')), "'1.2.3'");
  assert.equal(toSource(valuesForName('url_2')[0] ?? str('none')), toSource(valuesForName('url')[0] ?? str('other')));
  assert.deepEqual(valuesForName('f1'), [], 'f1 may be a file as well as a function');
  assert.deepEqual(valuesForName('e2'), []);
  // A name a family matches as it is keeps that family (`y1`: a year).
  assert.deepEqual(valuesForName('y1'), valuesForName('start_year'));
});

test("a visitor of one node class is given that class's node first", () => {
  const visit = { ...info('visit_Constant', { params: [param('node')], body: () => pyInt(0) }), moduleClasses: ['AST', 'NodeVisitor'] };
  const [node] = buildPositions(visit, 'signature');
  assert.equal(toSource(node?.hinted?.[0] ?? str('none')), "ast_node('Constant')");
  const plain = { ...info('generic_visit', { params: [param('node')], body: () => pyInt(0) }), moduleClasses: ['AST'] };
  assert.equal(toSource(buildPositions(plain, 'signature')[0]?.hinted?.[0] ?? str('none')), "ast_node('Name')");
});

test('a method refused with an Empty exception and no message is called on a receiver filled first', async () => {
  const getNowait: FakeFunction = {
    params: [],
    needsReceiver: true,
    ownerClass: 'Queue',
    ownerInit: [param('maxsize', 'POSITIONAL_OR_KEYWORD', { default: '0' })],
    moduleClasses: ['Queue'],
    ownerMethods: [
      { name: 'put', required: 1, params: ['item'] },
      { name: 'qsize', required: 0, params: [] },
    ],
    // What was put is kept as a tuple among the receiver's arguments (the fake's state).
    fill: (receiver, method, args) =>
      receiver.k === 'call' && method === 'put' ? { ...receiver, args: [...receiver.args, { k: 'tuple', items: args }] } : receiver,
    body: (_args, _kwargs, receiver) => {
      const put = receiver?.k === 'call' ? receiver.args.find((a) => a.k === 'tuple') : undefined;
      if (put?.k !== 'tuple' || !put.items[0]) throw new PyError('_queue.Empty', '');
      return put.items[0];
    },
  };
  const { probe, records } = fakeProbe(getNowait);
  await exploreOffline(info('get_nowait', getNowait), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    records.some((r) => r.result.status === 'returned' && r.receiver?.includes('s.put(')),
    shown(records),
  );
});

test("a receiver refused for its parameter family's first value is built with the family's next one", async () => {
  const spec = [param('spec', 'POSITIONAL_OR_KEYWORD', { default: "''" }), param('prereleases', 'POSITIONAL_OR_KEYWORD', { default: 'None' })];
  const built: PyValue = { k: 'call', callee: 'Specifier', args: [str('>=1.0,<2.0')] };
  assert.equal(toSource(withNextFamilyValue(built, spec) ?? str('none')), "Specifier('==1.2.3')");
  assert.equal(withNextFamilyValue({ k: 'call', callee: 'Specifier', args: [str('abc')] }, spec), undefined, 'no value of the family');
  assert.equal(withNextFamilyValue({ k: 'call', callee: 'Specifier', args: [] }, spec), undefined);
  // packaging's Specifier takes one clause: '>=1.0,<2.0' is a SpecifierSet's.
  const contains: FakeFunction = { params: [param('item')], needsReceiver: true, ownerClass: 'Specifier', ownerInit: spec, body: () => pyInt(1) };
  const { probe, received } = byReceiver(
    (receiver) =>
      /^Specifier\('(?:==|>=|~=)[\d.]+'\)$/.test(receiver)
        ? undefined
        : /^Specifier\('/.test(receiver)
          ? `InvalidSpecifier: Invalid specifier: ${receiver.slice(10, -1)}`
          : /^Specifier\(\)$/.test(receiver)
            ? "InvalidSpecifier: Invalid specifier: ''"
            : "TypeError: expected string or bytes-like object, got 'int'",
    { type: 'bool', repr: 'True' },
  );
  await exploreOffline(info('contains', contains), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(received.includes("Specifier('==1.2.3')"), received.join(' | '));
});

test('an argument asked for an attribute the receiver was seen to hold is given one built as the receiver was', async () => {
  // lazr.uri's URI.contains(other): other.scheme, other.host… of another URI.
  const uriState = (uri: PyValue): ObjectState => ({
    attributes: uri.k === 'call' ? [{ name: 'scheme', value: { t: 'str', v: 'https' } }] : [],
  });
  const contains: FakeFunction = {
    params: [param('other')],
    needsReceiver: true,
    ownerClass: 'URI',
    ownerInit: [param('uri')],
    // Classes the sweep builds arguments of come first: not URI.
    moduleClasses: ['Authority', 'Path', 'Query', 'URI'],
    body: ([other]) => {
      if (other?.k !== 'call' || other.callee !== 'URI')
        throw new PyError('AttributeError', `'${PY_NAMES[other?.k ?? ''] ?? 'NoneType'}' object has no attribute 'scheme'`);
      return { k: 'bool', v: true };
    },
  };
  const fake = fakeProbe(contains);
  // The worker reports a receiver's state before a call whether the call returned or raised.
  const probe: ProbeFn = async (request, note, options) => {
    const record = await fake.probe(request, note, options);
    const receiver = request.receiver === undefined ? undefined : ({ k: 'call', callee: 'URI', args: [] } as PyValue);
    return receiver && /^URI\('/.test(request.receiver ?? '')
      ? { ...record, result: { ...record.result, receiverState: { before: uriState(receiver), after: uriState(receiver) } } }
      : record;
  };
  await exploreOffline(info('contains', contains), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    fake.records.some((r) => r.result.status === 'returned' && /^URI\(/.test(r.args[0] ?? '')),
    shown(fake.records),
  );
});

test('seeding an anonymized agent: a receiver is never rebuilt with the writing mode or the missing option its names told', async () => {
  const result = (message: string | undefined): ProbeRecord['result'] =>
    message === undefined
      ? { status: 'returned', value: { type: 'int', repr: '3', truncated: false }, mutations: [], stdout: '', stderr: '', durationMs: 0 }
      : message.startsWith('receiver:')
        ? { status: 'rejected', exception: { type: 'ArgumentRejected', message }, mutations: [], stdout: '', stderr: '', durationMs: 0 }
        : { status: 'raised', exception: { type: 'OSError', message }, mutations: [], stdout: '', stderr: '', durationMs: 0 };
  // gzip's GzipFile.write: refused on a file opened for reading, written on one opened with 'w' or 'wb'.
  const write: FakeFunction = {
    params: [param('data')],
    needsReceiver: true,
    ownerClass: 'GzipFile',
    ownerInit: [param('filename'), param('mode', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    moduleClasses: ['GzipFile'],
    body: () => pyInt(3),
  };
  // hmac's HMAC.digest: its constructor refuses a key alone, and builds with a digestmod.
  const digest: FakeFunction = {
    params: [],
    needsReceiver: true,
    ownerClass: 'HMAC',
    ownerInit: [param('key'), param('msg', 'POSITIONAL_OR_KEYWORD', { default: 'None' }), param('digestmod', 'POSITIONAL_OR_KEYWORD', { default: "''" })],
    moduleClasses: ['HMAC'],
    body: () => pyInt(3),
  };
  const runs = async (
    name: string,
    fn: FakeFunction,
    answer: (receiver: string) => string | undefined,
    opts: { seeding?: boolean; strictness: 'anonymized' | 'signature' },
  ): Promise<string[]> => {
    const received: string[] = [];
    const probe: ProbeFn = async (request, note) => {
      received.push(request.receiver ?? '');
      return { index: received.length, ...request, origin: 'offline', ...(note ? { note } : {}), result: result(answer(request.receiver ?? '')) };
    };
    await exploreOffline(info(name, fn), probe, { maxProbes: BUDGET, ...opts });
    return received;
  };
  const writing = (receiver: string): string | undefined => (/, 'wb?'\)$/.test(receiver) ? undefined : '[Errno 9] write() on read-only GzipFile object');
  const keyed = (receiver: string): string | undefined =>
    /'sha256'|'md5'/.test(receiver) ? undefined : `receiver: building \`${receiver}\` raised TypeError: Missing required parameter 'digestmod'.`;
  // Where names may guide the search, both rebuilds are made (the check below can fail)…
  assert.ok((await runs('write', write, writing, { strictness: 'signature' })).some((r) => /, 'wb?'\)$/.test(r)));
  assert.ok((await runs('digest', digest, keyed, { strictness: 'signature' })).some((r) => /'sha256'/.test(r)));
  // …and none where the seeds must not carry what the names told.
  const hidden = { seeding: true, strictness: 'anonymized' } as const;
  const anonymousWrites = await runs('write', write, writing, hidden);
  assert.ok(!anonymousWrites.some((r) => /, 'wb?'\)$/.test(r)), anonymousWrites.join(' | '));
  const anonymousDigests = await runs('digest', digest, keyed, hidden);
  assert.ok(!anonymousDigests.some((r) => /'sha256'|'md5'/.test(r)), anonymousDigests.join(' | '));
});

test("a writer refused for settings not made yet is prepared through the setters the messages name, one more each time; a constructor's `f` is a file first", async () => {
  // wave's Wave_write(f).writeframes(data): channels, sample width and rate must be set first, and it writes to f.
  const settings = ['setnchannels', 'setsampwidth', 'setframerate'];
  const missing = ['# channels not specified', 'sample width not specified', 'sampling rate not specified'];
  const writeframes: FakeFunction = {
    params: [param('data')],
    needsReceiver: true,
    ownerClass: 'Wave_write',
    ownerInit: [param('f')],
    moduleClasses: ['Wave_write'],
    ownerMethods: [...settings, 'setcomptype', 'close'].map((name) => ({
      name,
      required: name === 'close' ? 0 : 1,
      params: name === 'close' ? [] : ['value'],
    })),
    // What was set is kept as a tuple among the receiver's arguments (the fake's state).
    fill: (receiver, method, args) =>
      receiver.k === 'call' ? { ...receiver, args: [...receiver.args, { k: 'tuple', items: [str(method), ...args] }] } : receiver,
    body: (_args, _kwargs, receiver) => {
      const made = receiver?.k === 'call' ? receiver.args.flatMap((a) => (a.k === 'tuple' && a.items[0]?.k === 'str' ? [a.items[0].v] : [])) : [];
      const unset = settings.findIndex((s) => !made.includes(s));
      if (unset >= 0) throw new PyError('wave.Error', missing[unset] ?? '');
      return pyInt(3);
    },
  };
  const { probe, records } = fakeProbe(writeframes);
  await exploreOffline(info('writeframes', writeframes), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    records.some((r) => r.result.status === 'returned' && settings.every((s) => r.receiver?.includes(`s.${s}(2)`))),
    shown(records),
  );
  // Its constructor's `f` is a file, binary first, before a function.
  const [receiver] = buildPositions(info('writeframes', writeframes), 'signature');
  assert.equal(toSource(receiver?.hinted?.[0] ?? str('none')), "Wave_write(io.BytesIO(b'first line\\nsecond line\\n'))");
  assert.equal(toSource(receiver?.hinted?.[2] ?? str('none')), 'Wave_write(lambda x: x * 2)');
});

test('a text refused as an invalid something gets a value of the family the refusal names', async () => {
  assert.equal(toSource(valuesForRefusal("Invalid version: 'abc'")[0] ?? str('none')), "'1.2.3'");
  assert.equal(toSource(valuesForRefusal('does not appear to be an IPv4 or IPv6 address; not a valid IP address')[0] ?? str('none')), "'192.168.1.10'");
  assert.deepEqual(valuesForRefusal('[Errno 9] Bad file descriptor'), [], 'bad is too broad a word');
  assert.deepEqual(valuesForRefusal("invalid literal for int() with base 10: 'abc'"), []);
  // packaging's Specifier('==1.2.3').contains(item): item is parsed as a version.
  const contains: FakeFunction = {
    params: [param('item')],
    body: ([item]) => {
      if (item?.k !== 'str') throw new PyError('TypeError', "expected string or bytes-like object, got 'int'");
      if (!/^\d+(\.\d+)*$/.test(item.v)) throw new PyError('packaging.version.InvalidVersion', `Invalid version: '${item.v}'`);
      return { k: 'bool', v: item.v === '1.2.3' };
    },
  };
  const { probe, records } = fakeProbe(contains);
  await exploreOffline(info('contains', contains), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    records.some((r) => r.result.status === 'returned'),
    shown(records),
  );
});
