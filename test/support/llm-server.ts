// A scripted OpenAI-compatible HTTP server on 127.0.0.1 for tests and benches. It plays
// turns in order (or computed by a function): tool calls, text, HTTP errors, streams cut
// mid-reply, and replies that hang until the client goes away. The real `openai` client
// talks to it over real sockets, streaming SSE when asked.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolCallSpec {
  name: string;
  /** An object is JSON-encoded; a string is sent as is (to test malformed JSON). */
  arguments: unknown;
  id?: string;
}

export type ScriptedReply = (
  | { kind: 'tool-calls'; calls: ToolCallSpec[]; content?: string }
  | { kind: 'text'; content: string }
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Streams the reply's first `afterChunks` chunks, then destroys the socket. */
  | { kind: 'cut'; afterChunks: number; reply: { kind: 'tool-calls'; calls: ToolCallSpec[] } | { kind: 'text'; content: string } }
  /**
   * Sends headers and one chunk ("Thinking"), or the chunks of `partly` but its last tool
   * call's second half and its end, then waits until the client disconnects.
   */
  | { kind: 'hang'; partly?: { kind: 'tool-calls'; calls: ToolCallSpec[]; content?: string } }
) & { delayMs?: number; usage?: { prompt_tokens: number; completion_tokens: number } };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }[];
    tools?: unknown[];
    [key: string]: unknown;
  };
  receivedAt: number;
  /** Set when the client closed the connection before the reply ended. */
  abortedAt?: number;
}

export type Script = ScriptedReply[] | ((request: RecordedRequest, index: number) => ScriptedReply);

export interface ScriptedServer {
  /** Base URL for the client, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Resolves when the n-th request (1-based) has arrived. */
  waitForRequests(n: number): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_USAGE = { prompt_tokens: 100, completion_tokens: 20 };

/** `ollamaModels`: the server also answers Ollama's GET /api/tags with them (unrecorded), to be found as a local Ollama. */
export async function startScriptedServer(script: Script, options: { ollamaModels?: string[] } = {}): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const notify = () => {
    for (const w of waiters.splice(0)) {
      if (requests.length >= w.n) w.resolve();
      else waiters.push(w);
    }
  };

  const server = createServer((req, res) => {
    if (options.ollamaModels && req.method === 'GET' && req.url === '/api/tags') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ models: options.ollamaModels.map((name) => ({ name })) }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        /* recorded as empty */
      }
      const recorded: RecordedRequest = { path: req.url ?? '', headers: req.headers, body, receivedAt: Date.now() };
      const index = requests.length;
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) recorded.abortedAt = Date.now();
      });
      notify();
      const reply = typeof script === 'function' ? script(recorded, index) : script[index];
      const respond = () => {
        if (!reply) return sendError(res, 500, { error: { message: `scripted server: no reply scripted for request ${index + 1}` } });
        play(reply, recorded, res);
      };
      if (reply?.delayMs) setTimeout(respond, reply.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    waitForRequests: (n) =>
      new Promise<void>((resolve) => {
        waiters.push({ n, resolve });
        notify();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendError(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function play(reply: ScriptedReply, req: RecordedRequest, res: ServerResponse) {
  const usage = reply.usage ?? DEFAULT_USAGE;
  const model = req.body.model ?? 'scripted';
  switch (reply.kind) {
    case 'error':
      return sendError(res, reply.status, reply.body ?? { error: { message: `scripted error ${reply.status}` } }, reply.headers);
    case 'hang':
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (reply.partly) for (const c of streamChunks(reply.partly, model, usage).slice(0, -3)) res.write(sse(c));
      else res.write(sse(chunk(model, { role: 'assistant', content: 'Thinking' }, null)));
      return; // never ends; the client must abort
    case 'cut': {
      const chunks = streamChunks(reply.reply, model, usage);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const c of chunks.slice(0, reply.afterChunks)) res.write(sse(c));
      // Let the bytes go out, then break the connection mid-reply.
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    default:
      if (req.body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const c of streamChunks(reply, model, usage)) res.write(sse(c));
        res.end('data: [DONE]\n\n');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(completion(reply, model, usage)));
      }
  }
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

function chunk(model: string, delta: unknown, finish: string | null, usage?: unknown) {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  };
}

const argText = (a: unknown) => (typeof a === 'string' ? a : JSON.stringify(a));

/** The reply as streaming chunks: content in pieces, each tool call's arguments split in two. */
function streamChunks(
  reply: { kind: 'tool-calls'; calls: ToolCallSpec[]; content?: string } | { kind: 'text'; content: string },
  model: string,
  usage: { prompt_tokens: number; completion_tokens: number },
) {
  const out: unknown[] = [chunk(model, { role: 'assistant', content: '' }, null)];
  const content = reply.content ?? '';
  for (let i = 0; i < content.length; i += 16) out.push(chunk(model, { content: content.slice(i, i + 16) }, null));
  if (reply.kind === 'tool-calls') {
    reply.calls.forEach((call, index) => {
      const args = argText(call.arguments);
      const half = Math.floor(args.length / 2);
      const id = call.id ?? `call_${index}_${Math.random().toString(36).slice(2, 8)}`;
      out.push(chunk(model, { tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: args.slice(0, half) } }] }, null));
      out.push(chunk(model, { tool_calls: [{ index, function: { arguments: args.slice(half) } }] }, null));
    });
  }
  out.push(chunk(model, {}, reply.kind === 'tool-calls' ? 'tool_calls' : 'stop'));
  out.push({ ...(chunk(model, {}, null) as object), choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
  return out;
}

function completion(
  reply: { kind: 'tool-calls'; calls: ToolCallSpec[]; content?: string } | { kind: 'text'; content: string },
  model: string,
  usage: { prompt_tokens: number; completion_tokens: number },
) {
  const message =
    reply.kind === 'tool-calls'
      ? {
          role: 'assistant',
          content: reply.content ?? null,
          tool_calls: reply.calls.map((c, i) => ({
            id: c.id ?? `call_${i}`,
            type: 'function',
            function: { name: c.name, arguments: argText(c.arguments) },
          })),
        }
      : { role: 'assistant', content: reply.content };
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: reply.kind === 'tool-calls' ? 'tool_calls' : 'stop' }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}
