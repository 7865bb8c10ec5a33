// What a method does with the object it is called on, and what a text or list function computes,
// read off the calls (relations.ts): the value an object was made with (`BankAccount(100)`), the
// calls that filled it first (`s.push(3); s.push(7)`), counts of words, letters or vowels,
// key=value pairs, sums of neighbours, the text after a separator. Each is stated only when the
// calls show it, and never from one object alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, str } from '../../../src/explorer/values.js';
import { findRelations } from '../../../src/explorer/relations.js';
import { preparedReceiver } from '../../../src/explorer/prepared-receiver.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectNumber, fakeProbe, info, param as param2, pyFloat, pyInt, returnedObservation } from './fake-python.js';

const observation = returnedObservation;

const receiver = (callee: string, init: { name: string; default?: string }[]): Position => ({
  name: 'self',
  role: 'receiver',
  positionalOnly: false,
  candidates: [`new:${callee}:1`],
  owner: { callee, init: init.map((p) => ({ name: p.name, kind: 'POSITIONAL_OR_KEYWORD' as const, ...(p.default ? { default: p.default } : {}) })) },
});
const param = (name: string, extra: Partial<Position> = {}): Position => ({ name, role: 'positional', positionalOnly: false, candidates: ['int'], ...extra });
const made = (callee: string, ...args: number[]): PyValue => ({ k: 'call', callee, args: args.map(int) });

test('a method whose result is what its object was made with plus its argument says so, on a new object', () => {
  const positions = [receiver('BankAccount', [{ name: 'balance', default: '0' }]), param('amount')];
  const deposit = (balance: number | null, amount: number, i: number): Observation =>
    observation(positions, i, [balance === null ? made('BankAccount') : made('BankAccount', balance), int(amount)], int((balance ?? 0) + amount));
  const calls = [deposit(null, 3, 1), deposit(100, 3, 2), deposit(101, 3, 3), deposit(100, 10, 4), deposit(null, 7, 5)];
  const [first] = findRelations(calls, positions);
  assert.equal(first?.text, 'On a new `BankAccount(balance)`: adds `balance` and `amount`.');
  // Withdrawals: the amount taken off.
  const withdraw = (balance: number, amount: number, i: number): Observation =>
    observation(positions, i, [made('BankAccount', balance), int(amount)], int(balance - amount));
  const w = [withdraw(100, 3, 1), withdraw(10, 3, 2), withdraw(100, 30, 3), withdraw(7, 1, 4)];
  assert.equal(findRelations(w, positions)[0]?.text, 'On a new `BankAccount(balance)`: subtracts `amount` from `balance`.');
});

test('the value an object was made with is not named when one object gave every call, or when an object filled first broke the rule', () => {
  const positions = [receiver('BankAccount', [{ name: 'balance', default: '0' }]), param('amount')];
  const one = [3, 1, 5, 10].map((a, i) => observation(positions, i + 1, [made('BankAccount', 100), int(a)], int(100 + a)));
  assert.ok(!findRelations(one, positions).some((r) => /balance/.test(r.text)), JSON.stringify(findRelations(one, positions)));
  // An object that got a deposit before is not "new": its result is not read as a new object's.
  const filled = preparedReceiver(made('BankAccount', 100), ['s.deposit(50)']);
  const calls = [
    ...[3, 1, 5].map((a, i) => observation(positions, i + 1, [made('BankAccount', 10 * (i + 1)), int(a)], int(10 * (i + 1) + a))),
    observation(positions, 9, [filled, int(3)], int(153)),
  ];
  assert.equal(findRelations(calls, positions)[0]?.text, 'On a new `BankAccount(balance)`: adds `balance` and `amount`.');
});

test('a method that gives back what the last of the filling calls put in (a stack) says so; one that gives the first (a queue) says that', () => {
  const positions = [receiver('Stack', [])];
  const stack = (pushed: number[], i: number, last = true): Observation =>
    observation(
      positions,
      i,
      [
        preparedReceiver(
          made('Stack'),
          pushed.map((p) => `s.push(${p})`),
        ),
      ],
      int(last ? pushed[pushed.length - 1]! : pushed[0]!),
    );
  assert.equal(
    findRelations([stack([3, 7], 1), stack([7, 3], 2)], positions)[0]?.text,
    'Returns the value given to the last `push` call before it (on an object filled by `push` calls).',
  );
  assert.equal(
    findRelations([stack([3, 7], 1, false), stack([7, 3], 2, false)], positions)[0]?.text,
    'Returns the value given to the first `push` call before it (on an object filled by `push` calls).',
  );
  // One filling seen, or fillings in one order only: last and first are not told apart, or once is not a rule.
  assert.deepEqual(findRelations([stack([3, 7], 1), stack([3, 7], 2)], positions), []);
});

