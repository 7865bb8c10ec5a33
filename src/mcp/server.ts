// The MCP server (`pau mcp`): PAU Probe's sandboxed calls and runs as tools for any agent that
// speaks the Model Context Protocol (Claude Code, Cursor, VS Code, Cline). Inputs are checked
// by the tools' schemas and then against the file system; results come back as structured
// content; probe_function reports each probe as a progress notification and stops its run,
// and with it its worker, when the client cancels the request.
//
// The client's model chooses the arguments, so the server bounds them: a target must be inside
// the roots the client declares (or --cwd) and outside the interpreter's libraries unless
// --allow-libraries, and the limits a client asks for are capped by --max-timeout-ms,
// --max-memory-mb and --max-probes.
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DEFAULT_MAX_PROBES, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_MS, MAX_PROBES_RANGE, MEMORY_MB_RANGE, TIMEOUT_MS_RANGE } from '../core/limits.js';
import { renderOutcome } from '../core/format.js';
import { MAX_ARGS, MAX_KWARGS, MAX_NAME_LENGTH } from '../core/call-tool.js';
import type { LlmConfig, SessionServices } from '../core/run-types.js';
import type { Prober, SandboxMode } from '../core/probe-types.js';
import { callRequest, ProbeError } from '../core/probe-types.js';
import type { Description, SessionFile, SessionSettings } from '../core/session-types.js';
import { computeShownAs } from '../core/shown.js';
import { workerOptions } from '../core/worker-options.js';
import { Session } from '../session/run.js';
import { checkedStart, interpreterFolders, TargetRefused } from '../session/targets.js';
import { mcpTargetPolicy, type McpTargetPolicy } from './target-policy.js';
import {
  CALL_FUNCTION_ANNOTATIONS,
  CALL_FUNCTION_OUTPUT,
  COMPARE_DOCSTRING_ANNOTATIONS,
  COMPARE_DOCSTRING_OUTPUT,
  PROBE_FUNCTION_ANNOTATIONS,
  PROBE_FUNCTION_OUTPUT,
  CALL_INPUT,
  TARGET_INPUT,
  boundedRecord,
} from './tool-shapes.js';

export interface McpServerOptions {
  /** The LLM endpoint probe_function's `llm` mode and the comparison use; absent = offline only. */
  llm?: LlmConfig;
  judge?: LlmConfig;
  python?: string;
  /** The sandbox of every worker the tools start (`--sandbox`); default auto. */
  sandbox?: SandboxMode;
  /** Relative `file` arguments are resolved here (default: the server's working folder); the root when the client declares none. */
  cwd?: string;
  /** Standard-library and installed packages' files may be targets (`--allow-libraries`). */
  allowLibraries?: boolean;
  /** Caps on the limits a client asks for (`--max-timeout-ms`, `--max-memory-mb`); default the settings' defaults. */
  maxTimeoutMs?: number;
  maxMemoryMb?: number;
  /** Cap on probe_function's maxProbes (`--max-probes`): each probe of an LLM run is a request to the user's endpoint. */
  maxProbes?: number;
  version: string;
  /** The real parts by default; tests may substitute. */
  services: SessionServices;
}

/** A tool's failure as the result the client shows its model, not a protocol error. */
function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

class ToolInputError extends Error {}

/** A root's folder; none for a URI that names no local folder (another scheme, another host). */
function localPath(uri: string): string[] {
  try {
    if (uri.startsWith('file:')) return [fileURLToPath(uri)];
    // A remote window (code-server, Remote-SSH, WSL) names its folders vscode-remote://<authority>/<path>:
    // the path is on the machine where the editor's MCP client starts this server.
    if (uri.startsWith('vscode-remote:')) {
      const path = decodeURIComponent(new URL(uri).pathname);
      return isAbsolute(path) ? [path] : [];
    }
  } catch {
    // A URI that does not parse names no folder.
  }
  return [];
}

