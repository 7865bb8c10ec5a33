// Sentences of a description as a reader meets them: counts agree with their nouns, a *args
// parameter is named once, and a parameter that made calls raise is described in plain words.
// Each case is a line the new-user trial (issue 20) read in a real description.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { float, int, list, str, strs, toTagged } from '../../../src/explorer/values.js';
import { buildReport } from '../../../src/explorer/describe.js';
import type { FakeFunction } from './fake-python.js';
import { info, param, returnedObservation } from './fake-python.js';

const fn: FakeFunction = { params: [param('n')], body: () => str('') };

/** An observation of a call with these arguments that raised `type: message`. */
function raisedObservation(positions: Position[], index: number, args: (PyValue | undefined)[], type: string, message: string): Observation {
  const o = returnedObservation(positions, index, args, str(''));
  return { ...o, record: { ...o.record, result: { ...o.record.result, status: 'raised', value: undefined, exception: { type, message } } } };
}

const report = (positions: Position[], observations: Observation[]) =>
  buildReport({ info: info('f', fn), positions, observations, accepted: positions.map(() => new Set(['int', 'str'])), maxProbes: 20 });

test('a raise line counts one more value as "1 other value", not "1 other values"', () => {
  const positions: Position[] = [{ name: 'n', role: 'positional', positionalOnly: false, candidates: ['int'] }];
  const observations = [
    returnedObservation(positions, 1, [int(3)], int(9)),
    ...[-1, -2, -3].map((x, k) => raisedObservation(positions, k + 2, [int(x)], 'ValueError', 'n must not be negative')),
  ];
  const { raises } = report(positions, observations).description;
  assert.match(raises, /`n=-2` or 1 other value: /, raises);
});

