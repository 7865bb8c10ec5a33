// `pau`: the command-line face of PAU Probe. Each subcommand lives in its own module and
// exports `run(argv) => exit code`; they are loaded on demand so `pau call` stays fast.
import { UsageError } from './args.js';
import { printable } from '../core/printable.js';
import { onAutoWithoutOsLayer } from '../probe/sandbox.js';

type Command = { summary: string; load: () => Promise<{ run(argv: string[]): Promise<number> }> };

const commands: Record<string, Command> = {
  call: { summary: 'make one sandboxed call and print its result', load: () => import('./call.js') },
  probe: { summary: 'let the agent (or the offline explorer) probe a function', load: () => import('./probe.js') },
  bench: { summary: 'run a PAU-format or PAU Probe task set and report metrics', load: () => import('./bench.js') },
  replay: { summary: 'print a saved session', load: () => import('./replay.js') },
  mcp: { summary: 'serve call_function, probe_function and compare_docstring over MCP (stdio)', load: () => import('./mcp.js') },
  export: { summary: 'write the probes of a session as pytest tests (--pytest)', load: () => import('./export.js') },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  pau ${name.padEnd(7)} ${c.summary}`);
  return ['usage: pau <command> [options]', '', ...lines, '', 'Run `pau <command> --help` for its options.'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write(usage() + '\n');
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`pau: unknown command '${name}' (expected one of: ${Object.keys(commands).join(', ')})\n`);
    return 2;
  }
  // Said once, before the first call, whichever command starts workers (stderr: not in the way of --json).
  onAutoWithoutOsLayer((warning) => process.stderr.write(`pau ${name}: ${printable(warning)}\n`));
  try {
    return await (await command.load()).run(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`pau ${name}: ${printable(err.message)}\n`);
      return 2;
    }
    // Import errors and worker messages can carry the target's own text.
    process.stderr.write(`pau ${name}: ${printable(err instanceof Error ? err.message : String(err))}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`pau: ${printable(String(err))}\n`);
    process.exitCode = 1;
  },
);
