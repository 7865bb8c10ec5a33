// A summary with no relation and many results says what each result was made of from the
// argument, or which call gave each of a few results: never only the results' type or values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectInt, expectStr, fakeProbe, info, param, pyList, pyStr } from './fake-python.js';
import { toSource } from '../../../src/explorer/values.js';

async function summaryOf(name: string, fn: FakeFunction): Promise<string> {
  const report = await exploreOffline(info(name, fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 40, strictness: 'anonymized' });
  return report.description.summary;
}

test('a list of parts of the string given is said to be made of pieces of it', async () => {
  // The words after '#' (boltons' find_hashtags): no relation of the catalogue says it.
  const tags: FakeFunction = {
    params: [param('text')],
    body: ([text]) => pyList([...expectStr(text, 'tags').matchAll(/#(\w+)/g)].map((m) => pyStr(m[1] ?? ''))),
  };
  const summary = await summaryOf('tags', tags);
  assert.match(summary, /it returned a list of pieces of `text`/, summary);
});

test('bytes whose number is the int given are said to be that int, with their length and order', async () => {
  const packed: FakeFunction = {
    params: [param('n')],
    body: ([n]) => {
      const v = expectInt(n, 'packed');
      if (v < 0n || v >= 1n << 64n) throw new PyError('ValueError', 'out of range');
      return { k: 'bytes', hex: v.toString(16).padStart(16, '0') };
    },
  };
  const summary = await summaryOf('packed', packed);
  assert.match(summary, /it returned `n` as 8 bytes, big-endian/, summary);
});

test('a str that is the argument as Python writes it is said to be so', async () => {
  const shown: FakeFunction = {
    params: [param('x')],
    body: ([x]) => {
      const v = x;
      if (!v) throw new PyError('TypeError', "missing 1 required positional argument: 'x'");
      if (v.k === 'str') throw new PyError('TypeError', 'not for text');
      return pyStr(toSource(v));
    },
  };
  const summary = await summaryOf('shown', shown);
  assert.match(summary, /it returned `x` written as Python source/, summary);
});

test('each of a few results is shown with a call that gave it', async () => {
  // One of four codes by the length of the text: four results, none told by an argument alone.
  const codeOf: FakeFunction = {
    params: [param('name')],
    body: ([name]) => {
      const n = expectStr(name, 'code_of').length;
      return pyStr(n === 0 ? '#000' : n <= 3 ? '#111' : n <= 8 ? '#222' : '#333');
    },
  };
  const summary = await summaryOf('code_of', codeOf);
  assert.match(summary, /it returned '#\d+' for `code_of\('[^`]*'\)`, '#\d+' for `code_of\(/, summary);
});

test('the count of empty results is out of the same calls the summary says returned', async () => {
  // find_hashtags again: "(38 of 40 returned)" beside "(empty in 28 of 32)" counted determinism
  // re-runs in the first and left them and the outputs fed back out of the second.
  const tags: FakeFunction = {
    params: [param('text')],
    body: ([text]) => pyList([...expectStr(text, 'tags').matchAll(/#(\w+)/g)].map((m) => pyStr(m[1] ?? ''))),
  };
  const report = await exploreOffline(info('tags', tags), fakeProbe(tags, { cache: false }).probe, { maxProbes: 40, strictness: 'anonymized' });
  const { summary, returns } = report.description;
  const returned = /\((?:all (\d+)|(\d+) of (\d+)) returned\)/.exec(summary);
  const empty = /\(empty in \d+ of (\d+)\)/.exec(summary);
  assert.ok(returned && empty, summary);
  assert.equal(returned[1] ?? returned[2], empty[1], summary);
  // The Returns line counts the same calls.
  const [shownReturned, shownCalls] = returned[1] ? [returned[1], returned[1]] : [returned[2], returned[3]];
  assert.match(returns, new RegExp(`\\(${shownReturned} of ${shownCalls} calls returned\\)`), `${summary}\n${returns}`);
});

test('objects written with the numbers of the string given, in order, are said to be read from it', async () => {
  // tomlkit's time('09:05:30.250') → Time(9, 5, 30, 250000): the summary was "it returned a Time,
  // as in …", every word a type name.
  const time: FakeFunction = {
    params: [param('raw')],
    body: ([raw]) => {
      const m = /^(\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?$/.exec(expectStr(raw, 'time'));
      if (!m) throw new PyError('ValueError', 'Invalid RFC 339 string');
      const parts = [m[1], m[2], m[3] ?? '0', (m[4] ?? '0').padEnd(6, '0')].map(Number);
      while (parts.length > 2 && parts.at(-1) === 0) parts.pop();
      return { k: 'call', callee: 'Time', args: parts.map((n) => ({ k: 'int', v: BigInt(n) })) };
    },
  };
  const summary = await summaryOf('time', time);
  assert.match(summary, /it returned Time\(…\) of the numbers written in `raw`, in order/, summary);
});
