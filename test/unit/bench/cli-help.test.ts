// `pau bench --help`: one line of text for every flag the parser takes, made from its table.
import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { BENCH_FLAGS, run } from '../../../src/cli/bench.js';

async function helpText(argv: string[]): Promise<string> {
  let out = '';
  const write = mock.method(process.stdout, 'write', (chunk: string) => ((out += chunk), true));
  try {
    assert.equal(await run(argv), 0);
  } finally {
    write.mock.restore();
  }
  return out;
}

test('pau bench --help gives each flag the parser takes one line saying what it does', async () => {
  const lines = (await helpText(['--help'])).split('\n');
  for (const name of Object.keys(BENCH_FLAGS)) {
    const line = lines.filter((l) => new RegExp(`^ {2}(-\\w, )?--${name}\\b`).test(l));
    assert.equal(line.length, 1, `one line for --${name}`);
    assert.match(line[0]!, new RegExp(`--${name}( \\S+)? {2,}\\w.{8,}`), `--${name} says what it does`);
  }
  assert.equal(await helpText(['-h']), await helpText(['--help']));
});
