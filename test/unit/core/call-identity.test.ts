// Properties of the one call identity (src/core/call-identity.ts) on generated sources: a
// source is generated as a list of Python tokens, then spelled with random whitespace and
// comments between tokens. Spellings of the same tokens are the same call; a change of the
// tokens, or of the whitespace inside a string literal, is a different call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { callKey, canonicalCall, canonicalSource } from '../../../src/core/call-identity.js';
import { renderCall } from '../../../src/core/format.js';
import { pieces } from '../../../src/core/python-source.js';
import type { CallRequest } from '../../../src/core/probe-types.js';

type Token = { kind: 'word'; text: string } | { kind: 'punct'; text: string } | { kind: 'string'; prefix: string; quote: string; body: string };

const word = fc.constantFrom('x', 'ab', 'None', 'lambda', 'not', 'if', 'else', 'in', '1', '20', '2.5', '0x1F', 'r', 'b');
const punct = fc.constantFrom('(', ')', '[', ']', '{', '}', ',', ':', '=', '==', '+', '-', '*', '.', '%');
/** String bodies with the characters that matter: spaces, tabs, quotes (escaped), a backslash escape, a `#`. */
const body = fc.array(fc.constantFrom('a', 'b', ' ', '\t', '#', ',', ']', "\\'", '\\"', '\\n', 'é'), { maxLength: 6 }).map((parts) => parts.join(''));
const stringToken = fc.record({
  kind: fc.constant('string' as const),
  prefix: fc.constantFrom('', '', '', 'r', 'b', 'f'),
  quote: fc.constantFrom("'", '"', "'''", '"""'),
  body,
});
const token: fc.Arbitrary<Token> = fc.oneof(
  word.map((text) => ({ kind: 'word' as const, text })),
  punct.map((text) => ({ kind: 'punct' as const, text })),
  stringToken,
);
const tokens = fc.array(token, { maxLength: 10 });

/** Whitespace between two tokens: nothing, blanks, a newline, or a comment ending in a newline. */
const gap = fc.constantFrom('', '', ' ', '  ', '\t', '\n  ', " # note, with ( and '\n", ' #\n');

const tokenText = (t: Token) => (t.kind === 'string' ? `${t.prefix}${t.quote}${t.body}${t.quote}` : t.text);

/** Whether Python needs whitespace between two tokens to keep them apart. */
function needsSpace(a: Token, b: Token): boolean {
  if (a.kind === 'word' && b.kind !== 'punct') return true; // `not x`; `r 'a'` is not `r'a'`
  if (a.kind === 'word' && b.kind === 'punct' && b.text === '.' && /\d$/.test(a.text)) return true; // `1 .real`
  return a.kind === 'string' && b.kind === 'string' && b.prefix === '' && a.quote[0] === b.quote[0]; // `''` then `'a'` is not `'''a'`
}

/** The tokens spelled with the given gaps (the first before the first token); required spaces added. */
function spell(ts: Token[], gaps: string[]): string {
  let out = gaps[0] ?? '';
  ts.forEach((t, i) => {
    const prev = ts[i - 1];
    let g = i === 0 ? '' : (gaps[i] ?? '');
    if (prev && needsSpace(prev, t) && !/\s/.test(g)) g = ` ${g}`;
    out += g + tokenText(t);
  });
  return out + (gaps[ts.length] ?? '');
}

const spelled = (ts: Token[]) => fc.array(gap, { minLength: ts.length + 1, maxLength: ts.length + 1 }).map((gaps) => spell(ts, gaps));
const plain = (ts: Token[]) => spell(ts, []);

