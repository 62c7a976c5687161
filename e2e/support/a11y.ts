import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the screen as it is now and fails on serious or critical violations, naming each rule
 * and the elements it found, so the failure says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  // Axe reads colours as painted: halfway through a fade-in (a toast arriving) text is paler than it
  // will be, so finite animations and transitions are let finish first. Spinners loop forever and
  // are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // A toast on its way out (dismissed, or its time up) may start fading after the wait above, and
    // would be measured half transparent; it is leaving the screen, not part of it.
    .exclude('[data-sonner-toast][data-removed="true"]')
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n');
  expect(serious, `accessibility violations on ${screen}:\n${report}`).toEqual([]);
}
