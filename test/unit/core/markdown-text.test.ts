// markdownText and markdownCode, judged by what markdown-it (HTML on, as a Markdown preview)
// renders: text a probed function or a model wrote makes no element, its own code spans stay.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { markdownCode, markdownText } from '../../../src/core/markdown-text.js';

const render = (markdown: string) => new MarkdownIt({ html: true }).render(markdown);
const ELEMENT = /<(?!\/?(p|code|pre|ul|li)>)[a-z]/;

const HOSTILE = [
  '<img src="https://x.example/a.png">',
  '![a](https://x.example/a.png) [b](https://x.example/)',
  '[r]\n\n[r]: https://x.example/',
  '<https://x.example/>',
  '`<a href="`">`',
  '`` x ` <img src=y> ``',
  'a\n```\n<img src=y>\n```',
  '~~~\n<img src=y>',
  '\\<img src=y>',
  '<details open><summary>x</summary>',
  'a `` b ``` <img src=y> ` c',
];

test('hostile text renders as text in prose and in a code span', () => {
  for (const text of HOSTILE) {
    for (const markdown of [
      markdownText(text),
      `- ${markdownText(text)}`,
      markdownCode(text),
      ...[markdownCode(text), markdownText(text)].map((cell) => `| a |\n|---|\n| ${cell.replace(/\|/g, '\\|')} |`),
    ]) {
      const html = render(markdown);
      assert.ok(!ELEMENT.test(html.replace(/<\/?(table|thead|tbody|tr|th|td)>/g, '')), `${JSON.stringify(text)} as ${JSON.stringify(markdown)} made ${html}`);
    }
  }
});

test("the text's own code spans stay code, and plain words stay as they are", () => {
  assert.equal(render(markdownText('Stores an entry under `sku` in `items`')).trim(), '<p>Stores an entry under <code>sku</code> in <code>items</code></p>');
  assert.equal(render(markdownText('returns a md.Shown (n: int or list)')).trim(), '<p>returns a md.Shown (n: int or list)</p>');
  assert.equal(render(markdownCode('a `b` c')).trim(), '<p><code>a `b` c</code></p>');
});
