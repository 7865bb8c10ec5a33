// What a reader sees first: ordinary use, not the explorer's swap of two arguments that hands one back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { expectStr, fakeProbe, info, param, pyStr } from './fake-python.js';

test("urljoin's first example joins a page and a relative name, not the swap that hands back an absolute URL", async () => {
  const fn: FakeFunction = {
    params: [param('base'), param('url')],
    body: ([b, u]) => {
      const [base, url] = [expectStr(b, 'urljoin'), expectStr(u, 'urljoin')];
      if (/^\w+:/.test(url) || base === '') return pyStr(url);
      return pyStr(base.slice(0, base.lastIndexOf('/') + 1) + url);
    },
  };
  const { probe } = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('urljoin', fn), probe, { maxProbes: 40, strictness: 'anonymized' });
  const [first] = report.description.examples;
  assert.ok(first, 'an example');
  assert.match(first.call, /^urljoin\('https?:\/\/[^']*', '[^:']*'\)$/, `${first.call} → ${first.result}`);
});
