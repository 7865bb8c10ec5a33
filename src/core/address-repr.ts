// A repr that shows a memory address (`<app.Cart object at 0x7f…>`, `<function f at 0x…>`) differs
// in every run: it can be neither an example, a doctest nor an assertion. One test for the
// explorer, the docstring writer and the pytest export.

/** Whether the repr shows a memory address: "at 0x…", or a bare long hex number that ends an object's `<…>` (gzip's `<gzip … 0x7fd8b031e740>`). */
export function showsAddress(repr: string): boolean {
  return /\bat 0x[0-9a-f]+/i.test(repr) || /\s0x[0-9a-f]{8,}>/i.test(repr);
}

/** The text with every long hex number (an object's address, as a repr or a text shows it) put as `0x…`. */
export function withoutAddresses(text: string): string {
  return text.replace(/\b0x[0-9a-f]{6,}\b/gi, '0x…');
}
