// The environment the Python worker starts with: an allow-list of the host's variables,
// minus anything that looks like a credential, plus the fixed settings the sandbox needs.

/** Host variables the worker may see (interpreter lookup, locale, virtualenvs, pyenv). */
const ALLOWED =
  /^(PATH|PATHEXT|HOME|USER|LOGNAME|LANG|LANGUAGE|LC_[A-Z_]+|TZ|SYSTEMROOT|SystemRoot|WINDIR|COMSPEC|VIRTUAL_ENV|CONDA_PREFIX|CONDA_DEFAULT_ENV|LD_LIBRARY_PATH|DYLD_LIBRARY_PATH|PYENV_ROOT|PYENV_VERSION|PYENV_DIR)$/;

/** Names that look like credentials never pass, even when allow-listed. */
export const SECRET_NAME =
  /(API[_-]?KEY|TOKEN|SECRET|PASSW(OR)?D|CREDENTIAL|PRIVATE[_-]?KEY|AUTH|COOKIE|SESSION|^AWS_|^AZURE_|^GCP_|^GOOGLE_APPLICATION|^GH_|^GITHUB_|^OPENAI|^ANTHROPIC|^HF_|^HUGGING)/i;

/** `hashSeed`: PYTHONHASHSEED, 0 unless a run asks for another interpreter's order (CallOptions.hashSeed). */
export function workerEnvironment(host: NodeJS.ProcessEnv = process.env, hashSeed = 0): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(host)) {
    if (value !== undefined && ALLOWED.test(name) && !SECRET_NAME.test(name)) env[name] = value;
  }
  // Same hash order in every call; no stray .pyc files in the user's workspace; UTF-8 prints.
  env.PYTHONHASHSEED = String(hashSeed);
  env.PYTHONDONTWRITEBYTECODE = '1';
  env.PYTHONIOENCODING = 'utf-8:backslashreplace';
  return env;
}
