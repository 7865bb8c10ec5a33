// The shape of one editor setting as package.json's `contributes.configuration` declares it.
// The settings table (src/extension/contributions/settings.ts) is written in it, and so are the
// limits every worker gets (LIMIT_SETTINGS in src/core/limits.ts), which that table includes.

export type SettingScope = 'application' | 'machine' | 'machine-overridable' | 'window' | 'resource';

interface Common {
  scope: SettingScope;
  markdownDescription: string;
  /** Position in the Settings editor. */
  order: number;
}
export interface StringSetting extends Common {
  type: 'string';
  default: string;
  enum?: readonly string[];
  enumDescriptions?: readonly string[];
}
export interface NumberSetting extends Common {
  type: 'integer' | 'number';
  default: number;
  minimum: number;
  maximum: number;
}
export interface BooleanSetting extends Common {
  type: 'boolean';
  default: boolean;
}
export type SettingSpec = StringSetting | NumberSetting | BooleanSetting;
