// Ambient declarations of the webview: the API VS Code injects, and CSS imports (esbuild bundles them).
declare function acquireVsCodeApi(): {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
};

declare module '*.css';
