import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** One axe violation as the report shows it: rule, impact and where. */
export type AxeFinding = { id: string; impact: string | null; help: string; targets: string[] };

// axe-core's own bundle, put into the page once per document: the product has no iframes, so
// the frame merging of @axe-core/playwright (which re-injected axe for every check and ran it
// through its frame messenger) only cost time — 1.25 s a check against 0.6 s on the tour
// (docs/decisions/0035-axe-in-page.md).
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type AxeWindow = {
  axe?: { run(context: Document | { include: string[][] }, options: object): Promise<AxeResults> };
};

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A/AA and best practices) and returns every
 * violation. The report gets the findings as JSON when there are any. With `within` (a CSS
 * selector), only that part of the page is checked, and axe skips its page-level rules (landmarks,
 * title, language): the screen tour's follow-on modal states, whose page was checked by the state
 * before (docs/decisions/0035-axe-in-page.md).
 */
export const axeFindings = async (
  page: Page,
  testInfo: TestInfo,
  label: string,
  within?: string,
): Promise<AxeFinding[]> => {
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined)))
    await page.evaluate(AXE_SOURCE);
  // Only the violations are read: axe then skips collecting the details of every passing node,
  // which was most of its time on the bigger screens. Nor does it build a CSS selector for every
  // node it reports (a quarter of a check): only a check that finds something runs again with
  // them, for the report's targets.
  const run = (selectors: boolean) =>
    page.evaluate(
      ({ withSelectors, include }) =>
        (window as AxeWindow).axe!.run(include ? { include: [[include]] } : document, {
          resultTypes: ['violations'],
          selectors: withSelectors,
        }),
      { withSelectors: selectors, include: within },
    );
  let results = await run(false);
  if (results.violations.length > 0) results = await run(true);
  const findings = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  if (findings.length > 0) {
    await testInfo.attach(`axe ${label}`, {
      body: JSON.stringify(findings, null, 2),
      contentType: 'application/json',
    });
  }
  return findings;
};

/** The gate of every journey: no violation of impact serious or critical. */
export const expectNoSeriousAxeViolations = async (
  page: Page,
  testInfo: TestInfo,
  label = page.url(),
) => {
  const findings = await axeFindings(page, testInfo, label);
  expect(
    findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical'),
    `axe en ${label}`,
  ).toEqual([]);
};

/** The screen tour's check: no violation at all, and a screenshot of the screen in the report. */
export const expectAccessibleScreen = async (page: Page, testInfo: TestInfo, label: string) => {
  const findings = await axeFindings(page, testInfo, label);
  await testInfo.attach(`${label} (${page.viewportSize()?.width ?? 0} px)`, {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  expect(findings, `axe en ${label}`).toEqual([]);
};
