// The session file on disk: saved atomically (a reader never sees half a file), loaded with
// enough validation that a wrong or newer file fails with a sentence instead of a crash later.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SESSION_VERSION, type SessionFile } from '../core/session-types.js';

/** A file that is not a session this version can read. */
export class SessionFileError extends Error {
  override name = 'SessionFileError';
}

export async function saveSession(path: string, file: SessionFile): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, JSON.stringify(file, null, 2) + '\n', 'utf8');
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the shape readers rely on; returns the first problem found. */
export function validateSession(data: unknown): string | undefined {
  if (!isObject(data)) return 'not a JSON object';
  if (!('version' in data)) return "not a PAU Probe session (no 'version' field)";
  if (data.version !== SESSION_VERSION) {
    return `session file version ${JSON.stringify(data.version)} is not supported (this PAU Probe reads version ${SESSION_VERSION})`;
  }
  const target = data.target;
  if (!isObject(target) || typeof target.file !== 'string' || typeof target.qualname !== 'string' || !isObject(target.shownAs)) {
    return "'target' must have file, qualname and shownAs";
  }
  if (!isObject(data.settings) || (data.settings.mode !== 'llm' && data.settings.mode !== 'offline')) return "'settings.mode' must be 'llm' or 'offline'";
  if (!Array.isArray(data.probes)) return "'probes' must be a list";
  for (const [i, p] of data.probes.entries()) {
    if (!isObject(p) || typeof p.index !== 'number' || !Array.isArray(p.args) || !isObject(p.result) || typeof p.result.status !== 'string') {
      return `probes[${i}] must have index, args and result.status`;
    }
  }
  if (!Array.isArray(data.hypotheses)) return "'hypotheses' must be a list";
  if (!isObject(data.final) || typeof data.final.concluded !== 'boolean') return "'final.concluded' must be true or false";
  if (!isObject(data.usage) || typeof data.usage.requests !== 'number') return "'usage' must have requests, promptTokens, completionTokens";
  return undefined;
}

export async function loadSession(path: string): Promise<SessionFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SessionFileError(code === 'ENOENT' ? `${path}: no such file` : `${path}: ${(err as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new SessionFileError(`${path}: not JSON (${(err as Error).message})`);
  }
  const problem = validateSession(data);
  if (problem) throw new SessionFileError(`${path}: ${problem}`);
  return data as SessionFile;
}
