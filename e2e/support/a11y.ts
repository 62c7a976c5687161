import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the screen as it is now and fails on serious or critical violations, naming each rule
 * and the elements it found, so the failure says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  // The screen settles first: no change to the document for 300 ms (at most 5 s). A toast asked for
  // while its code still downloads (lib/toast loads sonner with the first toast or input) appears a
  // moment later and would start fading in after the animation wait below.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 300);
        });
        const done = () => {
          observer.disconnect();
          clearTimeout(cap);
          resolve();
        };
        let quiet = setTimeout(done, 300);
        const cap = setTimeout(done, 5000);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      }),
  );
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
