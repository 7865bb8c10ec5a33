// The head of a description (core/description-head.ts): an example line keeps the arguments a
// reader needs when the call is too long for one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { descriptionHead, exampleLine, shortCall } from '../../../src/core/description-head.js';

test('a long call cuts its longest string literals before its end, so the arguments after a URL still show', () => {
  // The new-user trial's add_params_to_uri: "add_params_to_uri('https://example.com/docs/page?q=search&lang=en#intro', {'a':… →"
  // hid the params, the function's point, behind the whole URL.
  const call = "add_params_to_uri('https://example.com/docs/page?q=search&lang=en#intro', {'a': 1, 'b': 2})";
  const line = exampleLine({ call, result: "'https://example.com/docs/page?q=search&lang=en&a=1&b=2#intro'" });
  const [shown] = line.split(' → ');
  assert.ok((shown ?? '').length <= 80, shown);
  assert.ok(shown?.endsWith(", {'a': 1, 'b': 2})"), shown);
  assert.ok(shown?.startsWith("add_params_to_uri('https://example.com/docs/"), shown);
});

test('a short call is unchanged; a long list keeps its first items; what cannot be cut is cut at its end', () => {
  assert.equal(shortCall('clamp(5, 0, 3)', 80), 'clamp(5, 0, 3)');
  const numbers = `f([${Array.from({ length: 40 }, (_, i) => i).join(', ')}])`;
  assert.equal(shortCall(numbers, 30), 'f([0, 1, …])');
  const name = `${'a'.repeat(40)}()`;
  assert.equal(shortCall(name, 30), `${name.slice(0, 29)}…`);
  // Every literal cut to its shortest, then the last arguments elided.
  const strings = `g(${Array.from({ length: 8 }, () => `'${'x'.repeat(20)}'`).join(', ')})`;
  const out = shortCall(strings, 60);
  assert.ok(out.length <= 60, out);
  assert.match(out, /^g\('xxxxxxxxxxx…', 'xxxxxxxxxxx…', .*, …\)$/);
});

test("the callee's name and its keyword arguments show; a receiver's arguments, long lists and positional arguments go first", () => {
  // Lines of the new-user trial (seed 24680 and 80808 on ad83431), each cut at its end before.
  const cases: [string, string][] = [
    // "…prepare_request_body('hello', 'Tr0ub4dor&3x', incl… →": the keyword was the point.
    [
      "LegacyApplicationClient(100).prepare_request_body('hello', 'Tr0ub4dor&3x', include_client_id=True)",
      'LegacyApplicationClient(…).prepare_request_body(…, include_client_id=True)',
    ],
    // "evalId([4, 8, 15, 16, 23, 42], 1, 'Hello,… →": the text was cut, the junk list kept whole.
    [
      "ShortReferenceInlineProcessor('\\\\d+').evalId([4, 8, 15, 16, 23, 42], 1, 'Hello, World!')",
      "ShortReferenceInlineProcessor('\\\\d+').evalId([4, 8, …], 1, 'Hello, World!')",
    ],
    // "….create_authorization_res… →": the method's own name was cut.
    [
      "AuthorizationEndpoint(100, 10, [4, 8, 15, 16, 23, 42]).create_authorization_response('https://example.com/docs/page?%z#intro')",
      "AuthorizationEndpoint(…).create_authorization_response('https://exa…')",
    ],
  ];
  for (const [call, shown] of cases) assert.equal(shortCall(call, 80), shown);
  // Inside list(…), the call's own arguments are elided, never list's one argument.
  const bar = "list(progressbar([4, 8, 15, 16, 23, 42], 3, 'hello', False, 7, True, 12, 'abc', 'Hello, World!', 'Hello, {name}!', 'foo-bar', 20))";
  const out = shortCall(bar, 60);
  assert.ok(out.length <= 60, out);
  assert.match(out, /^list\(progressbar\(\[4, 8, …\], 3, .*…\)\)$/, out);
});

test('a call whose last argument is itself a call: the outer call keeps its name and its closing parentheses', () => {
  // XQueryLexer's callback (new-user trial, draw_F): LexerContext(…) ends the text, so only its
  // own arguments were tried for elision, and the line was cut inside the first argument's regex.
  const call = "list(XQueryLexer().pushstate_operator_starttag_callback(re.match('(\\\\d)(\\\\d)(\\\\d)', '123'), LexerContext('abc', 3)))";
  assert.equal(shortCall(call, 80), 'list(XQueryLexer().pushstate_operator_starttag_callback(…))');
  // The inner call's arguments go first when that is enough.
  assert.equal(shortCall('f(alpha_value, beta_value, g(gamma_value, delta_value))', 40), 'f(alpha_value, beta_value, g(…))');
});

