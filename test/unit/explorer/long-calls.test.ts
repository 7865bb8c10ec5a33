// A function whose every call is long (XQueryLexer's pushstate_operator_starttag_callback in
// newuser5's trial: a long method name on a receiver, a regex match and a context object): a call
// that returned is still an example, not only a raise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { expectStr, fakeProbe, info, param, pyStr } from './fake-python.js';

const NAME = 'pushstate_operator_starttag_callback_of_the_lexer_for_the_xquery_language_with_its_lexer_context_and_stack';

test('every call longer than 100 characters: a returned call is the first example', async () => {
  const fn: FakeFunction = { params: [param('tag')], body: ([tag]) => pyStr(`<${expectStr(tag, NAME)}>`) };
  const fake = fakeProbe(fn);
  const report = await exploreOffline(info(NAME, fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.ok(
    fake.records.every((r) => `${NAME}(${r.args.join(', ')})`.length > 100),
    'the fake makes every call long',
  );
  const [first] = report.description.examples;
  assert.match(first?.result ?? '', /^'</, JSON.stringify(report.description.examples));
});

test('while a short call returned, a long one is no example', async () => {
  const fn: FakeFunction = { params: [param('tag')], body: ([tag]) => pyStr(`<${expectStr(tag, 'wrap')}>`) };
  const report = await exploreOffline(info('wrap', fn), fakeProbe(fn).probe, { maxProbes: 40, strictness: 'anonymized' });
  assert.ok(report.description.examples.length > 0);
  assert.ok(report.description.examples.every((e) => e.call.length <= 100));
});
