// Local model servers found, not typed: when no endpoint is configured, Ollama and LM Studio are
// asked for their models at their usual addresses, briefly, so a user with either running can
// pick a model instead of typing a URL. Local endpoints need no API key.

export interface LocalServer {
  kind: 'ollama' | 'lmstudio';
  label: string;
  /** The OpenAI-compatible base URL to run against. */
  baseURL: string;
  models: string[];
}

/** Where each server listens by default; OLLAMA_HOST (Ollama's own variable) may move Ollama. */
export const LOCAL_SERVERS = {
  ollama: 'http://127.0.0.1:11434',
  lmstudio: 'http://127.0.0.1:1234',
} as const;

export interface DetectOptions {
  /** Origins to ask (tests inject ports); default LOCAL_SERVERS. */
  origins?: Partial<Record<LocalServer['kind'], string>>;
  /**
   * How long a server that listens may take to answer. A port nobody listens on refuses at once, so
   * this wait is paid only when something is there; 3 s lets a busy machine's server (or one still
   * loading) answer, where 800 ms made a loaded CI run find no Ollama that was running.
   */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** `OLLAMA_HOST` as Ollama reads it (`host:port`, `:port` or a URL) → an http origin. */
export function ollamaOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const host = env.OLLAMA_HOST?.trim();
  if (!host) return LOCAL_SERVERS.ollama;
  const withScheme = /^https?:\/\//.test(host) ? host : `http://${host.startsWith(':') ? `127.0.0.1${host}` : host}`;
  try {
    const url = new URL(withScheme);
    if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
    if (!url.port && !/^https?:\/\/[^/]+:\d+/.test(withScheme)) url.port = '11434';
    return url.origin;
  } catch {
    return LOCAL_SERVERS.ollama;
  }
}

/** True for endpoints on this machine, which take no key. */
export function isLocalEndpoint(baseURL: string): boolean {
  try {
    const host = new URL(baseURL).hostname;
    return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

async function getJson(url: string, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

function names(list: unknown, key: 'name' | 'id'): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const out = list
    .map((m: unknown) => (m && typeof m === 'object' ? (m as Record<string, unknown>)[key] : undefined))
    .filter((n): n is string => typeof n === 'string' && n !== '');
  return [...new Set(out)].sort((a, b) => a.localeCompare(b));
}

/** Ollama: GET /api/tags → { models: [{ name }] }; runs at /v1. */
async function ollama(origin: string, timeoutMs: number, signal?: AbortSignal): Promise<LocalServer | undefined> {
  const body = (await getJson(`${origin}/api/tags`, timeoutMs, signal)) as { models?: unknown };
  const models = names(body?.models, 'name');
  return models ? { kind: 'ollama', label: 'Ollama', baseURL: `${origin}/v1`, models } : undefined;
}

/** LM Studio (and any OpenAI-compatible server there): GET /v1/models → { data: [{ id }] }. */
async function lmstudio(origin: string, timeoutMs: number, signal?: AbortSignal): Promise<LocalServer | undefined> {
  const body = (await getJson(`${origin}/v1/models`, timeoutMs, signal)) as { data?: unknown };
  const models = names(body?.data, 'id');
  return models ? { kind: 'lmstudio', label: 'LM Studio', baseURL: `${origin}/v1`, models } : undefined;
}

/** The local servers that answered, with their models; one that is down or answers nonsense is left out. */
export async function detectLocalServers(options: DetectOptions = {}): Promise<LocalServer[]> {
  const origins = { ...LOCAL_SERVERS, ...options.origins };
  const timeoutMs = options.timeoutMs ?? 3000;
  const found = await Promise.all([
    ollama(origins.ollama.replace(/\/+$/, ''), timeoutMs, options.signal).catch(() => undefined),
    lmstudio(origins.lmstudio.replace(/\/+$/, ''), timeoutMs, options.signal).catch(() => undefined),
  ]);
  return found.filter((s): s is LocalServer => s !== undefined);
}
