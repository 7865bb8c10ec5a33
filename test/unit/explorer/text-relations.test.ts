// Summaries that say how a text changed, where the catalogue's looser rules ("keeps the letters
// in order…", "splits the text into pieces") also hold: a text taken back to its margin, wrapped to
// a width, put between quotes; escapes written for a text given alone (the flag left out), and
// escapes turned back by a decoder that leaves a bare `<` as it is. Each fails before its rule; so
// does the lower median of a text's letters said to be "a part of the text" beside the median.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { Position } from '../../../src/explorer/inputs.js';
import { findRelations } from '../../../src/explorer/relations.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, str } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectNumber, expectStr, fakeProbe, info, param, pyList, pyStr, returnedObservation } from './fake-python.js';

async function summaryOf(name: string, fn: FakeFunction, maxProbes = 40): Promise<string> {
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info(name, fn), fake.probe, { maxProbes, strictness: 'anonymized' });
  return report.description.summary;
}

/** Written here from what textwrap.dedent is documented to do, not from the explorer's rule. */
function takeBack(text: string): string {
  const lines = text.split('\n').map((l) => (l.trim() === '' && /^[ \t]*$/.test(l) ? '' : l));
  const margins = lines.filter((l) => l !== '').map((l) => /^[ \t]*/.exec(l)![0]);
  let common = margins[0] ?? '';
  for (const m of margins) while (!m.startsWith(common)) common = common.slice(0, -1);
  return lines.map((l) => l.slice(l.startsWith(common) ? common.length : 0)).join('\n');
}

