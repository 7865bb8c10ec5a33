// Types of scripts/gen-worker-protocol.mjs for the test that checks protocol.py is not stale.
export const PROTOCOL_TS: string;
export const PROTOCOL_PY: string;
export function generate(): string;
export const FIELDS_PY: string;
export function generateFields(): string;
