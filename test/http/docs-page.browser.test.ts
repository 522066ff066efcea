// The API's browsable page (/docs) in real Chromium: it loads without a console error (its content
// security policy lets the page's own style element apply) and its summaries read as plain actions,
// without the specification's endpoint numbers.
import { expect, it } from 'vitest';
import { describeBrowser, serverAndChromium } from '../helpers/browser.ts';

describeBrowser('the /docs page in Chromium', () => {
  const t = serverAndChromium();

  it('shows every operation with a plain summary and logs no error', async () => {
    const page = await t.browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${t.s.url}/docs`);
    const summaries = page.locator('.opblock-summary-description');
    await summaries.first().waitFor({ timeout: 30_000 });
    const texts = await summaries.allTextContents();
    expect(texts).toContain('Create a case and its first conversation');
    expect(texts.length).toBeGreaterThanOrEqual(12);
    for (const text of texts) expect(text).not.toMatch(/endpoint \d/i);
    // Opening an operation draws more of the page (its parameters and answers).
    await summaries.first().click();
    await page.locator('.opblock-body').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.close();
  });
});
