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

/** Thrown by a `waitUntil` check to give up at once: the awaited state can no longer come. */
export class GiveUp extends Error {}

/** Polls `check` until it returns a value other than undefined/false, or throws `what` after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
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
  static async open(browser: Browser, url: string, theme: 'light' | 'dark' = 'dark', onConsole?: (line: string) => void): Promise<Workbench> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme: theme });
    const page = await context.newPage();
    if (onConsole) page.on('console', (message) => onConsole(message.text()));
    await page.goto(url, { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
    return new Workbench(page);
  }

  /**
   * Opens quick access holding `value` (">title" for a command, a file name, ":line").
   * F1 first; when the keyboard focus sits where F1 does not reach the workbench (a webview
   * that just lost its input box, say), the title bar's command center opens it by mouse.
   * The palette can close again as soon as it opened (focus taken by a notification or an
   * editor that opens late), so a fill that finds it hidden opens it again, until `timeoutMs`.
   */
  async quickAccess(value: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.page.keyboard.press('Escape');
        await this.page.keyboard.press('F1');
        const opened = await this.quickInputBox.waitFor({ state: 'visible', timeout: 2_000 }).then(
          () => true,
          () => false,
        );
        if (!opened) {
          await this.page.locator('.command-center .command-center-center').first().click({ timeout: 5_000 });
          await this.quickInputBox.waitFor({ state: 'visible', timeout: 5_000 });
        }
        await this.quickInputBox.fill(value, { timeout: 3_000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`quick access did not stay open to take "${value}" (${attempt} tries): ${String(error)}`);
      }
    }
  }

  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  get quickInputBox(): Locator {
    return this.page.locator('.quick-input-widget .quick-input-box input');
  }

  /**
   * Runs a command from the palette by its title as shown there, e.g. "PAU: Set API Key".
   * Picks the entry whose label is exactly the title (the best fuzzy match may be another
   * command), and types again while the command is not offered yet: contributed commands
   * appear only once the extension host has registered the extension.
   */
  async runCommand(title: string, timeoutMs = 30_000): Promise<void> {
    const rows = this.page.locator('.quick-input-list .monaco-list-row');
    let labels: (string | null)[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.quickAccess(`>${title}`);
      const found = await waitUntil(`the command palette to offer "${title}"`, 3_000, async () => {
        labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
        const index = labels.findIndex((l) => l !== null && (l === title || l.startsWith(`${title},`)));
        return index >= 0 ? index : undefined;
      }).catch(() => undefined);
      if (found !== undefined) {
        // The keyboard, not a click: a click's mouse-up can land on the input box the
        // command opens next, in place of the palette, and dismiss it.
        const focusedIs = async () =>
          (await this.page.locator('.quick-input-list .monaco-list-row.focused').first().getAttribute('aria-label')) === labels[found];
        for (let i = 0; i < 50 && !(await focusedIs()); i++) await this.page.keyboard.press('ArrowDown');
        if (await focusedIs()) {
          await this.page.keyboard.press('Enter');
          return;
        }
      }
      if (Date.now() > deadline) throw new Error(`the command palette does not offer "${title}"; it offers: ${JSON.stringify(labels)}`);
    }
  }

  /**
   * Waits for a quick input (input box, quick pick, simple file dialog) and types `text`
   * into it, replacing what is there. The file dialog fills in its folder after it opens,
   * so the value is checked (and typed again) before Enter.
   */
  async answerQuickInput(text: string, options: { enter?: boolean; expectPassword?: boolean } = {}): Promise<void> {
    await this.quickInputBox.waitFor({ state: 'visible', timeout: 15_000 });
    if (options.expectPassword) {
      await waitUntil('a password input box', 10_000, async () => (await this.quickInputBox.getAttribute('type')) === 'password');
    }
    await waitUntil(`the quick input to hold "${text}"`, 10_000, async () => {
      if ((await this.quickInputBox.inputValue()) !== text) await this.quickInputBox.fill(text);
      await new Promise((r) => setTimeout(r, 100));
      return (await this.quickInputBox.inputValue()) === text;
    });
    if (options.enter !== false) await this.page.keyboard.press('Enter');
  }

  /** Opens a workspace file with Quick Open, in the first editor group (the panel opens beside it), and waits for its editor to be active. */
  async openFile(relativePath: string): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.runCommand('View: Focus First Editor Group');
    await this.quickAccess(relativePath);
    const name = relativePath.split('/').pop()!;
    await this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).waitFor({ timeout: 15_000 });
    await this.page.keyboard.press('Enter');
    await this.page.locator('.editor-group-container.active .tab.active', { hasText: name }).first().waitFor({ timeout: 15_000 });
  }

  /**
   * The CodeLens link `label` shown above `def <functionName>` in the active editor. The
   * lens sits in a view zone above its line: it is the lens whose next line down is the def.
   * `line` (1-based, of the def) scrolls the editor there first.
   */
  async codeLens(functionName: string, label = 'Probe', timeoutMs = 60_000, line?: number): Promise<Locator> {
    // A def below the fold has no rendered line (nor lens): bring it into view first.
    if (line !== undefined) await this.goToLine(line);
    const editor = this.page.locator('.editor-group-container.active .monaco-editor').first();
    const defPattern = new RegExp(`^\\s*(async\\s+)?def\\s+${functionName}\\b`);
    return waitUntil(`the CodeLens "${label}" above def ${functionName}`, timeoutMs, async () => {
      const lines = await editor
        .locator('.view-line')
        .evaluateAll((els) => els.map((e) => ({ text: (e.textContent ?? '').replace(/\u00a0/g, ' '), top: e.getBoundingClientRect().top })));
      const def = lines.find((l) => defPattern.test(l.text));
      if (!def) return undefined; // not rendered yet, or scrolled away (pass `line`)
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
      if (!best) return undefined;
      // By id, not position: lenses re-render as the editor scrolls, which reorders them.
      const id = await links.nth(best.index).getAttribute('id');
      return id ? editor.locator(`.codelens-decoration a[id="${id}"]`) : links.nth(best.index);
    });
  }

  /**
   * Clicks the CodeLens `label` above `def functionName` until `effect` shows (a lens can
   * re-render between being found and being clicked, and a click on a stale one is lost).
   */
  async clickCodeLens(functionName: string, effect: () => Promise<boolean>, options: { label?: string; line?: number } = {}): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const lens = await this.codeLens(functionName, options.label ?? 'Probe', 60_000, options.line);
      await lens.click({ timeout: 5_000 }).catch(() => undefined);
      const happened = await waitUntil('the CodeLens click to take effect', 8_000, async () => (await effect()) || undefined).catch(() => false);
      if (happened) return;
      if (attempt === 3) throw new Error(`clicking the CodeLens "${options.label ?? 'Probe'}" above def ${functionName} had no effect (3 tries)`);
    }
  }

  /**
   * Puts the cursor on line `line` (1-based) of the active editor with Go to Line. (Go to
   * Symbol would need a Python language server, which this editor does not have.)
   */
  async goToLine(line: number): Promise<void> {
    const status = this.page.locator('.statusbar-item', { hasText: new RegExp(`Ln ${line},`) }).first();
    for (let attempt = 1; ; attempt++) {
      await this.quickAccess(`:${line}`);
      // Enter only once the picker has understood the line number.
      await this.page
        .locator('.quick-input-list .monaco-list-row', { hasText: `line ${line}` })
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
      await this.page.keyboard.press('Enter');
      if (
        await status.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        return;
      if (attempt === 3) throw new Error(`Go to Line ${line} did not move the cursor there`);
    }
  }

  /**
   * The webview frame holding the PAU panel (the inner frame with `data-testid=pau-panel`),
   * the visible one when several panels exist. `title`: wait for the panel's editor tab
   * ("PAU Probe: slugify") to be the active one first.
   */
  async panelFrame(timeoutMs = 30_000, title?: string): Promise<Frame> {
    if (title) await this.page.locator('.tab.active', { hasText: title }).first().waitFor({ timeout: timeoutMs });
    return waitUntil(
      'the PAU Probe panel (data-testid=pau-panel) to render',
      timeoutMs,
      async () => {
        for (const frame of this.page.frames()) {
          if (frame === this.page.mainFrame()) continue;
          if (!(await frame.$('[data-testid="pau-panel"]').catch(() => null))) continue;
          // The outer iframe (in the workbench page) is hidden for panels in background tabs.
          let outer: Frame = frame;
          while (outer.parentFrame() && outer.parentFrame() !== this.page.mainFrame()) outer = outer.parentFrame()!;
          if (await (await outer.frameElement()).isVisible()) return frame;
        }
        return undefined;
      },
      100,
    );
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
