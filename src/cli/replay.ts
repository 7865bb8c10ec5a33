// Placeholder until `pau replay` is built.
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('pau replay: not built yet\n');
  return 1;
}
