// An item at an index the caller's own logic keeps in range (a position of a per-parameter list,
// a rank below a list's length), read as `T | undefined` under noUncheckedIndexedAccess. Read
// through here, an index that drifted out of range fails with a specific error instead of
// passing undefined on.

/** Item `index` of `items`, which the caller knows to be in range. */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} read outside a list of ${items.length}`);
  return item;
}
