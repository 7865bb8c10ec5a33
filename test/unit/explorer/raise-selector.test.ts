// A function whose job is to raise (oauthlib's raise_from_error) is summarised by what selects the
// class it raises, not as "no call returned, so what it computes is unknown".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param } from './fake-python.js';

const CLASSES: Record<string, string> = {
  access_denied: 'AccessDeniedError',
  invalid_request: 'InvalidRequestError',
  consent_required: 'ConsentRequired',
  login_required: 'LoginRequired',
};

test('a function that raises the class its argument names is summarised by that choice', async () => {
  const raiseFromError: FakeFunction = {
    params: [param('error'), param('params', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: ([error]) => {
      const code = error?.k === 'str' ? error.v : '';
      throw new PyError(`oauthlib.errors.${CLASSES[code] ?? 'CustomOAuth2Error'}`, `(${code}) error`);
    },
  };
  const target = { ...info('raise_from_error', raiseFromError), constants: Object.keys(CLASSES) };
  const report = await exploreOffline(target, fakeProbe(raiseFromError, { cache: false }).probe, { maxProbes: 40, strictness: 'signature' });
  assert.match(
    report.description.summary,
    /^Raises the error class named by `error` \(`'[a-z_]+'` → [A-Za-z]+, .*\); CustomOAuth2Error for the other \d+ values tried: no call returned\./,
    report.description.summary,
  );
});

test('a function that raises one class and message whatever it is given says that, and names no parameter as the cause', async () => {
  const refuse: FakeFunction = {
    params: [param('error')],
    body: () => {
      throw new PyError('ValueError', 'never');
    },
  };
  const report = await exploreOffline(info('refuse', refuse), fakeProbe(refuse, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  assert.match(
    report.description.summary,
    /^Raised ValueError: never in every call that ran \(\d+ of \d+\), whatever the arguments tried\.$/,
    report.description.summary,
  );
});
