// A function whose output differs from call to call can still hold an invariant: randbytes(n)
// gives `n` bytes every time. The summary states it; a length that only matched sometimes is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectInt, fakeProbe, info, param } from './fake-python.js';

/** Bytes that differ from call to call, as the OS's entropy would give. */
function entropy(): (n: number) => string {
  let state = 7;
  return (n) =>
    Array.from({ length: n }, () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return (state % 256).toString(16).padStart(2, '0');
    }).join('');
}

test('a varying result whose length is always the count given is summarised by that length', async () => {
  const next = entropy();
  const randbytes: FakeFunction = {
    params: [param('n')],
    body: ([n]) => {
      const k = Number(expectInt(n, 'randbytes'));
      if (k < 0) throw new PyError('ValueError', 'negative argument not allowed');
      // What the call's memory limit (256 MB) allows: the worker answers MemoryError beyond it.
      if (k > 2 ** 27) throw new PyError('MemoryError', '');
      return { k: 'bytes', hex: next(k) };
    },
  };
  const report = await exploreOffline(info('randbytes', randbytes), fakeProbe(randbytes, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  assert.match(report.description.summary, /^Returns `n` bytes\./, report.description.summary);
});

test('a text padded to a width, longer when the text is, is not said to be as long as the width', async () => {
  const zfill: FakeFunction = {
    params: [param('width')],
    body: ([w]) => {
      const k = Number(expectInt(w, 'zfill'));
      return { k: 'str', v: '12345'.padStart(k, '0') };
    },
  };
  const report = await exploreOffline(info('zfill', zfill), fakeProbe(zfill, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  assert.doesNotMatch(report.description.summary, /characters/, report.description.summary);
});
