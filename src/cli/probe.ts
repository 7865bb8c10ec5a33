// Placeholder until `pau probe` is built.
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('pau probe: not built yet\n');
  return 1;
}
