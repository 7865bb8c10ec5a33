// Placeholder until `pau call` is built.
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('pau call: not built yet\n');
  return 1;
}
