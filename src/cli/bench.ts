// Placeholder until `pau bench` is built.
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('pau bench: not built yet\n');
  return 1;
}