const textPositions = [param('text', { candidates: ['str'] })];
const texts = (f: (s: string) => PyValue, xs: string[]): Observation[] => xs.map((x, i) => observation(textPositions, i + 1, [str(x)], f(x)));
const dictOf = (m: Map<string, number>): PyValue => ({ k: 'dict', entries: [...m].map(([k, v]) => [str(k), int(v)] as [PyValue, PyValue]) });
const counted = (items: string[]): Map<string, number> => {
  const m = new Map<string, number>();
  for (const x of items) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};
const SENTENCES = ['The quick brown fox jumps over the lazy dog.', 'Hello, World!', 'one two three two one', 'a b a'];

test('a dict that counts the words (or letters) of a text says what it counts', () => {
  const words = texts((s) => dictOf(counted(s.toLowerCase().split(/\s+/).filter(Boolean))), SENTENCES);
  assert.equal(findRelations(words, textPositions)[0]?.text, 'Counts how often each word of `text` occurs (lower-cased; split at whitespace).');
  const letters = texts((s) => dictOf(counted([...s.toLowerCase()].filter((c) => /\p{L}/u.test(c)))), SENTENCES);
  assert.equal(findRelations(letters, textPositions)[0]?.text, 'Counts how often each letter of `text` occurs (lower-cased; other characters left out).');
  // Counts that are off by one somewhere are no count.
  const off = texts((s) => dictOf(new Map([...counted(s.split(/\s+/).filter(Boolean))].map(([k, v]) => [k, v + (k === 'one' ? 1 : 0)]))), SENTENCES);
  assert.ok(!findRelations(off, textPositions).some((r) => /^Counts how often/.test(r.text)));
});

test('the text after the last separator (a file extension) is stated with the separator', () => {
  const ext = (s: string): PyValue => str(s.includes('.') ? s.slice(s.lastIndexOf('.') + 1).toLowerCase() : '');
  const files = ['docs/report.txt', 'archive.tar.gz', 'a/../b/./c.PY', 'README', 'photo.jpeg'];
  assert.equal(findRelations(texts(ext, files), textPositions)[0]?.text, "Returns the part of `text` after its last `.` (lower-cased; '' when it has none).");
});

/** The items a fake Stack object holds: `Stack([…])` as the fake writes one filled through push. */
const stackItems = (r: PyValue | undefined): PyValue[] => (r?.k === 'call' && r.args[0]?.k === 'list' ? r.args[0].items : []);

/** A method of a fake Stack (push fills it; `other` is the class's third method) whose body is `body`. */
function stackMethod(other: string, body: FakeFunction['body']): FakeFunction {
  return {
    params: [],
    needsReceiver: true,
    ownerClass: 'Stack',
    moduleClasses: ['Stack'],
    ownerInit: [],
    ownerMethods: [
      { name: 'push', required: 1 },
      { name: other, required: 0 },
    ],
    fill: (r, method, args) => (method === 'push' ? { k: 'call', callee: 'Stack', args: [{ k: 'list', items: [...stackItems(r), ...args] }] } : r),
    body,
  };
}

