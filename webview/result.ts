// The end of a run: the inferred description, then the comparison with the actual docstring
// (side by side with a word-level diff, behavioural agreement, doctests, judge, word overlap,
// the stale-docstring flag).
import type { Comparison, Description } from '../src/core/session-types.js';
import { descriptionHead } from '../src/core/description-head.js';
import { doctestBlock } from '../src/core/doctest-example.js';
import { doctestMismatch } from '../src/core/format.js';
import { wordDiff, worthMarking } from './diff.js';
import { h, icon } from './dom.js';
import { callArguments, parseMarkdownTable, percent, ratio } from './format.js';
import { callName, type Model } from './model.js';

export function renderResult(model: Model): Node[] {
  const out: Node[] = [];
  const final = model.final;
  if (final) {
    if (final.description) out.push(renderDescription(final.description, final.concluded, callRenamer(model), final.properties, final.ioTable));
    else out.push(h('p', { class: 'muted' }, 'The run ended without a description.'));
  }
  if (model.comparison) out.push(renderComparison(model.comparison, model));
  return out;
}

/** Examples are written with the name the agent saw (`f`); the panel shows the function's own. */
function callRenamer(model: Model): (call: string) => string {
  const shown = model.shownAs?.name;
  const real = callName(model);
  if (!shown || shown === real) return (call) => call;
  const head = new RegExp(`^(\\s*)${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=\\s*\\()`);
  return (call) => call.replace(head, `$1${real}`);
}

function renderDescription(d: Description, concluded: boolean, rename: (call: string) => string, properties?: string[], ioTable?: string): HTMLElement {
  // The head (description-head.ts), the same as the CLI's and the Markdown's; the rest folded.
  const { lines: head, moreRaises, moreParameters } = descriptionHead(d, rename);
  return h(
    'section',
    { class: 'description', testid: 'description', 'aria-labelledby': 'description-heading' },
    h(
      'h2',
      { id: 'description-heading' },
      'Inferred description',
      h('span', { class: 'confidence', title: 'How sure the agent says it is' }, ` confidence ${percent(d.confidence)}`),
    ),
    concluded ? null : h('p', { class: 'warning-text' }, icon('warning'), ' The agent did not conclude; this is its best guess so far.'),
    h('p', { class: 'summary' }, d.summary),
    h(
      'ul',
      { class: 'description-head', testid: 'description-head' },
      // Every line but the summary (the first) has a label.
      ...head.flatMap((l) =>
        l.label === undefined ? [] : [h('li', { testid: `description-${l.label.toLowerCase()}` }, h('strong', null, `${l.label}: `), l.text)],
      ),
    ),
    d.examples.length > 0 || moreRaises.length > 0 || moreParameters.length > 0
      ? h(
          'details',
          { class: 'more' },
          h('summary', null, `Examples in doctest form and more raises${moreParameters.length > 0 ? ', the parameters in full' : ''}`),
          moreParameters.length > 0 ? h('ul', null, ...moreParameters.map((p) => h('li', null, p))) : null,
          moreRaises.length > 0 ? h('ul', null, ...moreRaises.map((r) => h('li', null, r))) : null,
          d.examples.length > 0 ? h('pre', { class: 'mono examples' }, doctestBlock(d.examples, rename).join('\n')) : null,
        )
      : null,
    properties && properties.length > 0
      ? h('div', null, h('h3', null, 'Properties observed'), h('ul', null, ...properties.map((p) => h('li', null, p))))
      : null,
    renderEvidence(d),
    ioTable ? h('div', null, h('h3', null, 'Inputs and outputs'), renderTable(ioTable)) : null,
  );
}

/** How the run went and the probes behind every sentence, folded: one click away. */
function renderEvidence(d: Description): HTMLElement | null {
  const claims = d.claims ?? [];
  if (!d.details && claims.length === 0) return null;
  return h(
    'details',
    { class: 'evidence', testid: 'description-evidence' },
    h('summary', null, 'Evidence'),
    d.details ? h('p', { class: 'details' }, d.details) : null,
    claims.length > 0
      ? h(
          'ul',
          null,
          ...claims.map((c) =>
            h(
              'li',
              null,
              `${c.part}: ${c.text} — probes ${c.support.map((i) => `#${i}`).join(', ') || 'none'}${c.tested.length ? `; checked on ${c.tested.length}` : ''}`,
            ),
          ),
        )
      : null,
  );
}

function renderTable(md: string): HTMLElement {
  const table = parseMarkdownTable(md);
  if (!table) return h('pre', { class: 'mono' }, md);
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      null,
      h('thead', null, h('tr', null, ...table.head.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', null, ...table.rows.map((r) => h('tr', null, ...r.map((c) => h('td', { class: 'mono' }, c))))),
    ),
  );
}

function diffPane(title: string, segments: { text: string; only: boolean }[], kind: 'inferred' | 'actual', empty: string, mark: boolean): HTMLElement {
  const body =
    segments.length === 0
      ? h('p', { class: 'muted' }, empty)
      : h('pre', { class: 'docstring' }, ...segments.map((s) => (s.only && mark ? h('mark', { class: `only-${kind}` }, s.text) : s.text)));
  return h('div', { class: `pane pane-${kind}` }, h('h3', null, title), body);
}

