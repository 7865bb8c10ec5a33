// `pau probe <file.py>:<qualname>`: let the LLM agent (or the offline explorer) probe a function,
// printing each probe as it happens, or the session as JSON. Ctrl-C stops cleanly: the request
// and the call in flight are aborted, the worker is stopped, the partial session is saved.
import {
  DEFAULT_COVERAGE_FEEDBACK,
  DEFAULT_MAX_PROBES,
  DEFAULT_MEMORY_MB,
  DEFAULT_STRICTNESS,
  DEFAULT_TIMEOUT_MS,
  MAX_PROBES_RANGE,
  MEMORY_MB_RANGE,
  TIMEOUT_MS_RANGE,
} from '../core/limits.js';
import { readFileSync } from 'node:fs';
import type { LlmConfig, RunOptions } from '../core/run-types.js';
import { saveSession } from '../session/file.js';
import { Session } from '../session/run.js';
import { STRICTNESS_LEVELS, type SessionFile, type SessionSettings, type Strictness } from '../core/session-types.js';
import { existingFile, intFlag, LLM_OPTIONS, llmFromFlags, onOff, parse, parseTargetSpec, SANDBOX_OPTIONS, sandboxFlag, UsageError } from './args.js';
import { createPrinter, stdoutWriter, wantsColor } from './print.js';
import { onStopSignals } from './stop-signals.js';
import { printable } from '../core/printable.js';
import { docstringForRun } from '../docstring/for-run.js';
import { examplesToVerify } from '../docstring/from-session.js';
import { DOCSTRING_STYLES, type DocstringStyle } from '../docstring/types.js';
import { verifyInFreshWorker } from '../docstring/verify-examples.js';
import { startWorker } from '../probe/client.js';
import { detectLocalServers, LOCAL_SERVERS, ollamaOrigin } from '../llm/local.js';

const HELP = `usage: pau probe <file.py>:<qualname> [options]

  --offline                 use the offline explorer (no LLM, no key)
  --base-url URL            OpenAI-compatible endpoint (env PAU_BASE_URL; default OpenAI when a key is set)
  --model NAME              model name (env PAU_MODEL)
  --judge-model NAME        model of the comparison's judge (default: --model)
  --api-key-env VAR         environment variable holding the API key (default OPENAI_API_KEY)
  --max-probes N            probe budget (default ${DEFAULT_MAX_PROBES})
  --timeout-ms N            wall-clock limit of one call (default ${DEFAULT_TIMEOUT_MS})
  --sandbox MODE            auto (default: the OS sandbox when it works here), os (refuse without it), guards
  --memory-mb N             memory limit of one call (default ${DEFAULT_MEMORY_MB})
  --strictness ${STRICTNESS_LEVELS.join('|')}   what the agent sees of the signature (default ${DEFAULT_STRICTNESS})
  --coverage-feedback on|off          tell the agent what its calls reached (default ${onOff(DEFAULT_COVERAGE_FEEDBACK)})
  --compare                 compare the result with the function's docstring
  --text-protocol           for models without tool calling: one JSON action per reply
  --json                    print the session as JSON (and nothing else) on stdout
  --docstring               print only the docstring Insert Docstring would write (its examples re-run
                            first; the file's style, or --docstring-style google|numpy|sphinx|pep257)
  --out FILE                save the session file
  --python PATH             Python interpreter (default python3)
`;

/** With only a key in the environment, the endpoint is OpenAI's. */
const OPENAI_URL = 'https://api.openai.com/v1';
const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

