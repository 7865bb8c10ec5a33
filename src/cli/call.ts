// `pau call`: one sandboxed call of a Python function, printed as a line or as ProbeResult JSON.
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_MS, MEMORY_MB_RANGE, TIMEOUT_MS_RANGE } from '../core/limits.js';
import { startWorker } from '../probe/client.js';
import { ProbeError, type CallRequest, type ProbeResult } from '../core/probe-types.js';
import { workerOptions, type StartWorker } from '../core/worker-options.js';
import { printable, printableDeep } from '../core/printable.js';
import { existingFile, intFlag, parse, parseTargetSpec, SANDBOX_OPTIONS, sandboxFlag, UsageError } from './args.js';
import { stdoutWriter } from './print.js';
import { onStopSignals } from './stop-signals.js';

const HELP = `usage: pau call <file.py>:<qualname> [ARG_SOURCE...] [options]

Makes one sandboxed call and prints its result. Each ARG_SOURCE is one positional argument
written as Python source in the safe grammar ('1', "'text'", '[1, 2]', 'lambda x: x + 1').
Put -- before arguments that start with a dash:  pau call f.py:neg -- -1

options:
  --kw NAME=SOURCE     a keyword argument (repeatable)
  --receiver SOURCE    the object an instance method is called on, e.g. 'Stack([1, 2])'
  --json               print one ProbeResult JSON object
  --timeout-ms N       wall-clock limit of the call (default ${DEFAULT_TIMEOUT_MS})
  --sandbox MODE       auto (default: the OS sandbox when it works here), os (refuse without it), guards
  --memory-mb N        memory the call may add to the warm worker (default ${DEFAULT_MEMORY_MB})
  --python PATH        the interpreter (default python3, then python)

exit codes: 0 the call ran (whatever it returned or raised), 1 the worker failed,
2 bad usage, a target that cannot be imported, or an argument the grammar rejects,
130 stopped by Ctrl-C, 143 by SIGTERM`;

function keywordArguments(pairs: string[] | undefined): Record<string, string> {
  const kwargs: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    const name = at > 0 ? pair.slice(0, at) : '';
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new UsageError(`--kw takes NAME=SOURCE, got '${pair}'`);
    kwargs[name] = pair.slice(at + 1);
  }
  return kwargs;
}

function coverageText(result: ProbeResult): string {
  const c = result.coverage;
  if (!c) return '';
  return `, lines ${c.lines.hit}/${c.lines.total} (+${c.lines.new}), arcs ${c.arcs.hit}/${c.arcs.total} (+${c.arcs.new})`;
}

/** The human-readable form: a headline, then mutations and output when there are any. */
export function formatResult(raw: ProbeResult): string {
  // Reprs, messages and output come from the probed function: controls shown as escapes.
  const result = printableDeep(raw);
  const lines: string[] = [];
  const timing = `(${result.durationMs.toFixed(2)} ms${coverageText(result)})`;
  switch (result.status) {
    case 'returned': {
      const v = result.value;
      lines.push(v ? `returned ${v.type}: ${v.repr}${v.truncated ? ' [truncated]' : ''}  ${timing}` : `returned  ${timing}`);
      if (v?.iteration) {
        const more = v.iteration.ended ? 'ended' : 'more may follow';
        lines.push(`  items: [${v.iteration.items.join(', ')}] (${more})`);
        if (v.iteration.raised) lines.push(`  iteration raised ${v.iteration.raised.type}: ${v.iteration.raised.message}`);
      }
      break;
    }
    case 'raised':
    case 'rejected':
      lines.push(`${result.status} ${result.exception ? `${result.exception.type}: ${result.exception.message}` : 'Exception'}  ${timing}`);
      break;
    case 'timeout':
      lines.push(`timeout: the call did not finish within its time limit  ${timing}`);
      break;
    case 'crashed': {
      const crash = result.crash;
      const how = crash?.reason ?? (crash?.signal ? `killed by ${crash.signal}` : `exit code ${crash?.exitCode ?? '?'}`);
      lines.push(`crashed: ${how}  ${timing}`);
      break;
    }
  }
  for (const m of result.mutations) lines.push(`mutated ${m.arg}: ${m.repr}`);
  const cut = result.outputTruncated ? ' [truncated]' : '';
  if (result.stdout) lines.push(`stdout${cut}:\n${result.stdout.replace(/\n$/, '')}`);
  if (result.stderr) lines.push(`stderr${cut}:\n${result.stderr.replace(/\n$/, '')}`);
  return lines.join('\n');
}

/** `start`: how the worker is started (the real client unless a caller passes its own). */
export async function run(argv: string[], start: StartWorker = startWorker): Promise<number> {
  const { values, positionals } = parse(argv, {
    kw: { type: 'string', multiple: true },
    receiver: { type: 'string' },
    json: { type: 'boolean' },
    ...SANDBOX_OPTIONS,
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const [spec, ...args] = positionals;
  const target = parseTargetSpec(spec);
  existingFile(target.file); // said before a worker starts, as probe and export say it
  const request: CallRequest = { args, kwargs: keywordArguments(values.kw) };
  if (values.receiver !== undefined) request.receiver = values.receiver;
  const settings = {
    timeoutMs: intFlag('timeout-ms', values['timeout-ms'], DEFAULT_TIMEOUT_MS, TIMEOUT_MS_RANGE),
    memoryMb: intFlag('memory-mb', values['memory-mb'], DEFAULT_MEMORY_MB, MEMORY_MB_RANGE),
    sandbox: sandboxFlag(values.sandbox),
  };

  // Ctrl-C (or SIGTERM) while the worker starts ends node at once, through the exit hooks that ask it
  // to end what its import started, then kill it and remove its folder (an import may take its whole
  // time limit); during the call it stops the call, and the worker is stopped as after any call.
  // Either way: "stopped", 130 (143).
  const controller = new AbortController();
  let started = false;
  const signals = onStopSignals((code) => {
    if (started) return controller.abort();
    process.stderr.write('pau call: stopped\n');
    process.exit(code);
  });
  try {
    let worker;
    try {
      worker = await start(workerOptions({ target, python: values.python, settings }));
    } catch (err) {
      if (err instanceof ProbeError && err.kind === 'no-sandbox') throw new UsageError(err.message);
      if (err instanceof ProbeError && (err.kind === 'import-failed' || err.kind === 'unknown-qualname')) {
        const available = err.available?.length ? ` (available: ${err.available.join(', ')})` : '';
        throw new UsageError(err.message + available);
      }
      throw err;
    }
    started = true;
    try {
      const result = await worker.call(request, { signal: controller.signal });
      // A rejected call is said once, on stderr; --json still prints its ProbeResult. A reader that
      // went away (`| head`) is no error: the call ran.
      if (values.json || result.status !== 'rejected') stdoutWriter()((values.json ? JSON.stringify(result) : formatResult(result)) + '\n');
      if (result.status === 'rejected') {
        process.stderr.write(`pau call: argument rejected: ${printable(result.exception?.message ?? '')}\n`);
        return 2;
      }
      return 0;
    } catch (err) {
      if (signals.code === undefined) throw err;
      process.stderr.write('pau call: stopped\n');
      return signals.code;
    } finally {
      await worker.stop();
    }
  } finally {
    signals.dispose();
  }
}
