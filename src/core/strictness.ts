// The strictness levels, in a file of their own so that src/core/limits.ts (their default) and
// src/core/session-types.ts (a session's record) both read them without importing each other.

/** How much of the target the agent is shown: the setting's, the CLI flag's and the bench's values. */
export const STRICTNESS_LEVELS = ['anonymized', 'signature'] as const;
export type Strictness = (typeof STRICTNESS_LEVELS)[number];
