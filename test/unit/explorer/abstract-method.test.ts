// A method every call of which raised NotImplementedError is said to be abstract, in one line,
// not as calls that taught nothing (http.cookiejar's FileCookieJar.save).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, pyStr } from './fake-python.js';

const save = (implemented: boolean): FakeFunction => ({
  params: [param('filename', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
  needsReceiver: true,
  ownerClass: 'FileJar',
  moduleClasses: ['FileJar'],
  ownerInit: [],
  body: (args) => {
    if (!implemented) throw new PyError('NotImplementedError', '');
    if (args[0]?.k === 'str') return pyStr(args[0].v);
    throw new PyError('ValueError', 'no file name');
  },
});

test('a method that raised NotImplementedError in every call that ran is said to be abstract', async () => {
  const fn = save(false);
  const report = await exploreOffline(info('save', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  const { summary } = report.description;
  assert.match(summary, /^Raises NotImplementedError in every call that ran \(\d+ of \d+\): an abstract method, meant to be overridden\.$/, summary);
});

test('a method that raised another error too is not called abstract', async () => {
  const fn = save(true);
  const report = await exploreOffline(info('save', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.doesNotMatch(report.description.summary, /abstract/, report.description.summary);
});

const replaceChild = (message: (args: string) => string): FakeFunction => ({
  params: [param('newChild'), param('oldChild')],
  needsReceiver: true,
  ownerClass: 'Entity',
  moduleClasses: ['Entity'],
  ownerInit: [],
  body: (args) => {
    throw new PyError('xml.dom.HierarchyRequestErr', message(args.map((a) => a?.k ?? '').join(', ')));
  },
});

test('a method that raised one error with one message whatever the arguments says so, not "unknown"', async () => {
  // xml.dom.minidom's Entity.replaceChild: its job in an entity node is to refuse.
  const fn = replaceChild(() => 'cannot replace children of an entity node');
  const report = await exploreOffline(info('replaceChild', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  const { summary } = report.description;
  assert.match(
    summary,
    /^Raised xml\.dom\.HierarchyRequestErr: cannot replace children of an entity node in every call that ran \(\d+ of \d+\), whatever the arguments tried\.$/,
    summary,
  );
});

test('an error whose message changes with the arguments is not said to be raised whatever they are', async () => {
  const fn = replaceChild((kinds) => `no child of kinds ${kinds}`);
  const report = await exploreOffline(info('replaceChild', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.doesNotMatch(report.description.summary, /whatever the arguments/, report.description.summary);
});
