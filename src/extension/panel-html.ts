// The panel's HTML shell and its Content-Security-Policy. Nothing runs but our bundle (a
// script with this load's nonce); styles and fonts come only from the extension's own files.
// There is no 'unsafe-inline': vscode-elements styles its components with constructable
// stylesheets (adoptedStyleSheets), which style-src does not govern, and our code sets styles
// through the CSSOM. No `vscode` import: unit-tested under Node.
import { randomBytes } from 'node:crypto';

export interface PanelResources {
  /** `webview.cspSource`: the origin the webview serves extension files from. */
  cspSource: string;
  script: string;
  style: string;
  codicons: string;
  title: string;
}

export function createNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function panelHtml(r: PanelResources, nonce = createNonce()): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(contentSecurityPolicy(r.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttr(r.codicons)}" id="vscode-codicon-stylesheet" nonce="${nonce}">
<link rel="stylesheet" href="${escapeAttr(r.style)}" nonce="${nonce}">
<title>${escapeAttr(r.title)}</title>
</head>
<body>
<div id="app" data-testid="pau-panel"></div>
<script type="module" src="${escapeAttr(r.script)}" nonce="${nonce}"></script>
</body>
</html>`;
}
