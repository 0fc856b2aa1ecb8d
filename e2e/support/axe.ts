import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** Fails the test with a readable list when axe finds any WCAG 2.1 A/AA violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  // Two report steps, so a run's JSON report shows what the scans cost (settling the page, then axe itself).
  await test.step('accessibility: settle the page', () => settle(page), { box: true });
  const { violations } = await test.step(
    'accessibility: axe scan',
    // Legacy mode: one axe.run in the page (same-origin frames included) instead of runPartial plus finishRun in a
    // new blank page; the same rules on the same DOM, ~40% less time per scan. It skips cross-origin frames, and the
    // journeys have none (documents and the note are same-origin or blob: frames; third-party frames are production's).
    () => new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze(),
    { box: true },
  );
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

async function settle(page: Page): Promise<void> {
  // Lazy routes render a loader first; check the page a person reads, not the moment before it.
  await page.locator('main').first().waitFor();
  // Settle the page's own requests; bounded, because Chromium's PDF viewer (a document shown in a frame)
  // keeps a connection of its own open, so the page never goes network-idle while one is on screen.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // Let entrance animations finish (a toast fading in has not reached its real contrast yet); endless
  // ones (spinners, the loader bar) are left running, and a paused one is not waited for past 2 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}
