// A result another call changed is state, not a result that varies by itself: gettext's
// bindtextdomain(d) gives what an earlier bindtextdomain(d, folder) filed, while bindtextdomain(d)
// twice agrees. Its summary said "Not the same from run to run" (teach9's trial); a counter, which
// changes with no call between, still does. The fake forks: its registry is empty at each probe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { str, toSource } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeProbe, info, param } from './fake-python.js';

test('a registry an earlier call filled: "depends on the calls made before it", not "not the same from run to run"', async () => {
  let folders = new Map<string, PyValue>();
  const fn: FakeFunction = {
    params: [param('domain'), param('localedir', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: ([domain, localedir]) => {
      if (domain === undefined) throw new PyError('TypeError', "bindtextdomain() missing 1 required positional argument: 'domain'");
      const key = toSource(domain);
      if (localedir !== undefined && localedir.k !== 'none') folders.set(key, localedir);
      return folders.get(key) ?? str('/usr/share/locale');
    },
  };
  const fake = fakeProbe(fn, { onCall: () => (folders = new Map()) });
  const report = await exploreOffline(info('bindtextdomain', fn), fake.probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  const deterministic = report.properties.find((p) => p.name === 'deterministic');
  assert.match(deterministic?.evidence ?? '', /^counterexample: .* after bindtextdomain\(/, JSON.stringify(deterministic));
  const summary = report.description.summary;
  assert.match(
    summary,
    /What a call gives depends on the calls made before it: bindtextdomain\(.*\) gave '\/usr\/share\/locale', then .* after bindtextdomain\(/,
    summary,
  );
  assert.doesNotMatch(summary, /Not the same from run to run/, summary);
});

test('a counter, which changes with no other call between: still "not the same from run to run"', async () => {
  let made = 0;
  const fn: FakeFunction = { params: [param('name')], body: ([name]) => str(`${expectStr(name, 'tag')}#${++made}`) };
  const fake = fakeProbe(fn, { onCall: () => (made = 0) });
  const report = await exploreOffline(info('tag', fn), fake.probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  assert.match(report.description.summary, /Not the same from run to run: /, report.description.summary);
  assert.doesNotMatch(report.description.summary, /depends on the calls made before it/, report.description.summary);
});
