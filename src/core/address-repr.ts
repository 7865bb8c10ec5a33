// A repr that shows a memory address (`<app.Cart object at 0x7f…>`, `<function f at 0x…>`) differs
// in every run: it can be neither an example, a doctest nor an assertion. One test for the
// explorer, the docstring writer and the pytest export.

/**
 * A memory address as a repr shows it: the hex number after "at " (`<Cart object at 0x7f…>`, or
 * the worker's `at 0x1`), or a bare long one that ends an object's `<…>` (gzip's
 * `<gzip … 0x7fd8b031e740>`). A hex number the user wrote or computed is a value, not an address.
 */
const ADDRESS = /(?<=\bat )0x[0-9a-f]+|(?<=\s)0x[0-9a-f]{8,}(?=>)/gi;

/**
 * The worker numbers the addresses of one call's default reprs `0x1`, `0x2`… (python/pau_probe/render.py):
 * the same in every run, and which objects are one object shows in them. A real address is longer.
 */
const LONGEST_WORKER_NUMBER = '0x' + 'f'.repeat(5);

/** Whether the repr shows a memory address (ADDRESS). */
export function showsAddress(repr: string): boolean {
  return repr.search(ADDRESS) >= 0;
}

/** The text with every real memory address it shows (ADDRESS, not a worker's number) put as `0x…`. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, (address) => (address.length > LONGEST_WORKER_NUMBER.length ? '0x…' : address));
}
