// A function that gives back only None is for what it does: the summary says what it printed when
// it printed (cmd's Cmd.do_help, argcomplete's warn read only "it returned None"), and plainly that
// no effect showed when none did, whichever sentence said it returned None (colorama's reinit:
// "Takes no arguments and returns None.", cmd's Cmd.postloop: "Returned None on each of the 9 Cmd
// objects").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { none } from '../../../src/explorer/values.js';
import { describedCalls, pyStr, returnedObservation } from './fake-python.js';

const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:Cmd:1'] };
const arg: Position = { name: 'arg', role: 'positional', positionalOnly: false, candidates: ['str'] };
const cmd: PyValue = { k: 'call', callee: 'Cmd', args: [] };

/** A call that returned None, as the worker reports it (type NoneType), printing `stdout`. */
function gaveNone(positions: Position[], index: number, args: PyValue[], stdout = ''): Observation {
  const o = returnedObservation(positions, index, args, none);
  const value = { repr: 'None', type: 'NoneType', truncated: false, data: { t: 'none' as const } };
  return { ...o, record: { ...o.record, result: { ...o.record.result, value, stdout } } };
}
const printing = (index: number, value: string, stdout: string): Observation => gaveNone([self, arg], index, [cmd, pyStr(value)], stdout);

const method = (name: string, positions: Position[], observations: Observation[]) => describedCalls(name, positions, observations, 'Cmd');

test('what a function that returns None printed is said, with the most ordinary call that printed it', () => {
  const d = method('do_help', [self, arg], [printing(1, 'abc', '*** No help on abc\n'), printing(2, 'quit', '*** No help on quit\n'), printing(3, '', '')]);
  assert.match(
    d.summary,
    /2 of the 3 calls that returned printed to standard output, as `Cmd\(\)\.do_help\('(abc|quit)'\)` printed `'\*\*\* No help on (abc|quit)\\n'`\./,
    d.summary,
  );
});

test('output only the worker would print (an address) is not quoted', () => {
  const d = method('close', [self, arg], [printing(1, 'abc', 'Exception ignored in: <function Wave_read.__del__ at 0x7f2b97a699e0>'), printing(2, 'x', '')]);
  assert.doesNotMatch(d.summary, /printed to standard/, d.summary);
});

test('a method of no arguments that returned None and changed and printed nothing says plainly that no effect showed', () => {
  const calls = [1, 2, 3].map((k) => gaveNone([self], k, [cmd]));
  const d = method('postloop', [self], calls);
  assert.match(d.summary, /No effect of it showed \(its object stayed as it was, nothing was printed\), so what it is for was not seen\./, d.summary);
});

test('a function of no arguments that returned None and printed nothing says so too', () => {
  const d = describedCalls('reinit', [], [gaveNone([], 1, [])]);
  assert.match(
    d.summary,
    /^Takes no arguments and returns None\. No effect of it showed \(nothing was printed\), so what it is for was not seen\.$/,
    d.summary,
  );
});
