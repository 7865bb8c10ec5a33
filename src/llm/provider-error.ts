// ProviderError, the provider-neutral failure (consent, quota, model not available), in a
// module of its own without the openai SDK: the editor layer throws it from its Language Model
// provider at activation's side of the bundle split (esbuild.mjs), and importing it must not
// load the SDK there.

const BRAND = Symbol.for('pau-probe.ProviderError');

/** A failure a provider names in words a person can act on. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly [BRAND] = true;
  constructor(
    readonly kind: 'llm-auth' | 'llm-rate-limit' | 'llm-other',
    message: string,
  ) {
    super(message);
  }

  /**
   * The extension (dist/extension.cjs) and the engine (dist/backend.js) are two bundles, each
   * with its own copy of this class: the engine must still know an error the editor's
   * provider threw as one, so `instanceof` reads the brand, not the prototype chain.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}
