// False claims found on this round's new-user trial (findings2.md, newuser2), each on a small
// fake function that makes the old sentence false.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeProbe, info, param, pyStr } from './fake-python.js';

const explore = (name: string, fn: FakeFunction) =>
  exploreOffline(info(name, fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 30, strictness: 'anonymized' });

test('a pair with one field that never changed is not "sorted": guess_decode(data) → (text, \'utf-8\')', async () => {
  const fn: FakeFunction = {
    params: [param('data')],
    body: ([data]) => ({ k: 'tuple', items: [pyStr(expectStr(data, 'guess_decode')), pyStr('utf-8')] }),
  };
  const report = await explore('guess_decode', fn);
  const stated = report.description.properties ?? [];
  assert.ok(
    report.properties.some((p) => p.name === 'deterministic' && p.holds),
    'it was explored',
  );
  assert.ok(!stated.some((p) => /sorted/.test(p)), stated.join('; '));
});

test('keywords for **kwargs that were tried and all raised are not "not tried": makeExtension(**kwargs)', async () => {
  const fn: FakeFunction = {
    params: [param('kwargs', 'VAR_KEYWORD')],
    body: (_args, kwargs) => {
      const [key] = Object.keys(kwargs);
      if (key !== undefined) throw new PyError('KeyError', `'${key}'`);
      return pyStr('extension');
    },
  };
  const { description } = await explore('makeExtension', fn);
  assert.ok(!/was not tried/.test(description.summary), description.summary);
  assert.match(description.summary, /no call with keywords for `\*\*kwargs` returned/, description.summary);
});

test('a parameter whose only other value raised a TypeError is not said to make no difference: dedupe(items, key)', async () => {
  // key=len on a list of ints raises (with key left out the call returns); on a list of dicts it returns.
  const fn: FakeFunction = {
    params: [param('items'), param('key', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: ([items, key], kwargs) => {
      const k = key ?? kwargs.key;
      const ints = items?.k === 'list' && items.items.some((x) => x.k === 'int');
      if (k && k.k !== 'none' && ints) throw new PyError('TypeError', "object of type 'int' has no len()");
      return items ?? { k: 'none' };
    },
  };
  const { description } = await explore('dedupe', fn);
  const line = description.parameters.key ?? '';
  assert.ok(!/made no difference/.test(line), line);
});
