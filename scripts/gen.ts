// `npm run gen`: writes what is generated from the extension's tables, so that nothing is
// mirrored by hand:
//   package.json  contributes.commands, .menus, .configuration and .languageModelTools
//                 (src/extension/contributions/commands.ts, settings.ts and tools.ts; the call
//                 tool's input from src/core/call-tool.ts, which the MCP server shares)
//   README.md     the command and settings tables, between their `<!-- gen:… -->` markers
//   docs/architecture.md  the table of which layer may import which (.dependency-cruiser.cjs)
// The defaults that the CLI shares (limits, budget) come from src/core/limits.ts through the
// settings table, and the CLI's --help reads the same constants, so one edit there reaches all.
// `npm run gen -- --check` (and test/unit/extension/generated.test.ts) fails when a file is stale.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMAND_CATEGORY, COMMANDS, MENUS, paletteTitle, type CommandKey } from '../src/extension/contributions/commands.js';
import type { SettingSpec } from '../src/core/setting-spec.js';
import { manifestProperties, qualifiedKey, SETTING_KEYS, SETTINGS } from '../src/extension/contributions/settings.js';
import { LANGUAGE_MODEL_TOOLS } from '../src/extension/contributions/tools.js';

const ROOT = resolve(import.meta.dirname, '..');

/** `contributes` as package.json declares it. */
export function contributes(): Record<string, unknown> {
  const menus: Record<string, unknown[]> = {};
  for (const [menu, entries] of Object.entries(MENUS)) menus[menu] = entries.map(({ command, ...rest }) => ({ command: COMMANDS[command].id, ...rest }));
  return {
    commands: (Object.keys(COMMANDS) as CommandKey[]).map((key) => {
      const { id, title, icon } = COMMANDS[key];
      return { command: id, title, category: COMMAND_CATEGORY, icon };
    }),
    menus,
    configuration: { title: 'PAU Probe', properties: manifestProperties() },
    languageModelTools: LANGUAGE_MODEL_TOOLS,
  };
}

/** package.json with its `contributes` replaced, everything else as it was. */
export function packageJson(current: string): string {
  const pkg = JSON.parse(current) as Record<string, unknown>;
  // Contribution points this generator does not own (the MCP provider) stay as written.
  pkg.contributes = { ...(pkg.contributes as Record<string, unknown> | undefined), ...contributes() };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** Settings-editor Markdown made fit for a README table cell. */
function cell(markdown: string): string {
  return markdown
    .replace(/`?#(pau\.[\w.]+)#`?/g, '`$1`')
    .replace(/\|/g, '\\|')
    .replace(/\n+/g, ' ');
}

function shownDefault(spec: SettingSpec): string {
  return typeof spec.default === 'string' && spec.default !== '' ? `\`${spec.default}\`` : `\`${JSON.stringify(spec.default)}\``;
}

function settingText(spec: SettingSpec): string {
  const values =
    spec.type === 'string' && spec.enum
      ? ` ${spec.enum.map((value, i) => `\`${value}\`${spec.enumDescriptions?.[i] ? `: ${spec.enumDescriptions[i]}` : ''}`).join(' ')}`
      : '';
  const range = spec.type === 'integer' || spec.type === 'number' ? ` From ${spec.minimum} to ${spec.maximum}.` : '';
  return cell(spec.markdownDescription + range + values);
}

export function settingsTable(): string {
  const rows = SETTING_KEYS.map((key) => {
    const spec: SettingSpec = SETTINGS[key];
    return `| \`${qualifiedKey(key)}\` | ${shownDefault(spec)} | ${settingText(spec)} |`;
  });
  return ['| setting | default | |', '|---|---|---|', ...rows].join('\n');
}

export function commandsTable(): string {
  const rows = (Object.keys(COMMANDS) as CommandKey[]).map((key) => `| ${paletteTitle(key)} | \`${COMMANDS[key].id}\` | ${cell(COMMANDS[key].summary)} |`);
  return ['| command | id | |', '|---|---|---|', ...rows].join('\n');
}

interface LayerRule {
  name: string;
  to: { path?: string };
}

/** The folders a rule lets its layer import: `^src/(?!(?:a|b)/)` → a, b. */
function allowedBy(rule: LayerRule): string[] {
  const allowed = /\(\?:([\w|]+)\)/.exec(rule.to.path ?? '')?.[1];
  if (!allowed) throw new Error(`.dependency-cruiser.cjs: cannot read the folders of ${rule.name}`);
  return allowed.split('|');
}

/** Each layer (`src/core/`, …, `webview/`) → the folders it may import, read back from .dependency-cruiser.cjs. */
export function layers(root = ROOT): [string, string[]][] {
  const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as { forbidden: LayerRule[] };
  const out: [string, string[]][] = config.forbidden
    .filter((rule) => rule.name.startsWith('layer-'))
    .map((rule) => {
      const layer = rule.name.slice('layer-'.length);
      return [`src/${layer}/`, allowedBy(rule).filter((f) => f !== layer)];
    });
  const webview = config.forbidden.find((rule) => rule.name === 'webview-protocol-only');
  if (webview) out.push(['webview/', allowedBy(webview)]);
  return out;
}

export function layersTable(root = ROOT): string {
  const rows = layers(root).map(([layer, allowed]) => `| \`${layer}\` | ${allowed.map((f) => `\`${f}\``).join(', ') || 'nothing'} |`);
  return ['| layer | may import (besides itself) |', '|---|---|', ...rows].join('\n');
}

/** Replaces what lies between `<!-- gen:NAME -->` and `<!-- /gen:NAME -->`. */
export function replaceSection(text: string, name: string, body: string): string {
  const begin = `<!-- gen:${name} `;
  const end = `<!-- /gen:${name} -->`;
  const from = text.indexOf(begin);
  const afterBegin = text.indexOf('-->', from) + '-->'.length;
  const to = text.indexOf(end);
  if (from < 0 || to < afterBegin) throw new Error(`no ${begin}… --> … ${end} section`);
  return `${text.slice(0, afterBegin)}\n${body}\n${text.slice(to)}`;
}

export function readme(current: string): string {
  return replaceSection(replaceSection(current, 'commands', commandsTable()), 'settings', settingsTable());
}

/** Every generated file: its path under `root` and the text it should have. */
export function generatedFiles(root = ROOT): { path: string; current: string; wanted: string }[] {
  const files: [string, (current: string) => string][] = [
    ['package.json', packageJson],
    ['README.md', readme],
    ['docs/architecture.md', (current) => replaceSection(current, 'layers', layersTable(root))],
  ];
  return files.map(([path, generate]) => {
    const current = readFileSync(join(root, path), 'utf8');
    return { path, current, wanted: generate(current) };
  });
}

function main(argv: string[]): number {
  const check = argv.includes('--check');
  const stale = generatedFiles().filter((f) => f.current !== f.wanted);
  if (check) {
    if (stale.length === 0) return 0;
    process.stderr.write(`stale generated files: ${stale.map((f) => f.path).join(', ')}; run: npm run gen\n`);
    return 1;
  }
  for (const f of stale) writeFileSync(join(ROOT, f.path), f.wanted);
  process.stdout.write(stale.length ? `wrote ${stale.map((f) => f.path).join(', ')}\n` : 'up to date\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
