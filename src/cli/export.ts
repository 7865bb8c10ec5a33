// `pau export --pytest <session.json | file.py:qualname>`: a characterization test module from
// a session's probes (a target instead of a session runs the offline explorer first), verified
// with pytest before its path is printed.
import { DEFAULT_MAX_PROBES, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_MS, MAX_PROBES_RANGE } from '../core/limits.js';
import { resolve } from 'node:path';
import type { SandboxMode } from '../core/probe-types.js';
import type { SessionFile } from '../core/session-types.js';
import { ExportError, exportPytest, outputFileProblem } from '../export/pytest-export.js';
import { startWorker } from '../probe/client.js';
import { pytestRunner } from '../probe/pytest-run.js';
import { loadSession, SessionFileError } from '../session/file.js';
import { runSession } from '../session/run.js';
import { existingFile, intFlag, parse, parseTargetSpec, sandboxFlag, UsageError } from './args.js';
import { printable } from '../core/printable.js';
import { onStopSignals } from './stop-signals.js';

const HELP = `usage: pau export --pytest <session.json | file.py:qualname> [options]

Writes a pytest module that pins down what the function did when it was probed: one
parametrized test per kind of behaviour (returned values, raised exceptions, in-place
mutations, printed output). Each case holds the values the call was made with, as literals;
a probe whose arguments are not plain data is left out, and so is one whose result changes
when re-run. The module is run with pytest, in the OS sandbox when there is one, before its
path is printed; one that fails is not kept.
Given file.py:qualname instead of a session, the offline explorer probes it first.

  --pytest             the export format (the only one so far)
  --out FILE           where to write (default: tests/ of --workspace when it has one, else next to the module)
  --workspace DIR      the project root whose tests/ folder is used (default: the current folder)
  --python PATH        interpreter for the re-runs and for pytest (default python3)
  --max-probes N       offline probes when given a target (default ${DEFAULT_MAX_PROBES})
  --sandbox MODE       auto (default), os or guards: what isolates the re-runs and the pytest run
  --json               print the result as JSON

exit codes: 0 written and passing, 1 nothing reproducible or the tests failed, 2 bad usage,
130 stopped by Ctrl-C, 143 by SIGTERM`;

const options = {
  pytest: { type: 'boolean' },
  out: { type: 'string' },
  workspace: { type: 'string' },
  python: { type: 'string' },
  'max-probes': { type: 'string' },
  sandbox: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function sessionFrom(source: string, python: string | undefined, maxProbes: number, sandbox: SandboxMode, signal: AbortSignal): Promise<SessionFile> {
  if (source.endsWith('.json')) {
    try {
      return await loadSession(source);
    } catch (err) {
      if (err instanceof SessionFileError) throw new UsageError(err.message);
      throw err;
    }
  }
  const spec = parseTargetSpec(source);
  const file = existingFile(spec.file);
  const settings = {
    mode: 'offline' as const,
    maxProbes,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    memoryMb: DEFAULT_MEMORY_MB,
    strictness: 'signature' as const,
    coverageFeedback: true,
    sandbox,
  };
  const session = await runSession({ target: { file, qualname: spec.qualname }, settings, compare: false, signal, ...(python ? { python } : {}) });
  if (session.error && !signal.aborted) throw new Error(`probing ${source} failed: ${session.error.message}`);
  return session;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, options);
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  if (!values.pytest) throw new UsageError('say which format: --pytest (the only one so far)');
  const [source] = positionals;
  if (positionals.length !== 1 || source === undefined)
    throw new UsageError('expected one session file or target: pau export --pytest <session.json | file.py:qualname>');
  const sandbox = sandboxFlag(values.sandbox);
  // Before the probing: a name pytest cannot run is known now, not after a whole run.
  const badOut = values.out === undefined ? undefined : outputFileProblem(values.out);
  if (badOut) throw new UsageError(`--out ${badOut}`);
  const maxProbes = intFlag('max-probes', values['max-probes'], DEFAULT_MAX_PROBES, MAX_PROBES_RANGE);
  // Ctrl-C (or SIGTERM) stops the probing, the re-runs and pytest, and their workers remove their folders.
  const controller = new AbortController();
  const signals = onStopSignals(() => controller.abort());
  try {
    const session = await sessionFrom(source, values.python, maxProbes, sandbox, controller.signal);
    const result = controller.signal.aborted
      ? undefined
      : await exportPytest({
          session,
          startWorker,
          sandbox,
          runPytest: pytestRunner({ sandbox }),
          workspaceRoot: resolve(values.workspace ?? '.'),
          signal: controller.signal,
          ...(values.out ? { out: values.out } : {}),
          ...(values.python ? { python: values.python } : {}),
        }).catch((err: unknown) => {
          if (controller.signal.aborted) return undefined;
          throw err;
        });
    if (!result) {
      process.stderr.write('pau export: stopped\n');
      return signals.code ?? 130;
    }
    if (values.json) {
      const { path, cases, skipped, verified } = result;
      process.stdout.write(JSON.stringify({ path, cases, skipped, verified }, null, 2) + '\n');
    } else {
      process.stdout.write(`${result.path}: ${result.cases} cases, ${result.verified.passed} passed under pytest (${result.verified.sandbox})\n`);
      for (const s of result.skipped) process.stdout.write(`  left out probe ${s.probe}: ${printable(s.reason)}\n`);
    }
    return 0;
  } catch (err) {
    if (err instanceof ExportError) {
      process.stderr.write(`pau export: ${printable(err.message)}\n`);
      return 1;
    }
    throw err;
  } finally {
    signals.dispose();
  }
}
