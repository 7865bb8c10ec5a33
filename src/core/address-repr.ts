// A repr that shows a memory address (`<app.Cart object at 0x7f…>`, `<function f at 0x…>`) differs
// in every run: it can be neither an example, a doctest nor an assertion. One test for the
// explorer, the docstring writer and the pytest export.

/** Whether the repr shows a memory address. */
export function showsAddress(repr: string): boolean {
  return /\bat 0x[0-9a-f]+/i.test(repr);
}