test('a generator that yielded one item in each call reads "1 item", not "1 items"', () => {
  const positions: Position[] = [{ name: 'text', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const observations = ['ab', 'cd', 'ef'].map((x, k) => {
    const o = returnedObservation(positions, k + 1, [str(x)], str(''));
    const value = { type: 'generator', repr: '<generator object f at 0x1>', truncated: false, iteration: { items: [`'${x}'`], ended: true } };
    return { ...o, record: { ...o.record, result: { ...o.record.result, value } } };
  });
  const { returns } = report(positions, observations).description;
  assert.match(returns, /\(1 item in 3 calls\)/, returns);
});

test('a generator counts the calls it yielded in as the Returns line counts them: its re-runs are not more calls', () => {
  // blinker's Signal.receivers_for on the teach14 draw: "a generator that yielded nothing in 36 calls (32 of 33 calls returned)".
  const positions: Position[] = [{ name: 'text', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const calls = ['ab', 'cd', 'ef'].map((x, k) => {
    const o = returnedObservation(positions, k + 1, [str(x)], str(''));
    const value = { type: 'generator', repr: '<generator object f at 0x1>', truncated: false, iteration: { items: [], ended: true } };
    return { ...o, record: { ...o.record, result: { ...o.record.result, value } } };
  });
  const [first] = calls;
  const again: Observation = { ...first!, record: { ...first!.record, index: 4 }, purpose: 'repeat', repeats: first! };
  const { returns } = report(positions, [...calls, again]).description;
  assert.match(returns, /yielded nothing in 3 calls \(3 of 3 calls returned\)/, returns);
});

test('a generator called once reads "in 1 call", not "in 1 calls"', () => {
  const positions: Position[] = [{ name: 'text', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const o = returnedObservation(positions, 1, [str('ab')], str(''));
  const value = { type: 'generator', repr: '<generator object f at 0x1>', truncated: false, iteration: { items: [], ended: true } };
  const { returns } = report(positions, [{ ...o, record: { ...o.record, result: { ...o.record.result, value } } }]).description;
  assert.match(returns, /yielded nothing in 1 call\b/, returns);
});

test('a few results shown only by their address are not quoted as the values a call gives', () => {
  // ast.increment_lineno on the teach14 draw: "it returned <ast.Name object at 0x1> for `increment_lineno(ast_node('Name'), 3)` or …".
  const positions: Position[] = [{ name: 'n', role: 'positional', positionalOnly: false, candidates: ['int'] }];
  const observations = [1, 2, 3, 4, 5, 6].map((x, k) => {
    const o = returnedObservation(positions, k + 1, [int(x)], str(''));
    const repr = x % 2 ? '<ast.Name object at 0x1>' : '<ast.BinOp object at 0x1>';
    const value = { type: x % 2 ? 'ast.Name' : 'ast.BinOp', repr, truncated: false };
    return { ...o, record: { ...o.record, result: { ...o.record.result, value } } };
  });
  const { summary } = report(positions, observations).description;
  assert.doesNotMatch(summary, /object at 0x/, summary);
});

test('a *args parameter, however many items the calls passed, is never in a type list of the summary', () => {
  const star = (): Position => ({ name: 'amounts', role: 'varargs', positionalOnly: false, candidates: ['int'] });
  const positions: Position[] = [star(), star(), star()];
  const calls: [number[], string][] = [
    [[3, 7], 'x'],
    [[3, 7, 12], 'yy'],
    [[1], 'zzz'],
    [[2, 5], 'q'],
    [[9, 1, 4], 'rrrr'],
    [[6], 'ss'],
    [[8, 8], 'tttttt'],
  ];
  // Results too long to show as calls that returned (seen-pairs.ts): the summary says what was
  // seen, and the parameters' types are the Parameters line's, not the summary's.
  const observations = calls.map(([xs, out], k) => returnedObservation(positions, k + 1, xs.map(int), str(out.padEnd(45, '.'))));
  const { summary, parameters } = report(positions, observations).description;
  assert.doesNotMatch(summary, /amounts:/, summary);
  assert.deepEqual(Object.keys(parameters), ['*amounts']);
});

test('a parameter seen only making calls raise says so plainly', () => {
  const positions: Position[] = [
    { name: 'line', role: 'positional', positionalOnly: false, candidates: ['str'] },
    { name: 'eq', role: 'positional', positionalOnly: false, candidates: ['str'] },
  ];
  const observations = [
    returnedObservation(positions, 1, [str('a=1'), undefined], str('{a: 1}')),
    returnedObservation(positions, 2, [str('b=2'), undefined], str('{b: 2}')),
    raisedObservation(positions, 3, [str('a=1'), str('abc')], 'ValueError', "missing 'abc' in 'a=1'"),
    raisedObservation(positions, 4, [str('b=2'), str('xyz')], 'ValueError', "missing 'xyz' in 'b=2'"),
  ];
  const { parameters } = report(positions, observations).description;
  assert.equal(parameters.eq, "calls with `'abc'` or `'xyz'` raised where the same call with it left out returned (may be left out)");
});

test('a required parameter seen making calls raise names the value the same call returned with, never "left out"', () => {
  // webcolors' rgb_percent_to_hex(rgb_percent_triplet): '#ff8800' raised, ['42', '42', '42'] (a list, a
  // class the position was not typed with) returned '#6b6b6b'.
  const positions: Position[] = [{ name: 'triplet', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const observations = [
    returnedObservation(positions, 1, [list(strs('42', '42', '42'))], str('#6b6b6b')),
    raisedObservation(positions, 2, [str('#ff8800')], 'ValueError', "invalid literal for int() with base 10: '#'"),
    raisedObservation(positions, 3, [str('#.#ff8800')], 'ValueError', "invalid literal for int() with base 10: '#'"),
  ];
  const { parameters } = report(positions, observations).description;
  assert.equal(parameters.triplet, "calls with `'#ff8800'` or `'#.#ff8800'` raised where the same call with `['42', '42', '42']` returned");
});

test('a function of **kwargs called with none is not said to take no arguments', () => {
  const positions: Position[] = [{ name: 'defaults', role: 'varkw', positionalOnly: false, candidates: ['omit'] }];
  const observations = [1, 2, 3, 4].map((k) => returnedObservation(positions, k, [undefined], str('<function factory>')));
  const { summary } = buildReport({
    info: info('make_factory', { params: [param('defaults', 'VAR_KEYWORD')], body: () => str('') }),
    positions,
    observations,
    accepted: [new Set(['omit'])],
    maxProbes: 20,
  }).description;
  assert.doesNotMatch(summary, /Takes no arguments/, summary);
  // Its determinism untested (no re-runs here), what the one call gave is said as one run's.
  assert.match(summary, /^Called with no arguments, returns a str; `\*\*defaults` was not tried\.( One run of `make_factory\(\)` gave .*)?$/, summary);
});

test('a method of no arguments tried on one object says so, not that it always returns what that object gave', () => {
  const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:Identifier:0'] };
  const observations = [1, 2, 3].map((k) => {
    const o = returnedObservation([self], k, [{ k: 'call', callee: 'Identifier', args: [] }], { k: 'none' });
    const value = { type: 'NoneType', repr: 'None', truncated: false };
    return { ...o, record: { ...o.record, result: { ...o.record.result, value } } };
  });
  const fake: FakeFunction = { params: [], body: () => ({ k: 'none' }), needsReceiver: true, ownerClass: 'Identifier' };
  const { summary } = buildReport({
    info: info('get_ordering', fake),
    positions: [self],
    observations,
    accepted: [new Set(['new:Identifier:0'])],
    maxProbes: 20,
  }).description;
  assert.doesNotMatch(summary, /Takes no arguments/, summary);
  // None and nothing else seen: that no effect showed either follows (none-purpose.test.ts).
  assert.match(summary, /^Returns None on `Identifier\(\)`, the only Identifier a call returned on\.( No effect of it showed [^.]*\.)?$/, summary);
});

test('a result seen only for arguments too long to show names one of them, never "for 1 more" alone', () => {
  // The new-user trial's merge_intervals: "gave [('charset', 'value')] for 1 more; [(1, 2)] for …"
  // (the one argument, a list of pairs, was longer than the summary shows whole).
  const positions: Position[] = [{ name: 'intervals', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const observations = [
    returnedObservation(positions, 1, [str("[('name', 'value'), ('charset', 'utf-8')]")], str('pairs')),
    returnedObservation(positions, 2, [str('')], str('none')),
    returnedObservation(positions, 3, [str('{}')], str('none')),
    returnedObservation(positions, 4, [str('[(1, 2)]')], str('one')),
  ];
  const { summary } = report(positions, observations).description;
  assert.doesNotMatch(summary, /for \d+ more/, summary);
  assert.match(summary, /'pairs' for `"\[\('name', 'value'\), \('…`/, summary);
});

test('an error raised while iterating a returned object of a dotted class reads in the example as Python prints it', () => {
  // click.progressbar: the worker's list() of the ProgressBar raised; the doctest line carried the
  // explorer's note "(raised while iterating the click._termui_impl.ProgressBar)", so it failed.
  const positions: Position[] = [{ name: 'iterable', role: 'positional', positionalOnly: false, candidates: ['list'] }];
  const observations = [[1, 2], [3]].map((xs, k) => {
    const type = 'click._termui_impl.ProgressBar';
    const message = 'You need to use progress bars in a with block.';
    const o = raisedObservation(positions, k + 1, [list(xs.map(int))], 'RuntimeError', `${message} (raised while iterating the ${type})`);
    const iteration = { items: [], ended: false, raised: { type: 'RuntimeError', message } };
    return { ...o, record: { ...o.record, result: { ...o.record.result, value: { type, repr: '<ProgressBar>', truncated: false, iteration } } } };
  });
  const { examples, summary } = report(positions, observations).description;
  assert.equal(examples[0]?.result.split('\n').at(-1), 'RuntimeError: You need to use progress bars in a with block.', examples[0]?.result);
  // The calls returned: only iterating what they returned raised (the trial read "No call returned").
  assert.doesNotMatch(summary, /No call returned/, summary);
  assert.match(
    summary,
    /returned a click\._termui_impl\.ProgressBar, and iterating it raised RuntimeError: You need to use progress bars in a with block\./,
    summary,
  );
});

test('a generator whose iteration always raised: Returns says it returned one and that what it yields was not seen', () => {
  // The trial showed "returned a generator, and iterating it raised" above "Returns: Never returned".
  const positions: Position[] = [{ name: 'n', role: 'positional', positionalOnly: false, candidates: ['int'] }];
  const observations = [1, 2, 3].map((n) => {
    const o = raisedObservation(positions, n, [int(n)], 'ValueError', 'bad step (raised while iterating the generator)');
    const iteration = { items: [], ended: false, raised: { type: 'ValueError', message: 'bad step' } };
    return { ...o, record: { ...o.record, result: { ...o.record.result, value: { type: 'generator', repr: '<generator>', truncated: false, iteration } } } };
  });
  const { returns, summary, claims } = report(positions, observations).description;
  assert.match(summary, /returned a generator, and iterating it raised ValueError: bad step/, summary);
  assert.doesNotMatch(returns, /Never returned/, returns);
  assert.equal(returns, 'A generator; iterating it raised ValueError in each of the 3 calls that returned one, so what it yields was not seen.');
  assert.deepEqual(claims?.find((c) => c.part === 'returns')?.support, [1, 2, 3]);
});

test('with no rule, the summary leads with what the calls gave: a result one character longer than the argument', () => {
  // A check character put after the first: no relation of the catalogue says which, but every result is one longer.
  const positions: Position[] = [{ name: 's', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const words = ['abc', 'hello', 'zz', 'x', 'seven'];
  const observations = words.map((w, k) => returnedObservation(positions, k + 1, [str(w)], str(`${w.slice(0, 1)}${(w.length * 7 + k) % 10}${w.slice(1)}`)));
  const { summary, claims } = report(positions, observations).description;
  assert.match(summary, /^In the calls tried \(all 5 returned\), it returned a str one character longer than `s`, as in /, summary);
  assert.doesNotMatch(summary, /not worked out/, summary);
  assert.ok(claims?.some((c) => c.part === 'summary' && c.text === 'returned a str one character longer than `s`' && c.support.length === 5));
});

test('with no rule and nothing but a type seen, the summary says the type was seen and the value not worked out', () => {
  const positions: Position[] = [{ name: 'n', role: 'positional', positionalOnly: false, candidates: ['int'] }];
  // Results too long for the summary to show: only their type is told.
  const observations = [1, 2, 3].map((n) => returnedObservation(positions, n, [int(n)], str('x'.repeat(60 + n))));
  observations.push(raisedObservation(positions, 4, [int(-1)], 'ValueError', 'negative'));
  const { summary } = report(positions, observations).description;
  assert.match(summary, /^In the calls tried \(3 of 4 returned\), it returned a str; what sets its value was not worked out\./, summary);
});

test('a receiver known only by its address: the lines that say it changed name the attributes that did', () => {
  // The new-user trial's TodoList.complete: "Changes arguments in place: after s = TodoList(); …,
  // receiver became <app5.TodoList object at 0x1>." while the run held open ['hello', 'x'] → ['x'].
  const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:TodoList:1'] };
  const positions: Position[] = [self, { name: 'title', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const todo: FakeFunction = { params: [param('self'), param('title')], body: () => int(0), needsReceiver: true, ownerClass: 'TodoList' };
  const receiver: PyValue = { k: 'call', callee: 'TodoList', args: [] };
  const tagged = (xs: string[]) => toTagged(list(xs.map(str)));
  const observations = ['a', 'b', 'c'].map((t, k) => {
    const o = returnedObservation(positions, k + 1, [receiver, str(t)], int(0));
    const before = {
      attributes: [
        { name: 'open', value: tagged([t]) },
        { name: 'done', value: tagged([]) },
      ],
    };
    const after = {
      attributes: [
        { name: 'open', value: tagged([]) },
        { name: 'done', value: tagged([t]) },
      ],
    };
    const result = { ...o.record.result, mutations: [{ arg: 'receiver', repr: '<app5.TodoList object at 0x1>' }], receiverState: { before, after } };
    return { ...o, record: { ...o.record, result } };
  });
  const { summary, details } = buildReport({
    info: info('complete', todo),
    positions,
    observations,
    accepted: positions.map(() => new Set(['new:TodoList:1', 'str'])),
    maxProbes: 20,
  }).description;
  assert.match(details ?? '', /Changes arguments in place: after TodoList\(\)\.complete\('a'\), receiver: open \['a'\] → \[\], done \[\] → \['a'\]\./, details);
  assert.doesNotMatch(`${summary}\n${details ?? ''}`, /became <app5/);
});

test('an exception with an empty message reads as its bare type: no dangling colon in raise lines or doctests', () => {
  // click.termui.hidden_prompt_func (new-user trial, seed 24680): EOFError() on an empty stdin
  // read "EOFError in hidden_prompt_func('abc'):  (also in …" and a doctest want "EOFError:",
  // which doctest does not match (Python prints "EOFError").
  const positions: Position[] = [{ name: 'prompt', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const observations = ['abc', 'Password: ', 'x'].map((p, k) => raisedObservation(positions, k + 1, [str(p)], 'EOFError', ''));
  const { raises, examples } = report(positions, observations).description;
  assert.doesNotMatch(raises, /:\s*\(|:\s*$/m, raises);
  assert.match(raises, /^EOFError in f\('abc'\) \(and in 2 more calls\)\.$/m, raises);
  const traceback = examples.find((e) => e.result.startsWith('Traceback'));
  assert.equal(traceback?.result.split('\n').at(-1), 'EOFError');
});

test('a list whose items were all of one type reads "a list of str" in the Returns line', () => {
  // traceback.format_stack(): "Returns: A list" said nothing of the frames' text.
  const positions: Position[] = [{ name: 'limit', role: 'positional', positionalOnly: false, candidates: ['int'] }];
  const observations = [1, 2, 3].map((n, k) =>
    returnedObservation(positions, k + 1, [int(n)], list(strs(...Array.from({ length: n }, (_, i) => `line ${i * 7}`)))),
  );
  const { returns } = report(positions, observations).description;
  assert.match(returns, /^A list of str \(/, returns);
  // Items of two types: no item type is said.
  observations.push(returnedObservation(positions, 4, [int(4)], list([str('a'), int(1)])));
  assert.match(report(positions, observations).description.returns, /^A list \(/);
  // Lists of lists: the inner items' type too (calendar's monthdayscalendar, weeks of day numbers).
  const weeks = [1, 2, 3].map((n, k) => returnedObservation(positions, k + 1, [int(n)], list([list([int(0), int(n)]), list([int(n + 1)])])));
  assert.match(report(positions, weeks).description.returns, /^A list of lists of int \(/);
});

test('raise lines are one clause each: the parameter named, the call that returned said once and short', () => {
  // colour's rgb2hsl (teach9's trial): two messages for `rgb`, each line ending "…, but with
  // `rgb=[0, 0, 1]` it returned (0.6666666666666666, 1.0, 0.5)." and quoting the raising call again.
  const positions: Position[] = [{ name: 'rgb', role: 'positional', positionalOnly: false, candidates: ['list[int]', 'tuple'] }];
  const hsl: PyValue = { k: 'tuple', items: [0.6666666666666666, 1, 0.5].map((v): PyValue => ({ k: 'float', v })) };
  const observations = [
    returnedObservation(positions, 1, [list([int(0), int(0), int(1)])], hsl),
    ...[
      [3, 1, 2],
      [5, 0, 0],
      [7, 0, 0],
    ].map((xs, k) => raisedObservation(positions, k + 2, [list(xs.map(int))], 'ValueError', `Red must be between 0 and 1. You provided ${xs[0]}.0.`)),
    raisedObservation(positions, 5, [list([int(0), int(2), int(3)])], 'ValueError', 'Green must be between 0 and 1. You provided 2.0.'),
  ];
  const lines = report(positions, observations).description.raises.split('\n');
  assert.deepEqual(lines, [
    'ValueError for `rgb=[3, 1, 2]`, `rgb=[5, 0, 0]` or 1 other value: Red must be between 0 and 1. You provided 3.0. (with `rgb=[0, 0, 1]` it returned a tuple).',
    'ValueError for `rgb=[0, 2, 3]`: Green must be between 0 and 1. You provided 2.0.',
  ]);
});

test("what the reader sees never shows the explorer's own encodings: a prepared receiver as its statements, a broken repr never an example", () => {
  // sqlparse's TokenList.insert_before (teach10's trial): "their arguments could not be built
  // (receiver: building `(lambda s: (s.insert_after(3, 'hello'), …)[-1])(Tok…`".
  const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:TokenList:1'] };
  const where: Position = { name: 'where', role: 'positional', positionalOnly: false, candidates: ['int'] };
  const prepared = "(lambda s: (s.insert_after(3, 'hello'), s)[-1])(TokenList())";
  const refused = (index: number): Observation => {
    const o = raisedObservation([self, where], index, [{ k: 'call', callee: 'TokenList', args: [] }, int(index)], 'ArgumentRejected', '');
    const request = { ...o.request, receiver: prepared };
    const message = "receiver: building `(lambda s: (s.insert_after(3, 'hello'), s)[-1])(Tok…` raised AttributeError: 'str' object has no attribute 'parent'";
    return {
      ...o,
      request,
      record: { ...o.record, ...request, result: { ...o.record.result, status: 'rejected', exception: { type: 'ArgumentRejected', message } } },
    };
  };
  const { summary } = report([self, where], [refused(1), refused(2)]).description;
  assert.match(summary, /building `s = TokenList\(\); s\.insert_after\(3, 'hello'\)` raised AttributeError/, summary);
  assert.doesNotMatch(summary, /lambda/, summary);
  // xml.dom.minidom's Document().createComment(2.5): its Comment could not print itself.
  const data: Position[] = [{ name: 'data', role: 'positional', positionalOnly: false, candidates: ['str', 'float'] }];
  const comment = (index: number, arg: PyValue, repr: string): Observation => {
    const o = returnedObservation(data, index, [arg], str(''));
    return { ...o, record: { ...o.record, result: { ...o.record.result, value: { type: 'xml.dom.minidom.Comment', repr, truncated: false } } } };
  };
  const observations = [
    comment(1, float(2.5), "<repr of xml.dom.minidom.Comment raised TypeError: object of type 'float' has no len()>"),
    comment(2, str('a note'), '<DOM Comment node "a note">'),
    comment(3, str('hello'), '<DOM Comment node "hello">'),
  ];
  const { examples } = report(data, observations).description;
  assert.ok(examples.length > 0 && examples.every((e) => !e.result.startsWith('<repr of')), JSON.stringify(examples));
});

test('a raise line of one whole call cuts a long call to one line', () => {
  // oauthlib's RequestValidator().validate_redirect_uri('2024-03-15', 'https://example.com/docs/page?q=search&lang=en#intro', 3).
  const positions: Position[] = ['client_key', 'redirect_uri', 'request'].map((name) => ({
    name,
    role: 'positional',
    positionalOnly: false,
    candidates: ['str'],
  }));
  const long = 'https://example.com/docs/page?q=search&lang=en#intro-and-a-longer-tail';
  const observations = [1, 2].map((k) =>
    raisedObservation(positions, k, [str('2024-03-15'), str(long), int(k)], 'NotImplementedError', 'Missing function implementation'),
  );
  const [line] = report(positions, observations).description.raises.split('\n');
  assert.match(
    line ?? '',
    /^NotImplementedError in f\('2024-03-15', 'https:\/\/example\.co[^']*…', 1\): Missing function implementation \(and in 1 more call\)\.$/,
    line,
  );
  assert.doesNotMatch(line ?? '', /a-longer-tail/, line);
});

test('a function that returned None and changed nothing it was given says plainly that what it is for was not seen', () => {
  // toml's TomlPreserveCommentDecoder().embed_comments(idx, currentlevel) (teach10's trial) read
  // only "it returned None", as if that were all it does.
  const positions: Position[] = [{ name: 'idx', role: 'positional', positionalOnly: false, candidates: ['int'] }];
  const quiet = [1, 2, 3].map((n) => {
    const o = returnedObservation(positions, n, [int(n)], { k: 'none' });
    return { ...o, record: { ...o.record, result: { ...o.record.result, value: { type: 'NoneType', repr: 'None', truncated: false } } } };
  });
  assert.match(
    report(positions, quiet).description.summary,
    /^In the calls tried \(all 3 returned\), it returned None; nothing it did to its arguments showed, so what it is for was not seen\.$/,
  );
  // One that printed did something a reader can see: not said of it.
  const printed = quiet.map((o) => ({ ...o, record: { ...o.record, result: { ...o.record.result, stdout: 'hello\n' } } }));
  assert.doesNotMatch(report(positions, printed).description.summary, /was not seen/);
});
