// Types of scripts/gen-result-schema.mjs for its unit test.
export const RESULT_BOUNDS_TS: string;
export const RESULT_SCHEMA_TS: string;
export function generateResultSchema(boundsFile?: string): Promise<string>;
