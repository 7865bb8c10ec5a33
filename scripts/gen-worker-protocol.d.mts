// Types of scripts/gen-worker-protocol.mjs for the test that checks the generated files are not stale.
export const PROTOCOL_TS: string;
export const PROTOCOL_PY: string;
export function generate(): string;
export const FIELDS_PY: string;
export function generateFields(): string;
/** [path, the text it should have] of every generated file. */
export function outputs(): Promise<[string, string][]>;
