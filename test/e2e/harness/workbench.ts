// Drives the VS Code workbench served by code-server, in Debian's Chromium through
// playwright-core: the command palette, quick inputs, editors, CodeLens, and the panel's
// webview (two nested iframes whose inner document Playwright reads like any frame).
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.PAU_E2E_CHROMIUM ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-default-apps',
  '--disable-extensions',
];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** Polls `check` until it returns a value other than undefined/false, or throws `what` after `timeoutMs`. */
export async function waitUntil<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined | false> | T | undefined | false, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message.split('\n')[0]})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export class Workbench {
  constructor(readonly page: Page) {}

  /** Opens the workbench and waits until the explorer shows the workspace's files. */
  static async open(browser: Browser, url: string, theme: 'light' | 'dark' = 'dark'): Promise<Workbench> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme: theme });
    const page = await context.newPage();
    await page.goto(url, { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
    return new Workbench(page);
  }

  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  get quickInputBox(): Locator {
    return this.page.locator('.quick-input-widget .quick-input-box input');
  }

  /** Runs a command from the palette by its title as shown there, e.g. "PAU: Set API Key". */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('F1');
    await this.quickInputBox.waitFor({ timeout: 10_000 });
    await this.quickInputBox.fill(`>${title}`);
    // Enter only once the highlighted entry is exactly the command asked for.
    await waitUntil(`the command palette to offer "${title}"`, 15_000, async () => {
      const label = await this.page.locator('.quick-input-list .monaco-list-row.focused').first().getAttribute('aria-label');
      return label !== null && (label === title || label.startsWith(`${title},`) || label.startsWith(`${title} `));
    });
    await this.page.keyboard.press('Enter');
  }

  /** Waits for a quick input (input box, quick pick, simple file dialog) and types `text` into it, replacing what is there. */
  async answerQuickInput(text: string, options: { enter?: boolean; expectPassword?: boolean } = {}): Promise<void> {
    await this.quickInputBox.waitFor({ state: 'visible', timeout: 15_000 });
    if (options.expectPassword) {
      await waitUntil('a password input box', 10_000, async () => (await this.quickInputBox.getAttribute('type')) === 'password');
    }
    await this.quickInputBox.fill(text);
    if (options.enter !== false) await this.page.keyboard.press('Enter');
  }

  /** Opens a workspace file with Quick Open and waits for its editor to be active. */
  async openFile(relativePath: string): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('Control+P');
    await this.quickInputBox.waitFor({ timeout: 10_000 });
    await this.quickInputBox.fill(relativePath);
    const name = relativePath.split('/').pop()!;
    await this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).waitFor({ timeout: 15_000 });
    await this.page.keyboard.press('Enter');
    await this.page.locator('.tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
  }

  /**
   * The CodeLens link `label` shown above `def <functionName>` in the active editor. The
   * lens sits in a view zone above its line: it is the lens whose next line down is the def.
   */
  async codeLens(functionName: string, label = 'Probe', timeoutMs = 60_000): Promise<Locator> {
    const editor = this.page.locator('.editor-group-container.active .monaco-editor').first();
    const defPattern = new RegExp(`^\\s*(async\\s+)?def\\s+${functionName}\\b`);
    return waitUntil(`the CodeLens "${label}" above def ${functionName}`, timeoutMs, async () => {
      const lines = await editor.locator('.view-line').evaluateAll((els) =>
        els.map((e) => ({ text: (e.textContent ?? '').replace(/\u00a0/g, ' '), top: e.getBoundingClientRect().top })),
      );
      const def = lines.find((l) => defPattern.test(l.text));
      if (!def) {
        // Not rendered yet or scrolled away: ask the editor to reveal it via Go to Symbol.
        return undefined;
      }
      const links = editor.locator('.codelens-decoration a');
      const count = await links.count();
      let best: { index: number; distance: number } | undefined;
      for (let i = 0; i < count; i++) {
        const text = ((await links.nth(i).textContent()) ?? '').trim();
        if (text !== label && !text.endsWith(` ${label}`)) continue;
        const box = await links.nth(i).boundingBox();
        if (!box) continue;
        const distance = def.top - box.y;
        if (distance > 0 && distance < 40 && (!best || distance < best.distance)) best = { index: i, distance };
      }
      return best ? links.nth(best.index) : undefined;
    });
  }

  /** Moves the cursor to the definition of `functionName` with Go to Symbol in Editor. */
  async goToSymbol(functionName: string): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('Control+Shift+O');
    await this.quickInputBox.waitFor({ timeout: 10_000 });
    await this.quickInputBox.fill(`@${functionName}`);
    await this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: functionName }).waitFor({ timeout: 30_000 });
    await this.page.keyboard.press('Enter');
  }

  /**
   * The webview frame holding the PAU panel (the inner frame with `data-testid=pau-panel`),
   * the visible one when several panels exist. `title`: wait for the panel's editor tab
   * ("PAU Probe: slugify") to be the active one first.
   */
  async panelFrame(timeoutMs = 30_000, title?: string): Promise<Frame> {
    if (title) await this.page.locator('.tab.active', { hasText: title }).first().waitFor({ timeout: timeoutMs });
    return waitUntil('the PAU Probe panel (data-testid=pau-panel) to render', timeoutMs, async () => {
      for (const frame of this.page.frames()) {
        if (frame === this.page.mainFrame()) continue;
        if (!(await frame.$('[data-testid="pau-panel"]').catch(() => null))) continue;
        // The outer iframe (in the workbench page) is hidden for panels in background tabs.
        let outer: Frame = frame;
        while (outer.parentFrame() && outer.parentFrame() !== this.page.mainFrame()) outer = outer.parentFrame()!;
        if (await (await outer.frameElement()).isVisible()) return frame;
      }
      return undefined;
    }, 100);
  }

  /** The text of the first notification toast that matches `pattern`, waiting for it to appear. */
  async notification(pattern: RegExp, timeoutMs = 15_000): Promise<string> {
    return waitUntil(`a notification matching ${pattern}`, timeoutMs, async () => {
      const texts = await this.page.locator('.notification-toast .notification-list-item-message').allTextContents();
      return texts.find((t) => pattern.test(t));
    });
  }

  /** Clicks a notification's button by its label. */
  async clickNotificationButton(label: string): Promise<void> {
    await this.page.locator('.notification-toast .monaco-button', { hasText: label }).first().click({ timeout: 15_000 });
  }
}
