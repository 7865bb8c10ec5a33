// Entry point of the panel's webview (bundled by esbuild into dist/webview.js + webview.css).
// Only the vscode-elements components the panel uses are imported, so only they are bundled.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import './styles.css';
import type { WebviewMessage } from '../src/protocol/messages.js';
import { App } from './app.js';
import { markPage } from './marks.js';

markPage('script');
window.addEventListener('load', () => markPage('load'));

const vscode = acquireVsCodeApi();
const root = document.getElementById('app');
if (root) new App(root, (message: WebviewMessage) => vscode.postMessage(message)).mount();