// The roots as any client sends them. The SDK's own result schema accepts file:// URIs only,
// and rejects the whole list when a remote window sends vscode-remote:// ones.
const ANY_ROOTS = z.looseObject({ roots: z.array(z.looseObject({ uri: z.string(), name: z.string().optional() })) });

/** The limits a call gets: what the client asked, or the default, each at most its cap; and which asks were cut. */
function cappedLimits(
  asked: { timeoutMs?: number; memoryMb?: number },
  caps: { timeoutMs: number; memoryMb: number },
): { limits: { timeoutMs: number; memoryMb: number }; capped: string[] } {
  const timeoutMs = Math.min(asked.timeoutMs ?? DEFAULT_TIMEOUT_MS, caps.timeoutMs);
  const memoryMb = Math.min(asked.memoryMb ?? DEFAULT_MEMORY_MB, caps.memoryMb);
  const capped = [
    ...(asked.timeoutMs !== undefined && asked.timeoutMs > caps.timeoutMs ? [`timeoutMs to ${caps.timeoutMs} (--max-timeout-ms)`] : []),
    ...(asked.memoryMb !== undefined && asked.memoryMb > caps.memoryMb ? [`memoryMb to ${caps.memoryMb} (--max-memory-mb)`] : []),
  ];
  return { limits: { timeoutMs, memoryMb }, capped };
}

/**
 * The sandbox of every worker the tools start. The client's model chooses the arguments, so a
 * workspace function that evaluates its input (eval, pickle.loads, a template engine) hands it
 * code that runs as the calls do; with the guards only, that code reads the user's files and
 * reaches the network. So `auto` means the OS layer here, refused with what is missing where
 * there is none, and the guards only run when the user started the server with --sandbox guards.
 */
function toolSandbox(asked: SandboxMode | undefined): SandboxMode {
  return asked === 'guards' ? 'guards' : 'os';
}

/** Why a tool ran nothing without the OS layer, and how the user can accept the guards only. */
function withoutOsLayer(message: string): string {
  return (
    `${message}. pau mcp runs its clients' calls only in the OS sandbox: a function that evaluates its argument would give the ` +
    "client's model code that reads your files. Install what is missing, or start pau mcp with --sandbox guards (in VS Code: pau.sandbox " +
    '"guards") to accept the guards only'
  );
}

async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ProbeError && err.kind === 'no-sandbox') return failure(withoutOsLayer(err.message));
    const message = err instanceof Error ? err.message : String(err);
    return failure(err instanceof ToolInputError || err instanceof TargetRefused ? message : `failed: ${message}`);
  }
}

export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer({ name: 'pau-probe', version: options.version });
  const cwd = options.cwd ?? process.cwd();
  const caps = { timeoutMs: options.maxTimeoutMs ?? DEFAULT_TIMEOUT_MS, memoryMb: options.maxMemoryMb ?? DEFAULT_MEMORY_MB };
  const probeCap = options.maxProbes ?? DEFAULT_MAX_PROBES;
  // What runs when the client asks for nothing: probe_function, compare_docstring.
  const serverLimits = cappedLimits({}, caps).limits;
  // Every worker a tool starts has what runs under its qualname checked (target-policy.ts) before
  // its first call; the file the client chose was checked before it started.
  const startChecked = checkedStart(options.services.startWorker, (info) => policy.whatRuns(info));
  const services: SessionServices = { ...options.services, startWorker: startChecked };
  const start = (file: string, qualname: string, limits = serverLimits): Promise<Prober> =>
    startChecked(workerOptions({ target: { file, qualname }, python: options.python, settings: { ...limits, sandbox: toolSandbox(options.sandbox) } }));

  // The client's roots: asked once and again after each roots/list_changed from a client that
  // sends it, on every call from one that does not; --cwd for a client without roots.
  const lowLevel = server.server;
  let declared: Promise<string[]> | undefined;
  lowLevel.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    declared = undefined;
  });
  const roots = async (): Promise<string[]> => {
    const capability = lowLevel.getClientCapabilities()?.roots;
    if (!capability) return [cwd];
    if (!capability.listChanged) declared = undefined;
    const pending = (declared ??= lowLevel.request({ method: 'roots/list' }, ANY_ROOTS).then(({ roots: listed }) => listed.flatMap((r) => localPath(r.uri))));
    try {
      return await pending;
    } catch (err) {
      if (declared === pending) declared = undefined;
      throw new ToolInputError(`the client did not list its roots (${err instanceof Error ? err.message : String(err)}), so no file is allowed`);
    }
  };
  const policy = mcpTargetPolicy({ roots, libraries: () => interpreterFolders(options.python), allowLibraries: options.allowLibraries === true, cwd });

  const deps: ToolDeps = { options, policy, caps, probeCap, serverLimits, services, start };
  registerCallFunction(server, deps);
  registerProbeFunction(server, deps);
  registerCompareDocstring(server, deps);
  return server;
}

