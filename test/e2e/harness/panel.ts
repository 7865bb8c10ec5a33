// Reading the PAU panel's webview by its stable test ids (docs/ui-contract.md).
import type { Frame, Page } from 'playwright-core';
import { GiveUp, waitUntil } from './workbench.js';

export const byTestId = (id: string) => `[data-testid="${id}"]`;

export async function runStatus(panel: Frame): Promise<string> {
  return ((await panel.locator(byTestId('run-status')).first().textContent()) ?? '').trim();
}

/** Waits until run-status says `word` ("done", "stopped", …); fails early, with the status, if it says one of `unless`. */
export async function waitForStatus(panel: Frame, word: string, timeoutMs: number, unless: string[] = []): Promise<string> {
  let last = '';
  try {
    return await waitUntil(
      `run-status to say "${word}"`,
      timeoutMs,
      async () => {
        last = await runStatus(panel);
        const bad = unless.find((u) => new RegExp(`\\b${u}\\b`, 'i').test(last));
        if (bad) throw new GiveUp(`run-status says "${last}" while waiting for "${word}"`);
        return new RegExp(`\\b${word}\\b`, 'i').test(last) ? last : undefined;
      },
      100,
    );
  } catch (error) {
    const banner = await panel
      .locator(byTestId('error'))
      .allTextContents()
      .catch(() => []);
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`${why}; last status "${last}"${banner.length ? `; error banner: ${banner.join(' | ')}` : ''}`);
  }
}

export interface ProbeRow {
  input: string;
  output: string;
}

export async function probeRows(panel: Frame): Promise<ProbeRow[]> {
  return panel.locator(byTestId('probe-row')).evaluateAll((rows) =>
    rows.map((row) => ({
      input: (row.querySelector('[data-testid="probe-input"]')?.textContent ?? '').trim(),
      output: (row.querySelector('[data-testid="probe-output"]')?.textContent ?? '').trim(),
    })),
  );
}

export async function text(panel: Frame, testId: string): Promise<string> {
  return ((await panel.locator(byTestId(testId)).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Screenshot of the panel alone: the webview's outer iframe, as the page shows it. */
export async function screenshotPanel(page: Page, panel: Frame, path: string): Promise<void> {
  const outer = panel.parentFrame();
  const element = outer && outer !== page.mainFrame() ? await outer.frameElement() : await panel.frameElement();
  await element.screenshot({ path });
}
