// `pau mcp`: the MCP server on stdin/stdout (src/mcp/server.ts). stdout carries only the
// protocol; messages for people go to stderr.
import { readFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../mcp/server.js';
import { WarmPool } from '../probe/warm-pool.js';
import { services } from '../session/services.js';
import { DEFAULT_MAX_PROBES, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_MS, MAX_PROBES_RANGE, MEMORY_MB_RANGE, TIMEOUT_MS_RANGE } from '../core/limits.js';
import { intFlag, LLM_OPTIONS, llmFromFlags, parse, sandboxFlag, UsageError } from './args.js';
import { onStopSignals } from './stop-signals.js';

const HELP = `usage: pau mcp [options]

Serves PAU Probe's tools over the Model Context Protocol on stdin/stdout:
  call_function      one sandboxed call of a Python function, its ProbeResult back
  probe_function     a whole run (offline explorer, or the LLM agent with --base-url/--model)
  compare_docstring  a description checked against the function's real docstring

  --base-url URL      OpenAI-compatible endpoint for probe_function's llm mode and the comparison (env PAU_BASE_URL)
  --model NAME        model name (env PAU_MODEL)
  --judge-model NAME  model of the comparison's judge (default: --model)
  --api-key-env VAR   environment variable holding the API key (default OPENAI_API_KEY)
  --text-protocol     for models without tool calling
  --python PATH       Python interpreter (default python3)
  --sandbox MODE      auto or os (default: the OS sandbox; a tool refuses to run without it, since the
                      client chooses the arguments), guards (accept the guards only)
  --cwd DIR           folder relative file paths are resolved in (default: the current folder),
                      and the one allowed root when the client declares no roots
  --allow-libraries   let targets be files of the interpreter's standard library and
                      site-packages (refused by default: pickle.loads and the like run any code)
  --max-timeout-ms N  cap on the timeoutMs a client asks for, and the limit of probe_function
                      (default ${DEFAULT_TIMEOUT_MS}, ${TIMEOUT_MS_RANGE.min}-${TIMEOUT_MS_RANGE.max})
  --max-memory-mb N   cap on the memoryMb a client asks for, likewise
                      (default ${DEFAULT_MEMORY_MB}, ${MEMORY_MB_RANGE.min}-${MEMORY_MB_RANGE.max})
  --max-probes N      cap on probe_function's maxProbes (each is an endpoint request in llm mode)
                      (default ${DEFAULT_MAX_PROBES}, ${MAX_PROBES_RANGE.min}-${MAX_PROBES_RANGE.max})

Targets must be inside the roots the client declares (MCP roots), or --cwd when it has none;
symlinks and .. are resolved before the check.
`;

const options = {
  ...LLM_OPTIONS,
  python: { type: 'string' },
  sandbox: { type: 'string' },
  cwd: { type: 'string' },
  'allow-libraries': { type: 'boolean' },
  'max-timeout-ms': { type: 'string' },
  'max-memory-mb': { type: 'string' },
  'max-probes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function packageVersion(): string {
  try {
    // The bundle dist/cli.js finds package.json one folder up; from source, src/cli/ is two levels down.
    for (const path of ['../package.json', '../../package.json']) {
      const url = new URL(path, typeof __filename === 'string' ? `file://${__filename}` : import.meta.url);
      const pkg = JSON.parse(readFileSync(url, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'pau-probe' && pkg.version) return pkg.version;
    }
  } catch {
    // fall through
  }
  return '0.0.0';
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, options);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`pau mcp takes no arguments, got: ${positionals.join(' ')}`);
  const endpoint = llmFromFlags(values);
  // The tools' workers fork from a warm parent per workspace folder once one is up (probe/warm-pool.ts).
  const pool = new WarmPool();
  const server = createMcpServer({
    version: packageVersion(),
    services: { ...services, startWorker: pool.startWorker },
    ...(endpoint ? { llm: endpoint.llm, ...(endpoint.judge ? { judge: endpoint.judge } : {}) } : {}),
    ...(values.python ? { python: values.python } : {}),
    ...(values.sandbox !== undefined ? { sandbox: sandboxFlag(values.sandbox) } : {}),
    ...(values.cwd ? { cwd: values.cwd } : {}),
    ...(values['allow-libraries'] ? { allowLibraries: true } : {}),
    maxTimeoutMs: intFlag('max-timeout-ms', values['max-timeout-ms'], DEFAULT_TIMEOUT_MS, TIMEOUT_MS_RANGE),
    maxMemoryMb: intFlag('max-memory-mb', values['max-memory-mb'], DEFAULT_MEMORY_MB, MEMORY_MB_RANGE),
    maxProbes: intFlag('max-probes', values['max-probes'], DEFAULT_MAX_PROBES, MAX_PROBES_RANGE),
  });
  const transport = new StdioServerTransport();
  // The client leaves by closing stdin, or stops the server with SIGTERM (Ctrl-C, SIGINT, in a
  // terminal): the same end for all three, so the warm parents and the workers' folders go too.
  const closed = new Promise<number>((resolve) => {
    transport.onclose = () => resolve(0);
    process.stdin.once('end', () => resolve(0));
    onStopSignals(resolve);
  });
  await server.connect(transport);
  process.stderr.write(`pau mcp: serving on stdio${endpoint ? ` (LLM ${endpoint.llm.model} at ${endpoint.llm.baseURL})` : ' (offline only)'}\n`);
  const code = await closed;
  await server.close().catch(() => {});
  await pool.dispose();
  // The client is gone: end now, whatever is still running (the workers' exit hook kills them).
  process.exit(code);
}