/** What each tool's handler uses, built once per server by createMcpServer. */
interface ToolDeps {
  options: McpServerOptions;
  policy: McpTargetPolicy;
  caps: { timeoutMs: number; memoryMb: number };
  /** Most probes a run may make on this server (`--max-probes`), whatever the client asks. */
  probeCap: number;
  serverLimits: { timeoutMs: number; memoryMb: number };
  services: SessionServices;
  start: (file: string, qualname: string, limits?: { timeoutMs: number; memoryMb: number }) => Promise<Prober>;
}

/** call_function: one sandboxed call, under the limits the client asks for within the caps. */
function registerCallFunction(server: McpServer, { policy, caps, serverLimits, start }: ToolDeps): void {
  server.registerTool(
    'call_function',
    {
      title: 'Call a Python function in the sandbox',
      description:
        'Makes one sandboxed call of a Python function and returns what happened: the returned value (type and repr), the exception raised, arguments mutated in place, printed output, coverage. Arguments are Python expressions in a safe grammar (literals, lambdas, whitelisted constructors such as datetime.date, the module\'s classes), e.g. "[3, 1, 2]" or "\'text\'".',
      annotations: CALL_FUNCTION_ANNOTATIONS,
      outputSchema: CALL_FUNCTION_OUTPUT,
      inputSchema: {
        ...TARGET_INPUT,
        ...CALL_INPUT,
        timeoutMs: z
          .number()
          .int()
          .min(TIMEOUT_MS_RANGE.min)
          .max(TIMEOUT_MS_RANGE.max)
          .optional()
          .describe(`Wall-clock limit of the call (default ${serverLimits.timeoutMs}, at most ${caps.timeoutMs} on this server)`),
        memoryMb: z
          .number()
          .int()
          .min(MEMORY_MB_RANGE.min)
          .max(MEMORY_MB_RANGE.max)
          .optional()
          .describe(`Memory limit of the call, MiB (default ${serverLimits.memoryMb}, at most ${caps.memoryMb} on this server)`),
      },
    },
    (input, extra) =>
      guarded(async () => {
        const file = await policy.file(input.file);
        const { limits, capped } = cappedLimits(input, caps);
        const worker = await start(file, input.qualname, limits);
        try {
          const result = await worker.call(callRequest(input), { signal: extra.signal });
          const note = capped.length > 0 ? `\n(limits capped by the server: ${capped.join(', ')})` : '';
          return {
            content: [{ type: 'text', text: `${input.qualname}: ${renderOutcome(result, 2000)}${note}` }],
            structuredContent: { result: result as unknown as Record<string, unknown>, limits },
          };
        } finally {
          await worker.stop();
        }
      }),
  );
}