/** What the identity promises to ignore beyond whitespace: the quote style of a simple string, a trailing comma before `]` or `}`. */
function model(ts: Token[]): string {
  const out: unknown[] = [];
  for (const t of ts) {
    const last = out[out.length - 1];
    if (t.kind === 'string') {
      const simple = t.prefix === '' && t.quote.length === 1 && !/['"\\]/.test(t.body);
      out.push(simple ? ['str', t.body] : [t.prefix, t.quote, t.body]);
    } else if (t.kind === 'punct' && typeof last === 'string' && /^\W+$/.test(last)) {
      // Operator characters with only whitespace between them read as one (`= =` as `==`): the
      // identity is lexical; such spellings are syntax errors or the same (`- -1`) in Python.
      out[out.length - 1] = last + t.text;
    } else out.push(t.text);
  }
  // Trailing commas before `]` or `}` go.
  return JSON.stringify(out.map((x) => (typeof x === 'string' ? x.replace(/,+(?=[\]}])/g, '') : x)));
}

/** A source of tokens that lex as themselves (so the model is a faithful description). */
const source = tokens.filter((ts) => ts.every((t) => t.kind !== 'string' || t.quote.length === 3 || !/\n/.test(t.body)));

test('spelling the same tokens with other whitespace and comments is the same source', () => {
  fc.assert(
    fc.property(
      source.chain((ts) => fc.tuple(fc.constant(ts), spelled(ts), spelled(ts))),
      ([ts, a, b]) => {
        assert.equal(canonicalSource(a), canonicalSource(b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
        assert.equal(canonicalSource(a), canonicalSource(plain(ts)));
      },
    ),
    { numRuns: 2000 },
  );
});

test('two sources are the same exactly when their tokens are (modulo quote style and a trailing comma)', () => {
  // A small token alphabet, so that equal token lists come up often as well as different ones.
  fc.assert(
    fc.property(
      source.chain((ts) => fc.tuple(fc.constant(ts), spelled(ts))),
      source.chain((ts) => fc.tuple(fc.constant(ts), spelled(ts))),
      ([ta, a], [tb, b]) => {
        assert.equal(canonicalSource(a) === canonicalSource(b), model(ta) === model(tb), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      },
    ),
    { numRuns: 3000 },
  );
  fc.assert(
    fc.property(
      fc.array(
        fc.constantFrom<Token>(
          { kind: 'word', text: 'x' },
          { kind: 'punct', text: ',' },
          { kind: 'punct', text: ']' },
          { kind: 'string', prefix: '', quote: "'", body: 'a' },
        ),
        {
          maxLength: 4,
        },
      ),
      fc.array(
        fc.constantFrom<Token>(
          { kind: 'word', text: 'x' },
          { kind: 'punct', text: ',' },
          { kind: 'punct', text: ']' },
          { kind: 'string', prefix: '', quote: '"', body: 'a' },
        ),
        {
          maxLength: 4,
        },
      ),
      (ta, tb) => assert.equal(canonicalSource(plain(ta)) === canonicalSource(spell(tb, [' ', ' ', ' ', ' ', ' '])), model(ta) === model(tb)),
    ),
    { numRuns: 2000 },
  );
});

test('whitespace inside a string literal matters', () => {
  fc.assert(
    fc.property(source, stringToken, fc.nat(), fc.constantFrom(' ', '\t', '  '), (ts, str, at, blank) => {
      const i = at % (ts.length + 1);
      const cut = str.body.length === 0 ? 0 : at % (str.body.length + 1);
      // Do not cut an escape (`\'`) in two.
      if (str.body[cut - 1] === '\\') return;
      const spaced = { ...str, body: str.body.slice(0, cut) + blank + str.body.slice(cut) };
      const a = plain([...ts.slice(0, i), str, ...ts.slice(i)]);
      const b = plain([...ts.slice(0, i), spaced, ...ts.slice(i)]);
      assert.notEqual(canonicalSource(a), canonicalSource(b));
      assert.notEqual(callKey({ args: [a] }), callKey({ args: [b] }));
    }),
    { numRuns: 2000 },
  );
});

test('the canonical spelling is a fixed point', () => {
  fc.assert(
    fc.property(
      source.chain((ts) => spelled(ts)),
      (a) => assert.equal(canonicalSource(canonicalSource(a)), canonicalSource(a)),
    ),
    { numRuns: 2000 },
  );
});

const sources = source.chain((ts) => fc.tuple(fc.constant(ts), spelled(ts)));
const request: fc.Arbitrary<{ req: CallRequest; respelled: CallRequest }> = fc
  .record({
    args: fc.array(sources, { maxLength: 3 }),
    kwargs: fc.dictionary(fc.constantFrom('a', 'b', 'times', 'arg0'), sources, { maxKeys: 2 }),
    receiver: fc.option(sources, { nil: undefined }),
  })
  .map(({ args, kwargs, receiver }) => {
    const req: CallRequest = { args: args.map(([ts]) => plain(ts)) };
    const respelled: CallRequest = { args: args.map(([, s]) => s) };
    const names = Object.keys(kwargs);
    if (names.length) {
      req.kwargs = Object.fromEntries(names.map((k) => [k, plain(kwargs[k]![0])]));
      // The respelled request lists its keywords in the other order.
      respelled.kwargs = Object.fromEntries([...names].reverse().map((k) => [k, kwargs[k]![1]]));
    }
    if (receiver) {
      req.receiver = plain(receiver[0]);
      respelled.receiver = receiver[1];
    }
    return { req, respelled };
  });

test('canonical(a) = canonical(b) ⇔ key(a) = key(b), for requests', () => {
  fc.assert(
    fc.property(request, request, fc.boolean(), ({ req: a, respelled }, { req: other }, same) => {
      const b = same ? respelled : other;
      assert.equal(JSON.stringify(canonicalCall(a)) === JSON.stringify(canonicalCall(b)), callKey(a) === callKey(b));
      if (same) assert.equal(callKey(a), callKey(b));
    }),
    { numRuns: 2000 },
  );
});

test('the grounding key of a rendered call ignores respelling and keeps apart calls that differ', () => {
  // Rendered calls are compared as text, so keep to sources that are one argument each: not
  // empty, no top-level comma, `=` or bracket. No receivers: renderCall brackets a receiver by
  // its spelling, so respelling one changes the text.
  const oneArgument = (src: string) => canonicalSource(src) !== '' && pieces(src).every((p) => p.kind === 'string' || !/[,=:()[\]{}]/.test(p.text));
  const noReceiver = request.filter(({ req }) => req.receiver === undefined && [...req.args, ...Object.values(req.kwargs ?? {})].every(oneArgument));
  fc.assert(
    fc.property(noReceiver, noReceiver, ({ req: a, respelled }, { req: b }) => {
      // Keyword order is kept in a rendered call, so compare with the keywords in a's order.
      const ordered: CallRequest = {
        ...respelled,
        ...(a.kwargs ? { kwargs: Object.fromEntries(Object.keys(a.kwargs).map((k) => [k, respelled.kwargs![k]!])) } : {}),
      };
      assert.equal(canonicalSource(renderCall('f', a)), canonicalSource(renderCall('f', ordered)));
      if (callKey(a) !== callKey(b)) assert.notEqual(canonicalSource(renderCall('f', a)), canonicalSource(renderCall('f', b)));
    }),
    { numRuns: 1000 },
  );
});

test('examples: the cases the session, the explorer and the comparison rely on', () => {
  assert.equal(canonicalSource("f( ' a ' )"), canonicalSource("f(' a ')"));
  assert.notEqual(canonicalSource("f(' a ')"), canonicalSource("f('a')"));
  assert.equal(canonicalSource("['a', 1,]"), canonicalSource('["a",1]'));
  assert.notEqual(canonicalSource("'a,]'"), canonicalSource("'a]'"));
  assert.notEqual(canonicalSource('not x'), canonicalSource('notx'));
  assert.equal(canonicalSource('lambda  x :  x+1'), canonicalSource('lambda x: x + 1'));
  assert.equal(canonicalSource('[1,  # one\n 2]'), canonicalSource('[1, 2]'));
  assert.notEqual(canonicalSource('(1,)'), canonicalSource('(1)'));
  assert.notEqual(canonicalSource("r'a'"), canonicalSource("'a'"));
});
