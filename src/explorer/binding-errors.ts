// Python's own words for a call that does not fit the signature ("f() takes 2 positional
// arguments but 3 were given", C's "len() takes exactly one argument (0 given)"), in one place:
// the description leaves such calls out of its claims, a receiver's constructor that said so is
// tried with other shapes rather than other values, and the counts set how many `*args` to pass.
import { group } from '../core/regex-group.js';

/** A function's name as the messages write it: `f`, `Scanner.__init__`, `<lambda>`. */
const NAME = String.raw`[\w.<>]+`;
const WORDS: Record<string, number> = { no: 0, one: 1, two: 2, three: 3 };

/** Messages that give counts: group 1 is how many it takes, group 2 how many were given. */
const COUNTED: RegExp[] = [
  // f() takes 2 positional arguments but 3 were given; takes from 1 to 2 …; but 2 positional arguments (and 1 keyword-only argument) were given
  new RegExp(String.raw`^${NAME}\(\) takes (?:from \d+ to )?(\d+) (?:positional |keyword )?arguments? but (\d+)\b.* (?:was|were) given$`),
  // len() takes exactly one argument (0 given); str.upper() takes no arguments (1 given)
  new RegExp(String.raw`^${NAME}\(\) takes (?:exactly |at least |at most )?(no|one|two|three|\d+) (?:positional |keyword )?arguments? \((\d+) given\)$`),
  // heappushpop expected 2 arguments, got 1
  new RegExp(String.raw`^${NAME} expected (?:at least |at most )?(\d+) arguments?, got (\d+)$`),
];

/** Messages that say the call does not fit but give no counts. */
const UNCOUNTED: RegExp[] = [
  new RegExp(
    String.raw`^${NAME}\(\) (?:missing \d+ required|got an unexpected keyword argument|got multiple values for argument|got some positional-only arguments)`,
  ),
  // b2a_qp() missing required argument 'data' (pos 1)
  new RegExp(String.raw`^${NAME}\(\) missing required argument '\w+' \(pos \d+\)$`),
  // 'foo' is an invalid keyword argument for compress()
  new RegExp(String.raw`^'\w+' is an invalid keyword argument for ${NAME}\(\)$`),
  // unbound method date.isocalendar() needs an argument
  new RegExp(String.raw`^unbound method ${NAME}\(\) needs an argument$`),
];

/** Whether a (TypeError's) message is Python's refusal of how the call was written, not of the values in it. */
export function isBindingMessage(message: string): boolean {
  return [...COUNTED, ...UNCOUNTED].some((re) => re.test(message));
}

/** How many arguments a binding message says the function takes (the bound, for "at least"/"at most"/"from … to") and how many it was given; null when it gives no counts. */
export function bindingCounts(message: string): { takes: number; given: number } | null {
  for (const re of COUNTED) {
    const m = re.exec(message);
    if (!m) continue;
    const takes = group(m, 1);
    return { takes: WORDS[takes] ?? Number(takes), given: Number(group(m, 2)) };
  }
  return null;
}
