import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentSecurityPolicy, createNonce, panelHtml } from '../../../src/extension/panel-html.js';

const resources = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  script: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
  style: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.css',
  codicons: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/codicon.css',
  title: 'PAU Probe: <slugify>',
};

test('the CSP allows only our nonce-bearing script and our own styles and fonts', () => {
  const csp = contentSecurityPolicy(resources.cspSource, 'N0NCE');
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  assert.deepEqual(directives['default-src'], ["'none'"]);
  assert.deepEqual(directives['script-src'], ["'nonce-N0NCE'"]);
  assert.deepEqual(directives['style-src'], [resources.cspSource]);
  assert.deepEqual(directives['font-src'], [resources.cspSource]);
  assert.ok(!csp.includes('unsafe'), 'no unsafe-inline or unsafe-eval');
});

test('the shell: every script carries the nonce, the root has its test id, text is escaped', () => {
  const html = panelHtml(resources, 'abc123');
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  assert.equal(scripts.length, 1);
  assert.match(scripts[0]!, /nonce="abc123"/);
  assert.match(scripts[0]!, /src="https:\/\/file\+\.vscode-resource[^"]+\/webview\.js"/);
  assert.match(html, /<div id="app" data-testid="pau-panel">/);
  assert.match(html, /<link rel="stylesheet" href="[^"]+codicon\.css" id="vscode-codicon-stylesheet"/, 'vscode-elements finds the codicons by this id');
  assert.match(html, /<title>PAU Probe: &lt;slugify&gt;<\/title>/);
  assert.ok(!/\sstyle="/.test(html), 'no inline style attributes (the CSP would block them)');
});

test('nonces are random and long enough', () => {
  const a = createNonce();
  const b = createNonce();
  assert.notEqual(a, b);
  assert.ok(a.length >= 22);
  assert.match(a, /^[A-Za-z0-9_-]+$/);
});
