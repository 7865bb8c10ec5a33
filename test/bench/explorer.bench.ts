// The offline explorer on the corpus of real functions (test/corpus/explorer): false claims
// (properties the truth tables forbid, plus claims the checker refutes against the real
// function), key behaviours reached, functions with a returned call, seconds per function.
// PAU_SHOW=textwrap.wrap,html.escape prints those functions' descriptions.
import { CORPUS, idOf } from '../corpus/explorer/corpus.js';
import type { CorpusRun } from '../corpus/explorer/explore.js';
import type { Goal } from './run.js';
import { checkClaims, exploreCorpusFunction, forbiddenClaims, reached, returnedOnce } from '../corpus/explorer/explore.js';
import { descriptionText } from '../corpus/explorer/show.js';

export const name = 'explorer';

const MAX_PROBES = 40;

export async function run(): Promise<Record<string, unknown>> {
  const show = new Set((process.env.PAU_SHOW ?? '').split(',').filter(Boolean));
  const only = process.env.PAU_CORPUS_ONLY ? new Set(process.env.PAU_CORPUS_ONLY.split(',')) : null;
  const runs: CorpusRun[] = [];
  for (const fn of CORPUS) {
    if (only && !only.has(idOf(fn))) continue;
    const r = await exploreCorpusFunction(fn, MAX_PROBES);
    runs.push(r);
    process.stderr.write(`${idOf(fn)}: ${r.seconds.toFixed(1)} s, ${r.records.length} probes\n`);
    if (show.has(idOf(fn))) console.log(`\n### ${idOf(fn)}\n${descriptionText(r.report.description)}`);
  }
  const forbidden = runs.flatMap(forbiddenClaims);
  const refuted = checkClaims(runs);
  const keys = runs.flatMap((r) => reached(r).map((k) => ({ id: idOf(r.fn), ...k })));
  const hit = keys.filter((k) => k.reached).length;
  const returned = runs.filter(returnedOnce).length;
  const seconds = runs.map((r) => r.seconds).sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)] ?? NaN;
  const rows: [string, string, string][] = [
    ['false claims (forbidden by the truth tables + refuted by the checker)', `${forbidden.length + refuted.length}`, '0'],
    ['key behaviours reached', `${hit}/${keys.length} (${Math.round((100 * hit) / Math.max(1, keys.length))}%)`, '≥ 80%'],
    ['functions with ≥ 1 returned call', `${returned}/${runs.length}`, `${runs.length}/${runs.length}`],
    [`median seconds per function at ${MAX_PROBES} probes`, median.toFixed(2), '≤ 1'],
  ];
  console.log(`\n| measure | result | goal |\n|---|---|---|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}`);
  for (const f of forbidden) console.log(`forbidden claim: ${f}`);
  for (const f of refuted) console.log(`refuted claim: ${f.function}: ${JSON.stringify(f.claim)}: ${f.why}`);
  for (const k of keys.filter((x) => !x.reached)) console.log(`not reached: ${k.id}: ${k.what}`);
  for (const r of runs.filter((x) => !returnedOnce(x))) console.log(`never returned: ${idOf(r.fn)}`);
  const keyShare = hit / Math.max(1, keys.length);
  const goals: Goal[] = [
    { figure: 'explorer: false claims on the corpus', value: `${forbidden.length + refuted.length}`, goal: '0', met: forbidden.length + refuted.length === 0 },
    { figure: 'explorer: key behaviours reached', value: `${hit}/${keys.length} (${Math.round(100 * keyShare)}%)`, goal: '≥ 80%', met: keyShare >= 0.8 },
    {
      figure: 'explorer: functions with a returned call',
      value: `${returned}/${runs.length}`,
      goal: `${runs.length}/${runs.length}`,
      met: returned === runs.length,
    },
    { figure: `explorer: median seconds per function, ${MAX_PROBES} probes`, value: median.toFixed(2), goal: '≤ 1', met: median <= 1 },
  ];
  return {
    goals,
    functions: runs.length,
    falseClaims: forbidden.length + refuted.length,
    keyBehavioursReached: hit,
    keyBehaviours: keys.length,
    functionsReturned: returned,
    medianSecondsPerFunction: Number(median.toFixed(3)),
  };
}
