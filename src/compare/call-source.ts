// Turning a doctest line into a CallRequest for the worker, when the line is a call of the
// function under test: `name(…)`, `module.name(…)`, `Class.name(…)` for class and static
// methods, `Class(…).name(…)` for instance methods. Anything else (assignments, imports,
// wrapped calls like `list(gen(3))`, `*args` unpacking) is not mapped, with the reason.
import type { CallRequest, FunctionInfo } from '../core/probe-types.js';
import { callKey } from '../core/call-identity.js';
import { matchingBracket, splitTopLevel, stripComments } from '../core/python-source.js';
import { group } from '../core/regex-group.js';

/** `list(f(…))` / `tuple(f(…))`: how doctests show what a generator yields. */
export type Wrapper = 'list' | 'tuple';

export type ParsedCall = { request: CallRequest; wrap?: Wrapper } | { reason: string };

const NOT_A_CALL = 'not a call of the function';
const DOTTED = /^[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*/;
const KEYWORD = /^([A-Za-z_]\w*)\s*=(?!=)/;

/** Splits an argument list's inside into positional and keyword sources. */
function parseArguments(inside: string): { args: string[]; kwargs: Record<string, string> } | { reason: string } {
  const parts = splitTopLevel(inside);
  if (!parts) return { reason: 'unbalanced brackets' };
  const args: string[] = [];
  const kwargs: Record<string, string> = {};
  for (const part of parts) {
    if (part === '') return { reason: 'empty argument' };
    if (part.startsWith('*')) return { reason: 'argument unpacking (*, **) is not supported' };
    const kw = KEYWORD.exec(part);
    if (kw) {
      kwargs[group(kw, 1)] = part.slice(kw[0].length).trim();
    } else {
      if (Object.keys(kwargs).length > 0) return { reason: 'positional argument after a keyword argument' };
      args.push(part);
    }
  }
  return { args, kwargs };
}

const segments = (dotted: string) => dotted.split('.').map((s) => s.trim());

/** Maps one example's source to a call of `info`'s function, or says why it cannot. */
export function callFromSource(source: string, info: FunctionInfo): ParsedCall {
  const src = stripComments(source).trim();
  const wrapper = /^(list|tuple)\s*\(/.exec(src);
  if (wrapper && info.name !== wrapper[1] && matchingBracket(src, wrapper[0].length - 1) === src.length - 1) {
    const inner = directCall(src.slice(wrapper[0].length, -1).trim(), info);
    return 'request' in inner ? { ...inner, wrap: wrapper[1] as Wrapper } : inner;
  }
  return directCall(src, info);
}

function directCall(src: string, info: FunctionInfo): ParsedCall {
  const head = DOTTED.exec(src);
  if (!head) return { reason: NOT_A_CALL };
  const callee = segments(head[0]);
  let i = head[0].length;
  while (src[i] === ' ') i++;
  if (src[i] !== '(') return { reason: NOT_A_CALL };
  const close = matchingBracket(src, i);
  if (close < 0) return { reason: 'unbalanced brackets' };
  const firstInside = src.slice(i + 1, close);
  const rest = src.slice(close + 1).trim();

  // `name(…)`, `module.name(…)`, `Class.name(…)`
  if (rest === '') {
    if (callee[callee.length - 1] !== info.name) return { reason: NOT_A_CALL };
    if (info.needsReceiver) return { reason: 'an instance method called without a receiver' };
    return withArguments(firstInside);
  }

  // `Class(…).name(…)`
  const tail = /^\.\s*([A-Za-z_]\w*)\s*\(/.exec(rest);
  if (!tail || tail[1] !== info.name || !info.needsReceiver || !info.ownerClass) return { reason: NOT_A_CALL };
  const owner = segments(info.ownerClass);
  if (callee[callee.length - 1] !== owner[owner.length - 1]) return { reason: NOT_A_CALL };
  const open = tail[0].length - 1;
  const close2 = matchingBracket(rest, open);
  if (close2 < 0) return { reason: 'unbalanced brackets' };
  if (rest.slice(close2 + 1).trim() !== '') return { reason: NOT_A_CALL };
  const parsed = withArguments(rest.slice(open + 1, close2));
  if ('reason' in parsed) return parsed;
  // Classes are usable by their name in the module, whatever module prefix the example used.
  parsed.request.receiver = `${info.ownerClass}(${firstInside.trim()})`;
  return parsed;
}

function withArguments(inside: string): ParsedCall {
  const parsed = parseArguments(inside);
  if ('reason' in parsed) return parsed;
  const request: CallRequest = { args: parsed.args };
  if (Object.keys(parsed.kwargs).length > 0) request.kwargs = parsed.kwargs;
  return { request };
}

/**
 * The call identity of core/call-identity.ts, with keywords keyed by parameter position when
 * `names` (real or shown, by position) knows them: `x=1` and `arg0=1` are the same argument.
 */
export function requestKey(req: CallRequest, names: string[][] = []): string {
  const position = (name: string) => {
    const i = names.findIndex((alts) => alts.includes(name));
    return i >= 0 ? `#${i}` : name;
  };
  const kwargs = Object.fromEntries(Object.entries(req.kwargs ?? {}).map(([k, v]) => [position(k), v]));
  return callKey({ ...req, kwargs });
}
