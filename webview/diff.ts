// Word-level difference between the inferred and the actual docstring, for the side-by-side
// view: each text is cut into segments, and the words the other text does not have (outside
// their longest common subsequence) are marked. Words compare case-insensitively and without
// surrounding punctuation, so "Returns:" and "returns" count as the same word.

interface Segment {
  text: string;
  /** True when the other text lacks this word. Whitespace is never marked. */
  only: boolean;
}

export interface WordDiff {
  left: Segment[];
  right: Segment[];
  /** Words both texts share, in order (the LCS length). */
  common: number;
  /** Words of each text. */
  words: { left: number; right: number };
}

/**
 * Below this share of the shorter text's words in common, marks would cover almost both texts
 * (an LLM's description and a docstring seldom share their wording) and point at nothing.
 */
const MIN_SHARED = 0.3;

/** Whether marking the words of one side only says something: the texts share enough words. */
export function worthMarking(d: WordDiff): boolean {
  const fewer = Math.min(d.words.left, d.words.right);
  return fewer > 0 && d.common / fewer >= MIN_SHARED;
}

/** Above this many cells (words × words) the LCS table is too big; words are matched as sets. */
const MAX_CELLS = 4_000_000;

function tokens(text: string): string[] {
  return text.split(/(\s+)/).filter((t) => t !== '');
}

const isSpace = (t: string) => /^\s+$/.test(t);

export function wordKey(word: string): string {
  const stripped = word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return stripped === '' ? word : stripped;
}

export function wordDiff(left: string, right: string): WordDiff {
  const a = tokens(left);
  const b = tokens(right);
  const aw = a.map((t, i) => (isSpace(t) ? -1 : i)).filter((i) => i >= 0);
  const bw = b.map((t, i) => (isSpace(t) ? -1 : i)).filter((i) => i >= 0);
  const ak = a.filter((t) => !isSpace(t)).map(wordKey); // one key per index in aw
  const bk = b.filter((t) => !isSpace(t)).map(wordKey);
  const inA = new Array<boolean>(aw.length).fill(false);
  const inB = new Array<boolean>(bw.length).fill(false);
  let common = 0;

  const n = ak.length;
  const m = bk.length;
  if ((n + 1) * (m + 1) <= MAX_CELLS) {
    // lcs[i][j] = LCS length of ak[i:] and bk[j:], row-major in one typed array.
    const w = m + 1;
    const lcs = new Uint32Array((n + 1) * w);
    // Read only at i ≤ n, j ≤ m, always inside the array: `?? 0` satisfies the index type.
    const at = (i: number, j: number) => lcs[i * w + j] ?? 0;
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] = ak[i] === bk[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (ak[i] === bk[j]) {
        inA[i++] = true;
        inB[j++] = true;
        common++;
      } else if (at(i + 1, j) >= at(i, j + 1)) i++;
      else j++;
    }
  } else {
    const setA = new Set(ak);
    const setB = new Set(bk);
    ak.forEach((k, i) => (inA[i] = setB.has(k)));
    bk.forEach((k, j) => (inB[j] = setA.has(k)));
    common = inA.filter(Boolean).length;
  }

  return { left: segments(a, aw, inA), right: segments(b, bw, inB), common, words: { left: n, right: m } };
}

/** Merges adjacent tokens of the same kind so the DOM gets few spans. */
function segments(tokens: string[], wordIndex: number[], shared: boolean[]): Segment[] {
  const onlyAt = new Set<number>();
  wordIndex.forEach((tokenIndex, w) => {
    if (!shared[w]) onlyAt.add(tokenIndex);
  });
  const out: Segment[] = [];
  tokens.forEach((text, i) => {
    let only = onlyAt.has(i);
    // A space between two marked words belongs to the marked run, so the highlight is continuous.
    if (isSpace(text) && onlyAt.has(i - 1) && onlyAt.has(i + 1)) only = true;
    const last = out[out.length - 1];
    if (last && last.only === only) last.text += text;
    else out.push({ text, only });
  });
  return out;
}
