// A description as plain text, the way the README's before/after shows it.
import type { Description } from '../../../src/core/session-types.js';

export function descriptionText(d: Description): string {
  const lines = [d.summary];
  if (d.properties?.length) lines.push('Properties:', ...d.properties.map((p) => `- ${p}`));
  else if (d.details) lines.push(d.details.split('\n')[0]!);
  const params = Object.entries(d.parameters);
  if (params.length) lines.push('Parameters:', ...params.map(([k, v]) => `- ${k}: ${v}`));
  if (d.returns) lines.push(`Returns: ${d.returns}`);
  if (d.raises) lines.push('Raises:', ...d.raises.split('\n').map((r) => `- ${r}`));
  if (d.examples.length) lines.push('Examples:', ...d.examples.map((e) => `>>> ${e.call}\n${e.result}`));
  return lines.join('\n');
}
