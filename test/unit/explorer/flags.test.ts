// greet(name, formal=False): a parameter whose truthy values all gave one output and whose falsy
// ones (left out included) another reads as a flag; and a greeting fed its own greeting back once
// (neither the same again nor the name back) is not fed back again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PyValue } from '../../../src/explorer/values.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, pyStr } from './fake-python.js';

const truth = (v: PyValue | undefined): boolean =>
  v === undefined || v.k === 'none'
    ? false
    : v.k === 'bool'
      ? v.v
      : v.k === 'int'
        ? v.v !== 0n
        : v.k === 'float'
          ? v.v !== 0
          : v.k === 'str'
            ? v.v !== ''
            : true;

const greet: FakeFunction = {
  params: [param('name'), param('formal', 'POSITIONAL_OR_KEYWORD', { default: 'False' })],
  body: ([name, formal], kw) => {
    if (!name) throw new PyError('TypeError', "greet() missing 1 required positional argument: 'name'");
    const shown = name.k === 'str' ? name.v : `<${name.k}>`;
    return pyStr(truth(formal ?? kw.formal) ? `Good day, ${shown}.` : `Hi ${shown}!`);
  },
};

test('a parameter whose truthy values gave one output reads as a flag, and the output is fed back once', async () => {
  const fake = fakeProbe(greet, { cache: false });
  const report = await exploreOffline(info('greet', greet), fake.probe, { maxProbes: 20, strictness: 'signature' });
  assert.match(report.description.parameters.formal ?? '', /^a flag \(True\/False\)/, report.description.parameters.formal);
  assert.doesNotMatch(report.description.summary, /formal: bool/, report.description.summary);
  const fedBack = fake.records.filter((r) => /^'(Hi|Good day)/.test(r.args[0] ?? ''));
  assert.ok(fedBack.length <= 1, fedBack.map((r) => r.args[0]).join(' | '));
});