/** The summary the explorer gives of a fake Stack method at 20 probes. */
async function stackSummary(name: string, fn: FakeFunction): Promise<string> {
  const report = await exploreOffline(info(name, fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  return report.description.summary;
}

test('Stack.pop explored: the stack is filled in two orders, and the summary says it gives back the last value pushed', async () => {
  const fn = stackMethod('peek', (_args, _kwargs, receiver) => {
    const top = stackItems(receiver).pop();
    if (top === undefined) throw new PyError('IndexError', 'pop from empty stack');
    return top;
  });
  assert.match(await stackSummary('pop', fn), /^Returns the value given to the last `push` call before it/);
});

test('Stack.peek explored: None on a new stack is its one plain call, so the stack is filled first and the summary says what it gives', async () => {
  const fn = stackMethod('pop', (_args, _kwargs, receiver) => {
    // Stack() takes no argument: any other object is refused (the worker rejects its building).
    if (receiver?.k === 'call' && receiver.args.length > 0 && receiver.args[0]?.k !== 'list')
      throw new PyError('TypeError', 'Stack.__init__() takes 1 positional argument but 2 were given');
    return stackItems(receiver).at(-1) ?? { k: 'none' };
  });
  assert.match(await stackSummary('peek', fn), /^Returns the value given to the last `push` call before it/);
});

test('BankAccount.deposit explored: the summary names what a new account was made with', async () => {
  const balanceOf = (r: PyValue | undefined): number => (r?.k === 'call' && r.args[0] ? expectNumber(r.args[0], 'BankAccount') : 0);
  const fn: FakeFunction = {
    params: [param2('amount')],
    needsReceiver: true,
    ownerClass: 'BankAccount',
    moduleClasses: ['BankAccount'],
    ownerInit: [param2('balance', 'POSITIONAL_OR_KEYWORD', { default: '0' })],
    body: ([amount], _kwargs, receiver) => {
      const a = expectNumber(amount, 'deposit');
      if (a <= 0) throw new PyError('ValueError', 'deposit must be positive');
      const total = balanceOf(receiver) + a;
      return Number.isInteger(total) ? pyInt(total) : pyFloat(total);
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('deposit', fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.match(report.description.summary, /^On a new `BankAccount\(balance\)`: adds `balance` and `amount`\./, report.description.summary);
});

test('a line read off calls that left an argument out (`f(x)`, which passes `by=1`) is not stated: another `by` gives another line', () => {
  const positions: Position[] = [param('x'), { ...param('by'), default: int(1) }];
  const calls = [
    ...[1, 2, 5, 9].map((x, i) => observation(positions, i + 1, [int(x), undefined], int(x + 1))),
    observation(positions, 9, [int(4), int(10)], int(14)),
  ];
  assert.ok(!findRelations(calls, positions).some((r) => /Returns `x` \+ 1/.test(r.text)), JSON.stringify(findRelations(calls, positions)));
});

test('a text of digits kept in order (a phone number, one of digits alone with a leading zero) speaks of digits only: no letter was tried', () => {
  const phone = (s: string): PyValue => {
    const d = s.replace(/\D/g, '');
    return str(`(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`);
  };
  const rs = findRelations(texts(phone, ['555.867.5309', '(555) 123-4567', '+1 555 123 4567'.slice(3), '0035768555']), textPositions);
  // No tab or non-ASCII letter among these texts (breakers.ts): said of the calls tried.
  assert.equal(
    rs[0]?.text,
    'In the 4 calls tried (none with a tab or a non-ASCII letter), it keeps the digits in order, changing only what stands between them.',
  );
});

test('a count of one kind of character (the vowels) in a text says which kind', () => {
  const vowels = (s: string): PyValue => int([...s].filter((ch) => 'aeiouAEIOU'.includes(ch)).length);
  assert.equal(findRelations(texts(vowels, SENTENCES), textPositions)[0]?.text, 'Counts the vowels (a, e, i, o, u, in either case) in `text`.');
  // A count that misses one upper-case vowel is not the count of vowels.
  const lowerOnly = (s: string): PyValue => int([...s].filter((ch) => 'aeiou'.includes(ch)).length);
  assert.ok(!findRelations(texts(lowerOnly, [...SENTENCES, 'Apple']), textPositions).some((r) => /vowels/.test(r.text)));
});

test('a text of key=value pairs read into a dict says how it is split', () => {
  const parse = (s: string): PyValue => {
    const m = new Map<string, string>();
    for (const pair of s.split('&').filter(Boolean)) {
      const [k = '', ...v] = pair.split('=');
      m.set(k, v.join('='));
    }
    return { k: 'dict', entries: [...m].map(([k, v]) => [str(k), str(v)] as [PyValue, PyValue]) };
  };
  const queries = ['q=search&lang=en&page=2', 'a=1&b=2&a=3', 'abc', 'x=1'];
  assert.equal(
    findRelations(texts(parse, queries), textPositions)[0]?.text,
    "Reads `text` as `key=value` pairs separated by `&` into a dict (a later key wins; a pair without `=` gets '').",
  );
});

test('the sums of neighbouring elements of a list are stated as such', () => {
  const positions = [param('numbers', { candidates: ['list[int]'] })];
  const sums = (xs: number[]): PyValue => ({ k: 'list', items: xs.slice(1).map((x, i) => int(x + (xs[i] ?? 0))) });
  const calls = [[3, 1, 2], [4, 8, 15, 16, 23, 42], [1, 2], []].map((xs, i) => observation(positions, i + 1, [{ k: 'list', items: xs.map(int) }], sums(xs)));
  assert.equal(findRelations(calls, positions)[0]?.text, 'Returns the sum of each element of `numbers` and the next (one fewer element).');
});

test('a text that came back unchanged beside others cut short is not said to be shortened (truncate_words)', () => {
  const truncate = (s: string): PyValue => {
    const ws = s.split(/\s+/).filter(Boolean);
    return str(ws.length <= 3 ? s : `${ws.slice(0, 3).join(' ')}...`);
  };
  const rs = findRelations(texts(truncate, [...SENTENCES, 'abc', 'word']), textPositions);
  const said = rs.map((r) => r.text).join(' ');
  assert.doesNotMatch(said, /shortens other texts/);
  assert.match(said, /other texts came back shorter or unchanged, never longer/);
});

test('a rule of the arguments given is kept when calls that gave the left-out one agree (safe_divide and its `default`)', () => {
  const positions: Position[] = [param('a'), param('b'), { ...param('default'), default: { k: 'none' } }];
  const div = (a: number, b: number, d?: number): Observation =>
    observation(
      positions,
      a * 10 + b,
      [int(a), int(b), d === undefined ? undefined : int(d)],
      b === 0 ? (d === undefined ? { k: 'none' } : int(d)) : { k: 'float', v: a / b },
    );
  const calls = [div(3, 7), div(4, 3), div(9, 2), div(3, 0), div(8, 5, 1), div(6, 4, -10)];
  assert.equal(findRelations(calls, positions)[0]?.text, 'Divides `a` by `b`.');
  // No call gave `default`: whether it changes the quotient is not known, so nothing is stated of the two alone.
  assert.ok(!findRelations(calls.slice(0, 4), positions).some((r) => /Divides/.test(r.text)));
});

test('a text cut to its first `limit` words says so, with the suffix it adds (truncate_words)', () => {
  const positions: Position[] = [param('text', { candidates: ['str'] }), param('limit'), { ...param('suffix', { candidates: ['str'] }), default: str('...') }];
  const truncate = (s: string, n: number, suffix?: string): Observation => {
    const ws = s.split(/\s+/).filter(Boolean);
    const out = ws.length <= n ? s : `${ws.slice(0, n).join(' ')}${suffix ?? '...'}`;
    return observation(positions, 0, [str(s), int(n), suffix === undefined ? undefined : str(suffix)], str(out));
  };
  const calls = [
    truncate('The quick brown fox jumps over the lazy dog.', 3),
    truncate('The quick brown fox jumps over the lazy dog.', 1),
    truncate('one two three', 2, ' [more]'),
    truncate('Hello, World!', 20),
    truncate('one two three', 20),
  ].map((o, i) => ({ ...o, record: { ...o.record, index: i + 1 } }));
  assert.equal(
    findRelations(calls, positions)[0]?.text,
    "Keeps the first `limit` words of `text`, adding `suffix` ('...' when left out) when it has more; a text of at most `limit` words comes back as it is.",
  );
  // No call gave the suffix another value: the ending is what was seen, not the argument.
  const withoutSuffix = calls.filter((o) => o.request.args.length < 3);
  assert.match(findRelations(withoutSuffix, positions)[0]?.text ?? '', /^Keeps the first `limit` words of `text`, adding '\.\.\.' when it has more/);
});

test('a number kept within bounds the function holds itself says the bounds (a thermostat)', () => {
  const positions: Position[] = [param('degrees')];
  const clamp = (d: number): PyValue => ({ k: 'float', v: Math.max(5, Math.min(30, d)) });
  const calls = [3, 20, 40, -1, 12.5, 100].map((d, i) => observation(positions, i + 1, [Number.isInteger(d) ? int(d) : { k: 'float', v: d }], clamp(d)));
  assert.equal(
    findRelations(calls, positions)[0]?.text,
    'Clamps `degrees` into the range from 5.0 to 30.0: below 5.0 it returns 5.0, above 30.0 it returns 30.0, otherwise `degrees` itself.',
  );
  // One call below the range that did not return the bound: no range is claimed.
  const off = [...calls, observation(positions, 9, [int(-50)], { k: 'float', v: 4 })];
  assert.ok(!findRelations(off, positions).some((r) => /Clamps/.test(r.text)));
});

test('a read that gives one result on every new object (keys() of an empty Bag) is made on one filled through the owner first', async () => {
  const items = (r: PyValue | undefined): PyValue[] => (r?.k === 'call' && r.args[0]?.k === 'list' ? r.args[0].items : []);
  const fn: FakeFunction = {
    params: [],
    needsReceiver: true,
    ownerClass: 'Bag',
    moduleClasses: ['Bag'],
    ownerInit: [],
    ownerMethods: [
      { name: 'add', required: 1 },
      { name: 'total', required: 0 },
    ],
    fill: (r, method, args) => (method === 'add' ? { k: 'call', callee: 'Bag', args: [{ k: 'list', items: [...items(r), ...args] }] } : r),
    body: (_args, _kwargs, receiver) => ({ k: 'list', items: items(receiver) }),
  };
  const fake = fakeProbe(fn, { cache: false });
  await exploreOffline(info('keys', fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  const filled = fake.records.filter((r) => r.receiver?.includes('s.add(3)'));
  assert.ok(
    filled.some((r) => r.result.status === 'returned' && r.result.value?.repr === '[3, 7]'),
    fake.records.map((r) => `${r.receiver} -> ${r.result.value?.repr}`).join('\n'),
  );
});
