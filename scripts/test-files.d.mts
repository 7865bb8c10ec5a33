// Types of scripts/test-files.mjs for its unit test.
export function testFiles(suite: 'unit' | 'integration' | 'e2e', filter?: string, root?: string): string[];
export function runsAlone(text: string): boolean;
export function byLoad(files: string[]): { together: string[]; alone: string[] };
export function sameInEitherMode(text: string): boolean;
export function modeDependent(files: string[]): { kept: string[]; leftOut: string[] };