const options = {
  ...LLM_OPTIONS,
  offline: { type: 'boolean' },
  'max-probes': { type: 'string' },
  ...SANDBOX_OPTIONS,
  strictness: { type: 'string' },
  'coverage-feedback': { type: 'string' },
  compare: { type: 'boolean' },
  json: { type: 'boolean' },
  docstring: { type: 'boolean' },
  'docstring-style': { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parse<typeof options>>['values'];

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} takes ${allowed.join(' or ')}, got '${value}'`);
}

/**
 * With no endpoint and no key: a model of a local server (Ollama, LM Studio), as the extension
 * offers them; --model picks among their models. Said on stderr, so --json stays clean.
 */
async function localEndpoint(values: Values, env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv | undefined> {
  const servers = (await detectLocalServers({ origins: { ollama: ollamaOrigin(env), lmstudio: LOCAL_SERVERS.lmstudio } })).filter((s) => s.models.length > 0);
  const wanted = values.model ?? env.PAU_MODEL;
  const server = wanted ? servers.find((s) => s.models.includes(wanted)) : servers[0];
  const model = wanted ?? server?.models[0];
  if (!server || !model) return undefined;
  const others = server.models.filter((m) => m !== model);
  process.stderr.write(
    `pau probe: using ${server.label} at ${server.baseURL}, model ${model}${others.length ? ` (also there: ${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''}; pick one with --model)` : ''}\n`,
  );
  return { ...env, PAU_BASE_URL: server.baseURL, PAU_MODEL: model };
}

/** The LLM endpoint (and judge) from flags and environment, or a usage error that points at --offline. */
async function endpointFromFlags(values: Values, env: NodeJS.ProcessEnv): Promise<{ llm: LlmConfig; judge?: LlmConfig }> {
  const keyVar = values['api-key-env'] ?? 'OPENAI_API_KEY';
  const noEndpoint = !values['base-url'] && !env.PAU_BASE_URL;
  const onlyKey = env[keyVar] && noEndpoint;
  const local = noEndpoint && !env[keyVar] ? await localEndpoint(values, env) : undefined;
  const withDefaults = onlyKey ? { ...env, PAU_BASE_URL: OPENAI_URL, PAU_MODEL: values.model ?? env.PAU_MODEL ?? OPENAI_DEFAULT_MODEL } : (local ?? env);
  const endpoint = llmFromFlags(values, withDefaults);
  if (!endpoint) {
    throw new UsageError(
      `no LLM configured and no local model server (Ollama, LM Studio) found: pass --base-url (or set PAU_BASE_URL) and set ${keyVar}, or run the offline explorer with --offline`,
    );
  }
  return endpoint;
}

export async function buildRunOptions(argv: string[], env: NodeJS.ProcessEnv): Promise<{ run: RunOptions; values: Values } | 'help'> {
  const { values, positionals } = parse(argv, options);
  if (values.help) return 'help';
  if (positionals.length > 1) throw new UsageError(`one target expected, got ${positionals.length}: ${positionals.join(' ')}`);
  if (values.json && values.docstring) throw new UsageError('--json and --docstring each print alone: pick one');
  if (values['docstring-style'] !== undefined && !values.docstring) throw new UsageError('--docstring-style goes with --docstring');
  oneOf('docstring-style', values['docstring-style'], DOCSTRING_STYLES, 'google');
  const spec = parseTargetSpec(positionals[0]);
  const file = existingFile(spec.file);

  const endpoint = values.offline ? undefined : await endpointFromFlags(values, env);
  const llm = endpoint?.llm;
  const settings: SessionSettings = {
    mode: values.offline ? 'offline' : 'llm',
    ...(values.sandbox !== undefined ? { sandbox: sandboxFlag(values.sandbox) } : {}),
    ...(llm ? { model: llm.model, baseURL: llm.baseURL } : {}),
    maxProbes: intFlag('max-probes', values['max-probes'], DEFAULT_MAX_PROBES, MAX_PROBES_RANGE),
    timeoutMs: intFlag('timeout-ms', values['timeout-ms'], DEFAULT_TIMEOUT_MS, TIMEOUT_MS_RANGE),
    memoryMb: intFlag('memory-mb', values['memory-mb'], DEFAULT_MEMORY_MB, MEMORY_MB_RANGE),
    strictness: oneOf<Strictness>('strictness', values.strictness, STRICTNESS_LEVELS, DEFAULT_STRICTNESS),
    coverageFeedback: oneOf('coverage-feedback', values['coverage-feedback'], ['on', 'off'], onOff(DEFAULT_COVERAGE_FEEDBACK)) === 'on',
    ...(llm?.textProtocol ? { textProtocol: true } : {}),
  };
  return {
    values,
    run: {
      target: { file, qualname: spec.qualname },
      settings,
      ...(llm ? { llm } : {}),
      ...(values.python ? { python: values.python } : {}),
      compare: values.compare ? { ...(endpoint?.judge ? { judge: endpoint.judge } : {}) } : false,
    },
  };
}

/**
 * After an offline run, the LLM agent is offered when one is set up (an endpoint or key in the
 * flags or the environment): it can try inputs the explorer's value families do not hold.
 */
export function agentOffer(values: Values, env: NodeJS.ProcessEnv): { agentOffer?: string } {
  const keyVar = values['api-key-env'] ?? 'OPENAI_API_KEY';
  const setUp = values['base-url'] ?? env.PAU_BASE_URL ?? (env[keyVar] ? `${keyVar} is set` : undefined);
  if (!values.offline || !setUp) return {};
  return { agentOffer: `the LLM agent may work out what it computes: run the same command without --offline (${setUp}).` };
}

/**
 * The docstring literal Insert Docstring would write for the finished run, indented as in the
 * file, or null (said on stderr) when there is none to write.
 */
async function docstringOf(file: SessionFile, startText: string, run: RunOptions, style: DocstringStyle | undefined): Promise<string | null> {
  const description = file.final.description;
  if (!description) {
    process.stderr.write('pau probe: the run gave no description, so there is no docstring to print\n');
    return null;
  }
  const { examples, unmatched } = examplesToVerify(file, description);
  const verified = examples.length
    ? await verifyInFreshWorker(startWorker, { target: run.target, python: run.python, settings: file.settings }, examples)
    : { kept: [], dropped: [] };
  for (const call of unmatched) process.stderr.write(`pau probe: example left out (not a call the run made): ${printable(call)}\n`);
  for (const d of verified.dropped) process.stderr.write(`pau probe: example dropped: ${printable(d.call)} (${printable(d.reason)})\n`);
  const { edit } = await docstringForRun(file, description, startText, verified.kept, { style, python: run.python });
  if (edit.kind === 'refused') {
    process.stderr.write(`pau probe: ${printable(edit.message)}\n`);
    return null;
  }
  // The literal as it would stand in the def's body, with the body's indentation.
  return `${edit.newText.replace(/^(\r?\n)+/, '').trimEnd()}\n`;
}

/**
 * 0 done, 2 the target could not be loaded, 128 + the signal's number when a signal stopped it
 * (130 Ctrl-C, 143 SIGTERM, as `pau export` and `pau mcp`), 1 any other failure.
 */
export function exitCodeOf(file: SessionFile, signalCode?: number): number {
  if (!file.error) return 0;
  if (file.error.kind === 'stopped' && signalCode !== undefined) return signalCode;
  return file.error.kind === 'import' ? 2 : 1;
}

export async function run(argv: string[]): Promise<number> {
  const built = await buildRunOptions(argv, process.env);
  if (built === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  const { run: runOptions, values } = built;
  // The text the run starts from: the docstring is placed in it, and refused if the file changes meanwhile.
  const startText = values.docstring && 'file' in runOptions.target ? readFileSync(runOptions.target.file, 'utf8') : undefined;
  const session = new Session(runOptions);
  // Nobody reading any more (`| head`): stop probing rather than run on unseen.
  const write = stdoutWriter(() => session.stop());
  if (!values.json && !values.docstring) session.on(createPrinter({ write, color: wantsColor(process.stdout), ...agentOffer(values, process.env) }));

  const signals = onStopSignals(() => {
    process.stderr.write('pau probe: stopping…\n');
    session.stop();
  });
  let file: SessionFile;
  try {
    file = await session.run();
  } finally {
    signals.dispose();
  }

  if (values.out) await saveSession(values.out, file);
  if (values.json) write(JSON.stringify(file, null, 2) + '\n');
  if (startText !== undefined && !file.error) {
    const text = await docstringOf(file, startText, runOptions, values['docstring-style'] as DocstringStyle | undefined);
    if (text === null) return 1;
    write(text);
  }
  if (file.error) {
    const message = file.error.kind === 'stopped' ? 'stopped' : file.error.message;
    process.stderr.write(`pau probe: ${printable(message)}${values.out ? ` (partial session saved to ${values.out})` : ''}\n`);
  }
  return exitCodeOf(file, signals.code);
}