/** probe_function: a whole run, offline or with the LLM agent, each probe reported as progress. */
function registerProbeFunction(server: McpServer, { options, policy, probeCap, serverLimits, services }: ToolDeps): void {
  server.registerTool(
    'probe_function',
    {
      title: 'Probe a Python function black-box',
      description:
        'Runs PAU Probe on a Python function: the offline explorer (no LLM) or the LLM agent calls it in the sandbox up to maxProbes times, seeing only results, and infers a description of what it does. Reports each probe as progress; cancel the request to stop the run.',
      annotations: PROBE_FUNCTION_ANNOTATIONS,
      outputSchema: PROBE_FUNCTION_OUTPUT,
      inputSchema: {
        ...TARGET_INPUT,
        mode: z
          .enum(['offline', 'llm'])
          .default('offline')
          .describe('offline: the explorer, no model; llm: the agent at the endpoint `pau mcp` was started with'),
        maxProbes: z
          .number()
          .int()
          .min(MAX_PROBES_RANGE.min)
          .max(MAX_PROBES_RANGE.max)
          .default(Math.min(DEFAULT_MAX_PROBES, probeCap))
          .describe(`Most calls the run may make (at most ${probeCap} on this server)`),
        strictness: z.enum(['anonymized', 'signature']).default('anonymized').describe('What the prober is shown of the signature'),
        compare: z.boolean().default(false).describe('Also compare the inferred description with the real docstring'),
      },
    },
    (input, extra) =>
      guarded(async () => {
        const file = await policy.file(input.file);
        if (input.mode === 'llm' && !options.llm) {
          throw new ToolInputError(
            'mode "llm" needs an endpoint: start `pau mcp` with --base-url and --model (or PAU_BASE_URL and PAU_MODEL), or use mode "offline"',
          );
        }
        const settings: SessionSettings = {
          mode: input.mode,
          ...(input.mode === 'llm' && options.llm ? { model: options.llm.model, baseURL: options.llm.baseURL } : {}),
          maxProbes: Math.min(input.maxProbes, probeCap),
          ...serverLimits,
          strictness: input.strictness,
          coverageFeedback: true,
          sandbox: toolSandbox(options.sandbox),
        };
        const session = new Session(
          {
            target: { file, qualname: input.qualname },
            settings,
            ...(input.mode === 'llm' && options.llm ? { llm: options.llm } : {}),
            ...(options.python ? { python: options.python } : {}),
            compare: input.compare ? { ...(options.llm ? { llm: options.llm } : {}), ...(options.judge ? { judge: options.judge } : {}) } : false,
            signal: extra.signal,
          },
          services,
        );
        const token = extra._meta?.progressToken;
        if (token !== undefined) {
          session.on((event) => {
            if (event.type !== 'probe-finished') return;
            const { probe } = event;
            void extra
              .sendNotification({
                method: 'notifications/progress',
                params: {
                  progressToken: token,
                  progress: probe.index,
                  total: input.maxProbes,
                  message: `probe ${probe.index}: ${renderOutcome(probe.result, 200)}`,
                },
              })
              .catch(() => {});
          });
        }
        const file_ = await session.run();
        return probeResult(file_);
      }),
  );
}

