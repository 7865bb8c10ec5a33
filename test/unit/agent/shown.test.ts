// What the agent is shown of a signature, and mapping its keyword names back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeShownAs, modelHeader, NameMap } from '../../../src/core/shown.js';
import type { FunctionInfo } from '../../../src/core/probe-types.js';
import { SHOUT_INFO } from './fake-prober.js';

const METHOD: FunctionInfo = {
  ...SHOUT_INFO,
  qualname: 'Stack.push',
  name: 'push',
  kind: 'method',
  needsReceiver: true,
  ownerClass: 'Stack',
  params: [
    { name: 'self', kind: 'POSITIONAL_OR_KEYWORD' },
    { name: 'item', kind: 'POSITIONAL_ONLY' },
    { name: 'more', kind: 'VAR_POSITIONAL' },
    { name: 'limit', kind: 'KEYWORD_ONLY', default: 'None', annotation: 'int | None' },
    { name: 'opts', kind: 'VAR_KEYWORD' },
  ],
  returnAnnotation: undefined,
};

test('anonymized: f and argN, no hints; markers kept for the model', () => {
  assert.deepEqual(computeShownAs(SHOUT_INFO, 'anonymized'), { name: 'f', params: ['arg0', 'arg1'] });
  assert.equal(modelHeader(SHOUT_INFO, 'anonymized'), 'f(arg0, *, arg1)');
  assert.deepEqual(computeShownAs(METHOD, 'anonymized'), { name: 'f', params: ['arg0', '*arg1', 'arg2', '**arg3'], needsReceiver: true });
  assert.equal(modelHeader(METHOD, 'anonymized'), 'f(arg0, /, *arg1, arg2, **arg3)');
});

test('signature: real names, hints, defaults and return type', () => {
  assert.equal(computeShownAs(SHOUT_INFO, 'signature').signature, 'shout(text: str, *, times: int = 1) -> str');
  assert.equal(computeShownAs(METHOD, 'signature').signature, 'push(item, /, *more, limit: int | None = None, **opts)');
});

test('keyword names map back to real ones; misuse is explained', () => {
  const names = new NameMap(METHOD, 'anonymized');
  assert.deepEqual(names.kwargsToReal({ arg2: '3' }), { kwargs: { limit: '3' } });
  assert.deepEqual(names.kwargsToReal({ anything: '1' }), { kwargs: { anything: '1' } }); // **opts takes it
  assert.match(names.kwargsToReal({ arg0: '1' }).error ?? '', /positional-only/);
  const strict = new NameMap(SHOUT_INFO, 'anonymized');
  assert.match(strict.kwargsToReal({ text: "'a'" }).error ?? '', /unknown keyword 'text'; keyword names the function takes: arg0, arg1/);
  assert.deepEqual(strict.kwargsToShown({ times: '2' }), { arg1: '2' });
});