function renderComparison(c: Comparison, model: Model): HTMLElement {
  const inferredText = model.docstrings?.inferred ?? descriptionText(model.final?.description ?? null);
  const actualText = model.docstrings?.actual ?? '';
  const diff = wordDiff(inferredText, actualText);
  const mark = worthMarking(diff);
  const b = c.behavioural;
  return h(
    'section',
    { class: 'comparison', testid: 'comparison', 'aria-labelledby': 'comparison-heading' },
    h('h2', { id: 'comparison-heading' }, 'Compared with the actual docstring'),
    b?.stale
      ? h(
          'div',
          { class: 'stale', testid: 'stale-flag', role: 'note' },
          icon('warning'),
          h(
            'span',
            null,
            h('strong', null, 'The docstring is probably stale. '),
            'An implementation written from it disagrees with the real function more often than one written from the inferred description.',
          ),
        )
      : null,
    h(
      'div',
      { class: 'side-by-side', testid: 'side-by-side' },
      diffPane('Inferred', diff.left, 'inferred', 'No description.', mark),
      diffPane('Actual docstring', diff.right, 'actual', model.docstrings ? 'The function has no docstring.' : 'Not available.', mark),
    ),
    mark
      ? h('p', { class: 'legend muted', testid: 'diff-legend' }, h('mark', { class: 'only-inferred' }, 'highlighted'), ' words appear on one side only.')
      : diff.words.left > 0 && diff.words.right > 0
        ? h(
            'p',
            { class: 'legend muted', testid: 'diff-legend' },
            `The two texts share few words (${diff.common} of ${Math.min(diff.words.left, diff.words.right)}), so none are highlighted: the scores below compare what they mean.`,
          )
        : null,
    h('div', { class: 'scores' }, ...scoreCards(c)),
    b && b.disagreements.length > 0
      ? disagreementTable('disagreements-inferred', 'Where the inferred description is wrong', 'The description implies', b.disagreements, callName(model))
      : null,
    b?.docstringDisagreements && b.docstringDisagreements.length > 0
      ? disagreementTable('disagreements-docstring', 'Where the docstring is wrong', 'The docstring implies', b.docstringDisagreements, callName(model))
      : null,
    c.judge?.missedByInferred?.length ? claimList('Claims only the docstring makes', c.judge.missedByInferred) : null,
    c.judge?.missedByDocstring?.length ? claimList('Claims only the inferred description makes', c.judge.missedByDocstring) : null,
    c.doctests?.results?.length ? doctestList(c.doctests.results) : null,
    c.notes?.length ? h('ul', { class: 'notes muted' }, ...c.notes.map((n) => h('li', null, n))) : null,
  );
}

function scoreCards(c: Comparison): HTMLElement[] {
  const cards: HTMLElement[] = [];
  const card = (testid: string | undefined, label: string, value: string, detail?: string | Node | null) =>
    h(
      'div',
      { class: 'score', testid },
      h('div', { class: 'score-label' }, label),
      h('div', { class: 'score-value' }, value),
      detail ? h('div', { class: 'score-detail' }, detail) : null,
    );
  const b = c.behavioural;
  if (b) {
    cards.push(
      card(
        'behavioural-score',
        'Behaviour (inferred)',
        ratio(b.inferred.agree, b.inferred.total),
        b.docstring
          ? `Docstring: ${ratio(b.docstring.agree, b.docstring.total)}`
          : (b.note ?? 'Held-out inputs where an implementation from the description agrees with the function.'),
      ),
    );
  }
  if (c.judge) cards.push(card('judge-score', 'Judge', `${c.judge.score}/5`, c.judge.rationale));
  if (c.doctests) {
    const { passed, failed } = c.doctests;
    cards.push(
      card(
        'doctests',
        'Doctests',
        failed > 0 ? `${passed} passed, ${failed} failed` : `${passed} passed`,
        passed + failed === 0 ? 'The docstring has no examples.' : null,
      ),
    );
  }
  if (c.lexicalF1 !== undefined) cards.push(card(undefined, 'Word overlap (F1)', c.lexicalF1.toFixed(2), 'Token F1 between the two texts.'));
  return cards;
}

/** `implied` heads the third column: what the text on trial says the function gives. */
function disagreementTable(
  testid: string,
  title: string,
  implied: string,
  rows: { input: string; expected: string; got: string }[],
  name: string,
): HTMLElement {
  return h(
    'div',
    { testid },
    h('h3', null, title),
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        null,
        h(
          'thead',
          null,
          h('tr', null, h('th', { scope: 'col' }, 'Input'), h('th', { scope: 'col' }, 'The function gives'), h('th', { scope: 'col' }, implied)),
        ),
        h(
          'tbody',
          null,
          ...rows.map((r) =>
            h(
              'tr',
              null,
              h('td', { class: 'mono', title: r.input }, callArguments(r.input, name)),
              h('td', { class: 'mono' }, r.expected),
              h('td', { class: 'mono' }, r.got),
            ),
          ),
        ),
      ),
    ),
  );
}

function claimList(title: string, claims: string[]): HTMLElement {
  return h('div', null, h('h3', null, title), h('ul', null, ...claims.map((c) => h('li', null, c))));
}

function doctestList(results: { source: string; want: string; got: string; ok: boolean }[]): HTMLElement {
  return h(
    'div',
    null,
    h('h3', null, 'Doctests of the actual docstring'),
    h(
      'ul',
      { class: 'doctest-list' },
      ...results.map((r) =>
        h(
          'li',
          { class: r.ok ? 'ok' : 'failed' },
          icon(r.ok ? 'pass' : 'error'),
          h('span', { class: 'visually-hidden' }, r.ok ? 'passed: ' : 'failed: '),
          h('code', null, `>>> ${r.source}`),
          r.ok ? null : h('div', { class: 'mono muted', testid: 'doctest-mismatch' }, doctestMismatch(r.want, r.got)),
        ),
      ),
    ),
  );
}

/** Plain text of a description, when the host has not rendered it as a docstring. */
function descriptionText(d: Description | null): string {
  if (!d) return '';
  return [d.summary, d.details].filter(Boolean).join('\n\n');
}
