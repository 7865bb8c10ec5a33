// Whether a real path is a folder or lies below it: one test for the targets the MCP server and
// the CLI accept (session/targets.ts) and the place the pytest export writes to
// (export/output-place.ts). Pure, as core/ is: the caller passes its platform's separator.

/** `path` is `folder` or below it; both real paths, `sep` the platform's (node:path `sep`). */
export function insideFolder(path: string, folder: string, sep: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
