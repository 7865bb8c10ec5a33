// The "PAU Probe" log (a LogOutputChannel: the user picks the level). Every line passes
// through `redact`, with the stored API key among the secrets, so no key is ever written, and
// through `printable`: reprs and messages of the probed code show their control characters as escapes.
import * as vscode from 'vscode';
import { LOG_CHANNEL_NAME } from './contributions/commands.js';
import { redact } from './redact.js';
import { printable } from '../core/printable.js';

export class Log implements vscode.Disposable {
  readonly channel: vscode.LogOutputChannel;
  private readonly secrets = new Set<string>();

  constructor() {
    this.channel = vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
  }

  /** A value that must never appear in the log (the API key, once read). */
  addSecret(secret: string | undefined): void {
    if (secret) this.secrets.add(secret);
  }

  private clean(message: string): string {
    return printable(redact(message, [...this.secrets]));
  }

  trace(message: string): void {
    this.channel.trace(this.clean(message));
  }
  debug(message: string): void {
    this.channel.debug(this.clean(message));
  }
  info(message: string): void {
    this.channel.info(this.clean(message));
  }
  warn(message: string): void {
    this.channel.warn(this.clean(message));
  }
  error(message: string | Error): void {
    const text = message instanceof Error ? `${message.message}${message.stack ? `\n${message.stack}` : ''}` : message;
    this.channel.error(this.clean(text));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}

/** A one-line description of any thrown value. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
