// A line diff of two short texts (a docstring before and after), for asking before replacing one.

/** `- ` for a line only in `before`, `+ ` for one only in `after`, `  ` for a line in both; longest common subsequence. */
export function lineDiff(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..] (0 past the end of either).
  const lcs: number[][] = [];
  const at = (i: number, j: number): number => lcs[i]?.[j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    const row: number[] = [];
    lcs[i] = row;
    for (let j = b.length - 1; j >= 0; j--) row[j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i++]}`);
      j++;
    } else if (i < a.length && (j === b.length || at(i + 1, j) >= at(i, j + 1))) out.push(`- ${a[i++]}`);
    else out.push(`+ ${b[j++]}`);
  }
  return out.map((l) => l.trimEnd());
}

/** The changed lines with one line of context around each run, `…` for what is left out, at most `max` lines. */
export function compactDiff(lines: string[], max = 24): string[] {
  const keep = lines.map((_, i) => [i - 1, i, i + 1].some((k) => lines[k] !== undefined && !lines[k].startsWith('  ') && lines[k] !== ''));
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (keep[i]) out.push(l);
    else if (out[out.length - 1] !== '…') out.push('…');
  });
  return out.length > max ? [...out.slice(0, max), `… ${out.length - max} more lines (Show Diff shows them all)`] : out;
}