/** compare_docstring: a description checked against the function's docstring. */
function registerCompareDocstring(server: McpServer, { options, policy, serverLimits, start }: ToolDeps): void {
  server.registerTool(
    'compare_docstring',
    {
      title: "Compare a description with a function's docstring",
      description:
        "Checks a description of a Python function (e.g. one you inferred by calling it) against the function's real docstring: the docstring's doctests run in the sandbox, word overlap, and, when `pau mcp` has an endpoint, implementations of both texts run on held-out inputs plus an LLM judge.",
      annotations: COMPARE_DOCSTRING_ANNOTATIONS,
      outputSchema: COMPARE_DOCSTRING_OUTPUT,
      inputSchema: {
        ...TARGET_INPUT,
        summary: z.string().min(1).max(5000).describe('One-sentence summary of what the function does'),
        details: z.string().max(20_000).default('').describe('Behaviour in detail: edge cases, errors'),
        returns: z.string().max(5000).default(''),
        raises: z.string().max(5000).default(''),
        parameters: boundedRecord(z.string().max(MAX_NAME_LENGTH), z.string().max(5000), MAX_ARGS + MAX_KWARGS, 'parameters')
          .default({})
          .describe('Parameter name → what it is'),
      },
    },
    (input, extra) =>
      guarded(async () => {
        const file = await policy.file(input.file);
        const compare = options.services.compare;
        if (!compare) throw new Error('the comparison is not available in this build');
        const worker = await start(file, input.qualname);
        try {
          const description: Description = {
            summary: input.summary,
            details: input.details,
            parameters: input.parameters,
            returns: input.returns,
            raises: input.raises,
            examples: [],
            confidence: 1,
          };
          if (!worker.info.docstring) return failure(`${input.qualname} has no docstring to compare with`);
          const judge = options.judge ?? options.llm;
          const settings: SessionSettings = {
            mode: 'offline',
            maxProbes: 0,
            ...serverLimits,
            strictness: 'signature',
            coverageFeedback: false,
            sandbox: toolSandbox(options.sandbox),
          };
          const session: SessionFile = {
            version: 1,
            target: { file, qualname: input.qualname, shownAs: computeShownAs(worker.info, 'signature'), docstring: worker.info.docstring },
            settings,
            probes: [],
            hypotheses: [],
            final: { concluded: true, description },
            usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
          };
          const comparison = await compare({
            worker,
            info: worker.info,
            target: { file, qualname: input.qualname },
            session,
            description,
            ...(options.llm ? { llm: options.llm } : {}),
            ...(judge ? { judge } : {}),
            ...(options.python ? { python: options.python } : {}),
            heldOut: options.services.heldOutInputs?.(worker.info, [], 8) ?? [],
            signal: extra.signal,
          });
          const parts = [
            comparison.doctests ? `doctests: ${comparison.doctests.passed} passed, ${comparison.doctests.failed} failed` : undefined,
            comparison.lexicalF1 !== undefined ? `word overlap F1 ${comparison.lexicalF1.toFixed(2)}` : undefined,
            comparison.judge ? `judge ${comparison.judge.score}/5: ${comparison.judge.rationale}` : undefined,
            comparison.behavioural
              ? `behaviour: ${comparison.behavioural.inferred.agree}/${comparison.behavioural.inferred.total} held-out inputs agree`
              : undefined,
            ...(comparison.notes ?? []),
          ].filter(Boolean);
          return { content: [{ type: 'text', text: parts.join('\n') }], structuredContent: { comparison: comparison as unknown as Record<string, unknown> } };
        } finally {
          await worker.stop();
        }
      }),
  );
}

/** What probe_function returns: the description and the evidence, or why it stopped. */
function probeResult(file: SessionFile): CallToolResult {
  const description = file.final.description;
  const structured = {
    concluded: file.final.concluded,
    description,
    probes: file.probes.map((p) => ({ index: p.index, args: p.args, kwargs: p.kwargs, receiver: p.receiver, outcome: renderOutcome(p.result, 300) })),
    ...(file.final.properties ? { properties: file.final.properties } : {}),
    ...(file.comparison ? { comparison: file.comparison } : {}),
    usage: file.usage,
    ...(file.error ? { error: file.error } : {}),
  };
  const text = file.error
    ? `the run ended early (${file.error.kind}): ${file.error.kind === 'sandbox' ? withoutOsLayer(file.error.message) : file.error.message}`
    : `${description?.summary ?? 'no description'}\n${description?.details ?? ''}\n(${file.probes.length} probes)`;
  return {
    ...(file.error ? { isError: true } : {}),
    content: [{ type: 'text', text: text.trim() }],
    structuredContent: structured,
  };
}
