// Packs the extension's .vsix (extension-vsix.ts) before the e2e files that run two at a time
// start (scripts/run-tests.mjs): each installs it, and two packing it at once would race.
import { ensureVsix } from './extension-vsix.js';

console.log(`e2e: each editor installs ${ensureVsix()}`);
