// A regular expression's group that is not optional: every match has it, yet an indexed match
// reads as `string | undefined` (noUncheckedIndexedAccess). Read through here, a pattern edited
// so that the group may be absent fails with a specific error instead of passing undefined on.

/** Group `index` of a match, which the pattern makes present in every match. */
export function group(match: readonly (string | undefined)[], index: number): string {
  const text = match[index];
  if (text === undefined) throw new Error(`a regular expression matched without its group ${index}, which its pattern requires`);
  return text;
}
