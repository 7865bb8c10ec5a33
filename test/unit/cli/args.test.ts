// What a mistyped command line reads as: the flag named, what is wrong with it, where the options
// are listed. Node's own texts ("Option '--timeout-ms <value>' argument missing") were shown before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, SANDBOX_OPTIONS, UsageError } from '../../../src/cli/args.js';

const OPTIONS = { ...SANDBOX_OPTIONS, json: { type: 'boolean' } } as const;

function refusal(argv: string[]): string {
  try {
    parse(argv, OPTIONS);
  } catch (err) {
    assert.ok(err instanceof UsageError, String(err));
    return err.message;
  }
  assert.fail(`${argv.join(' ')} was accepted`);
}

test('a flag given no value, at the end or before another flag, says it needs one', () => {
  assert.equal(refusal(['f.py:g', '--timeout-ms']), '--timeout-ms needs a value (--help lists the options)');
  assert.equal(refusal(['f.py:g', '--python', '--json']), '--python needs a value (--help lists the options)');
});

test('an on/off flag given a value says it takes none; an unknown flag is named', () => {
  assert.equal(refusal(['f.py:g', '--json=yes']), '--json takes no value (--help lists the options)');
  assert.equal(refusal(['f.py:g', '--tiemout-ms', '5']), "unknown option '--tiemout-ms' (--help lists the options)");
});

test('a negative number is still a value, for the flag check to judge', () => {
  assert.equal(parse(['f.py:g', '--memory-mb', '-5'], OPTIONS).values['memory-mb'], '-5');
});
