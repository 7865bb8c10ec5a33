// The in-editor suites' tiny runner (no test framework in the extension host): named async
// checks run in order, a summary line the outer test reads, and a wait helper.

export type Check = [name: string, run: () => Promise<void>];

/** Polls `check` every 100 ms until it gives a value. */
export async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs every check, prints "✔/✖ name" lines and "N passed, M failed", and fails if any failed. */
export async function runChecks(checks: readonly Check[]): Promise<void> {
  const failures: string[] = [];
  for (const [name, check] of checks) {
    const started = Date.now();
    try {
      await check();
      console.log(`  ✔ ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      console.log(`  ✖ ${name}\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      failures.push(name);
    }
  }
  console.log(`\n${checks.length - failures.length} passed, ${failures.length} failed`);
  if (failures.length > 0) throw new Error(`${failures.length} check(s) failed: ${failures.join('; ')}`);
}
