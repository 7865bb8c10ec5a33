// A raise that holds only in a fresh interpreter (humanize.i18n.activate(locale, path): a locale
// loaded once is kept in a module cache, and the same call with a path that holds no translation
// then returns from it) is run again after the call most like it, and no raise line states it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeProbe, info, param, pyStr } from './fake-python.js';

function activateLike(keeps: boolean): FakeFunction {
  const loaded = new Set<string>();
  return {
    params: [param('locale'), param('path', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    reset: () => loaded.clear(),
    body: ([locale, path], kwargs) => {
      const name = expectStr(locale, 'activate');
      const where = path ?? kwargs.path;
      if (keeps && loaded.has(name)) return pyStr(`translations of ${name}`);
      if (where !== undefined && where.k !== 'none') throw new PyError('FileNotFoundError', `No translation file found for domain: 'humanize'`);
      loaded.add(name);
      return pyStr(`translations of ${name}`);
    },
  };
}

const explore = (fn: FakeFunction) => exploreOffline(info('activate', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 30, strictness: 'anonymized' });

test('a raise that a cache filled by another call turns into a return is not stated', async () => {
  const report = await explore(activateLike(true));
  const lines = (report.description.claims ?? []).filter((c) => c.part === 'raises').map((c) => c.text);
  assert.ok(!lines.some((l) => /FileNotFoundError/.test(l)), lines.join('\n'));
  assert.doesNotMatch(report.description.raises, /FileNotFoundError/, report.description.raises);
  const examples = report.description.examples.map((e) => e.result);
  assert.ok(!examples.some((e) => /FileNotFoundError/.test(e)), examples.join('\n'));
});

test('a raise that holds whatever was called before is still stated', async () => {
  const report = await explore(activateLike(false));
  assert.match(report.description.raises, /FileNotFoundError/, report.description.raises);
});
