// `pau replay <session.json>`: print a saved session exactly as the live run printed it.
import { loadSession, SessionFileError } from '../session/file.js';
import { replaySession } from '../core/replay.js';
import { parse, UsageError } from './args.js';
import { createPrinter, stdoutWriter, wantsColor } from './print.js';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    process.stdout.write('usage: pau replay <session.json>\n');
    return 0;
  }
  const [path] = positionals;
  if (positionals.length !== 1 || path === undefined) throw new UsageError('expected one session file: pau replay <session.json>');
  let file;
  try {
    file = await loadSession(path);
  } catch (err) {
    if (err instanceof SessionFileError) throw new UsageError(err.message);
    throw err;
  }
  await replaySession(file, createPrinter({ write: stdoutWriter(), color: wantsColor(process.stdout), showErrors: true }));
  return 0;
}
