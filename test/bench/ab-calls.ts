// A/B of the call path between two checkouts, in one process on one machine: the same trivial call
// on a worker of each, rounds alternating (A B, B A, …) so that load drifts over both alike. For
// deciding a change to the call path, whose effect (0.05-0.3 ms) is below the noise between two
// separate bench runs on this machine. Not part of `npm run bench`.
//
//   node --import tsx test/bench/ab-calls.ts <checkout A> <checkout B> [pause ms] [rounds] [calls]
//
// Prints each side's median call and median worker collect step (CallSteps.collectMs), and B/A.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallTiming, startWorker } from '../../src/probe/client.js';

type Start = typeof startWorker;

const [dirA, dirB, pauseArg = '0', roundsArg = '8', callsArg = '300'] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: node --import tsx test/bench/ab-calls.ts <checkout A> <checkout B> [pause ms] [rounds] [calls]');
  process.exit(2);
}
const pauseMs = Number(pauseArg);
const rounds = Number(roundsArg);
const calls = Number(callsArg);

async function starter(dir: string): Promise<Start> {
  const module = (await import(pathToFileURL(resolve(dir, 'src/probe/client.ts')).href)) as { startWorker: Start };
  return module.startWorker;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
}

const starts = [await starter(dirA), await starter(dirB)];
const times: number[][] = [[], []];
const collects: number[][] = [[], []];
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 ? [1, 0] : [0, 1]) {
    const worker = await starts[side]!({ target: { source: 'def f(x):\n    return x + 1\n', qualname: 'f' }, sandbox: 'auto' });
    const timings: CallTiming[] = [];
    worker.on('timing', (t: CallTiming) => timings.push(t));
    try {
      for (let i = 0; i < 20; i++) await worker.call({ args: ['1'] }); // warm both sides up
      for (let i = 0; i < calls; i++) {
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
        const started = performance.now();
        const result = await worker.call({ args: [String(i)] });
        times[side]!.push(performance.now() - started);
        if (result.value?.repr !== String(i + 1)) throw new Error(`wrong answer: ${JSON.stringify(result).slice(0, 300)}`);
      }
      collects[side]!.push(...timings.slice(20).map((t) => t.collectMs));
    } finally {
      await worker.stop();
    }
  }
}
const [a, b] = [median(times[0]!), median(times[1]!)];
console.log(
  `${pauseMs} ms apart, ${rounds} rounds of ${calls}: A ${a.toFixed(3)} ms (collect ${median(collects[0]!).toFixed(3)}), ` +
    `B ${b.toFixed(3)} ms (collect ${median(collects[1]!).toFixed(3)}), B/A ${(b / a).toFixed(3)}`,
);
