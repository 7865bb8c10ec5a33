// Sizes checked on what was built, whatever built it (issue 21): a method or a constructor
// that the up-front checks do not size (`''.join`, `int.from_bytes`) built 100 MB arguments;
// and a call that writes its own huge result to the result pipe made `pau call --json` print
// 45 MB. Judged by outcome: the arguments are refused, and what the host prints is bounded.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { pauCli } from '../../support/cli.js';
import { judge, MODE, ROOT } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'sizes.py');
let worker: ProbeWorker;

before(async () => {
  worker = await startWorker({ target: { file: FIXTURE, qualname: 'echo' }, sandbox: MODE });
});

after(async () => {
  await worker?.stop();
});

test(`[${MODE}] arguments built by methods and constructors are refused when what they built is too big`, async () => {
  const sources = [
    "str.join('', ['a' * 10**7] * 10)",
    "(lambda s: s.join(['a' * 10**7] * 10))('')",
    "int.from_bytes(b'\\xff' * 10**7, 'big')",
    "(lambda b: b.join([b'a' * 10**7] * 3))(b'')",
  ];
  const results = await Promise.all(sources.map((source) => worker.call({ args: [source] })));
  judge(
    'Arguments that methods and constructors build too big',
    results.every((r) => r.status === 'rejected'),
    results.map((r) => [r.status, r.exception?.message.slice(0, 160)]),
  );
  const fine = await worker.call({ args: ["str.join('', ['a' * 10] * 10)"] });
  assert.equal(fine.value?.repr, "'str'", JSON.stringify(fine).slice(0, 300));
});

test(`[${MODE}] a result the call writes itself cannot make 'pau call --json' print megabytes`, () => {
  const out = execFileSync(process.execPath, [pauCli(), 'call', `${FIXTURE}:own_result`, '45', '--json', '--sandbox', MODE], {
    encoding: 'utf8',
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  judge('A result the call writes to the result pipe itself', out.length < 5_000_000, { printed: out.length, head: out.slice(0, 300) });
});
