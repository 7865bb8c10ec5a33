// What an endpoint's tokens cost: the one formula, for the panel's counter, the bench's costUsd
// and the CLI's running cost.

/** Dollars per million tokens. */
export interface Pricing {
  prompt: number;
  completion: number;
}

/** Dollars for the tokens at the prices (per million). */
export function costInDollars(usage: { promptTokens: number; completionTokens: number }, pricing: Pricing): number {
  return (usage.promptTokens * pricing.prompt + usage.completionTokens * pricing.completion) / 1_000_000;
}