/** A greedy wrap that cuts a word longer than the width, as textwrap's defaults do. */
function wrapLines(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (line) lines.push(line);
      const room = line ? 0 : width;
      line = '';
      if (room) {
        lines.push(word.slice(0, width));
        word = word.slice(width);
      }
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

test('a text taken back to its margin is said so, not "keeps the letters in order"', async () => {
  const fn: FakeFunction = { params: [param('text')], body: ([t]) => pyStr(takeBack(expectStr(t, 'dedent'))) };
  const summary = await summaryOf('dedent', fn);
  assert.match(summary, /^Removes the indentation \(spaces and tabs\) that all the lines of `text` begin with/, summary);
});

test('a text wrapped to a width is said so, as lines joined by newlines and as a list', async () => {
  const width = (w: unknown): number => {
    const n = w === undefined ? 70 : expectNumber(w as never, 'fill');
    if (!Number.isInteger(n)) throw new PyError('TypeError', 'width must be an int');
    if (n <= 0) throw new PyError('ValueError', `invalid width ${n} (must be > 0)`);
    return n;
  };
  const params = [param('text'), param('width', 'POSITIONAL_OR_KEYWORD', { default: '70' })];
  const fill: FakeFunction = { params, body: ([t, w]) => pyStr(wrapLines(expectStr(t, 'fill'), width(w)).join('\n')) };
  const wrap: FakeFunction = { params, body: ([t, w]) => pyList(wrapLines(expectStr(t, 'wrap'), width(w)).map(pyStr)) };
  assert.match(await summaryOf('fill', fill), /^Wraps `text` into lines joined by newlines, each of at most `width` characters, breaking at whitespace/);
  assert.match(await summaryOf('wrap', wrap), /^Wraps `text` into a list of lines, each of at most `width` characters, breaking at whitespace/);
});

test('a text put between single quotes unless it is plain is said so, with how a quote inside is written', async () => {
  const fn: FakeFunction = {
    params: [param('s')],
    body: ([s]) => {
      const t = expectStr(s, 'quote');
      return pyStr(t !== '' && /^[\w@%+=:,./-]+$/.test(t) ? t : `'${t.split("'").join(`'"'"'`)}'`);
    },
  };
  const summary = await summaryOf('quote', fn);
  assert.match(summary, /^Puts `s` between single quotes/, summary);
  assert.doesNotMatch(summary, /Keeps the letters/);
});

test('a text put between double quotes is no rule of a function that gives another value back unquoted', () => {
  // json.dumps: '"abc"' for 'abc', but '3' for 3.
  const positions: Position[] = [{ name: 'obj', role: 'positional', positionalOnly: false, candidates: ['str', 'int'] }];
  const calls: [PyValue, string][] = [
    [str('abc'), '"abc"'],
    [str('a b'), '"a b"'],
    [str('x y z'), '"x y z"'],
    [str("it's"), `"it's"`],
  ];
  const observations = calls.map(([x, y], k) => returnedObservation(positions, k + 1, [x], str(y)));
  assert.ok(
    findRelations(observations, positions).some((r) => /[Pp]uts `obj` between double quotes/.test(r.text)),
    'texts alone are quoted',
  );
  const withNumber = [...observations, returnedObservation(positions, 5, [int(3)], str('3'))];
  assert.ok(!findRelations(withNumber, positions).some((r) => /[Pp]uts `obj`/.test(r.text)));
});

test('escapes written for the text given alone are said with the flag left out, where the flag changes them', async () => {
  const fn: FakeFunction = {
    params: [param('s'), param('quote', 'POSITIONAL_OR_KEYWORD', { default: 'True' })],
    body: ([s, q]) => {
      let t = expectStr(s, 'escape').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      if (q === undefined || (q.k === 'bool' ? q.v : true)) t = t.replace(/"/g, '&quot;');
      return pyStr(t);
    },
  };
  const summary = await summaryOf('escape', fn);
  assert.match(summary, /^With `quote` left out, writes .*`<` as `&lt;`/, summary);
});

test("a decoder's escapes are said though a bare `<` stays as it is, and only where every escape is turned back", async () => {
  const decode = (t: string): string => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fn: FakeFunction = { params: [param('data')], body: ([d]) => pyStr(decode(expectStr(d, 'unescape'))) };
  assert.match(await summaryOf('unescape', fn), /^Turns .*`&lt;` into `<`/);
  // Calls where one `&lt;` stayed as it was: reading `&` as kept would fit them, but a decoder turns every escape it knows.
  const positions: Position[] = [{ name: 'data', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const calls: [string, string][] = [
    ['&lt;b&gt;', '<b>'],
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['a <b> c', 'a <b> c'],
    ['x &gt; y', 'x > y'],
    ['kept &lt; here', 'kept &lt; here'],
  ];
  const observations = calls.map(([x, y], k) => returnedObservation(positions, k + 1, [str(x)], str(y)));
  assert.ok(!findRelations(observations, positions).some((r) => /^Turns /.test(r.text)));
  assert.ok(
    findRelations(observations.slice(0, 4), positions).some((r) => /^Turns .*`&lt;` into `<`/.test(r.text)),
    'without the last call it holds',
  );
});

test('the lower median of numbers, also given a text, is not said to return "a part of the text"', async () => {
  const fn: FakeFunction = {
    params: [param('data')],
    body: ([d]) => {
      const items: PyValue[] = d?.k === 'str' ? [...d.v].map((c) => pyStr(c)) : d?.k === 'list' || d?.k === 'tuple' ? d.items : [];
      if (d?.k !== 'str' && d?.k !== 'list' && d?.k !== 'tuple') throw new PyError('TypeError', 'object is not iterable');
      if (items.length === 0) throw new PyError('StatisticsError', 'no median for empty data');
      const key = (v: PyValue): string | number => (v.k === 'str' ? v.v : v.k === 'int' ? Number(v.v) : v.k === 'float' ? v.v : NaN);
      const sorted = [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      return sorted[Math.floor((sorted.length - 1) / 2)]!;
    },
  };
  const { probe } = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('median_low', fn), probe, { maxProbes: 40, strictness: 'anonymized' });
  assert.match(report.description.summary, /^Returns the middle one of the numbers/);
  assert.doesNotMatch(report.description.summary, /a part of the text/);
});
