// The status bar item shown while a run is active; clicking it stops the run.
import * as vscode from 'vscode';
import { COMMANDS } from './contributions/commands.js';

export class RunStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private name = '';
  private budget = 0;

  constructor() {
    this.item = vscode.window.createStatusBarItem('pau.run', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'PAU Probe';
    this.item.command = COMMANDS.stop.id;
  }

  start(name: string, budget: number): void {
    this.name = name;
    this.budget = budget;
    this.progress(0);
    this.item.show();
  }

  progress(probes: number): void {
    this.item.text = `$(loading~spin) PAU: ${this.name} ${probes}/${this.budget}`;
    this.item.tooltip = `PAU Probe is probing ${this.name}: ${probes} calls so far (budget ${this.budget}). Click to stop.`;
    this.item.accessibilityInformation = { label: `PAU Probe is probing ${this.name}, ${probes} calls so far. Activate to stop.`, role: 'button' };
  }

  stop(): void {
    this.item.hide();
  }

  dispose(): void {
    this.item.dispose();
  }
}