test("a long Parameters line loses its asides' quoted values, then its last parameters; each is kept in full below", () => {
  // pycodestyle.blank_lines (new-user trial, draw_F): nine parameters, each with the values tried,
  // made a head line of about 1,000 characters.
  const tried = (values: string, n: number) => `changing it alone (among ${values}) made no difference in the ${n} calls that did`;
  const parameters: Record<string, string> = {
    logical_line: tried("`3`, `'abc'` and `0`", 2),
    blank_lines: 'calls with list returned; its own effect was not isolated',
    indent_level: tried("`7`, `'abc'`, `6` and 1 more", 3),
    line_number: tried("`12`, `'abc'` and `0`", 2),
    blank_before: tried("`20`, `'abc'` and `0`", 2),
    previous_logical: 'str',
    previous_unindented_logical_line: 'calls with int returned; its own effect was not isolated',
    previous_indent_level: 'int (may be left out)',
    lines: tried("`['apple', 'banana', 'ch…` and `['apple', 'cherry']`", 2),
  };
  const d = { summary: 's', details: '', parameters, returns: '', raises: '', examples: [], confidence: 0.5 };
  const { lines, moreParameters } = descriptionHead(d);
  const line = lines.find((l) => l.label === 'Parameters')?.text ?? '';
  assert.ok(line.length <= 340, `${line.length}: ${line}`);
  assert.match(line, /^logical_line: changing it alone made no difference in the 2 calls that did · blank_lines: calls with list returned; /);
  assert.match(line, / · \d more below$/);
  assert.doesNotMatch(line, /`/);
  // Every parameter the head shortened or left out, in full and in order; none that it shows whole.
  assert.deepEqual(
    moreParameters.map((p) => p.split(':')[0]),
    Object.keys(parameters).filter((k) => !line.includes(`${k}: ${parameters[k]}`)),
  );
  assert.ok(moreParameters.includes(`logical_line: ${parameters.logical_line}`));
  // A short line is unchanged; "(may be left out)" quotes nothing and stays.
  const few = descriptionHead({ ...d, parameters: { x: tried('`1`', 2), y: 'int (may be left out)' } });
  assert.equal(few.lines[1]?.text, 'x: changing it alone (among `1`) made no difference in the 2 calls that did · y: int (may be left out)');
  assert.deepEqual(few.moreParameters, []);
});

test('parameters said in the same words are named together on the Parameters line', () => {
  // attrs' frozen(_, __, ___) (teach10's trial): "_: no call with it returned · __: no call with it returned · ___: …".
  const parameters = { _: 'no call with it returned', __: 'no call with it returned', ___: 'no call with it returned', flag: 'a flag (True/False)' };
  const d = { summary: 's', details: '', parameters, returns: '', raises: '', examples: [], confidence: 0.5 };
  assert.equal(descriptionHead(d).lines[1]?.text, '_, __, ___: no call with it returned · flag: a flag (True/False)');
});

test('a summary that says no call returned is not said again by the Returns line and each parameter: those go below the fold', () => {
  // argparse's ArgumentParser.error and attr's resolve_types on the teach14 draw: three lines said "nothing returned".
  const head = descriptionHead({
    summary: 'No call returned: all 36 calls raised (TypeError), so what it computes is unknown.',
    details: '',
    parameters: { cls: 'no call with it returned', globalns: 'no call with it returned (may be left out)', flag: 'a flag (True/False)' },
    returns: 'Never returned in the probes made.',
    raises: 'TypeError in resolve_types(3): 3 is not a module, class, method, or function.',
    examples: [],
    confidence: 0.1,
    claims: [],
  });
  const labels = head.lines.map((l) => l.label ?? 'summary');
  assert.deepEqual(labels, ['summary', 'Parameters', 'Raises']);
  assert.equal(head.lines[1]?.text, 'flag: a flag (True/False)');
  assert.deepEqual(head.moreParameters, ['cls: no call with it returned', 'globalns: no call with it returned (may be left out)']);
});
