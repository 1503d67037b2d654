import { expect, test as base } from '@playwright/test';
import { CURRENT_SYSTEM_KEY } from './app.js';
import { savedAccessToken } from './auth-state.js';
import { expectNoSeriousAxeViolations } from './axe.js';
import { apiClient, type Api } from './crm.js';
import type { SystemKey } from './login.js';

export { expect };

type Fixtures = {
  /**
   * The system a signed-in spec starts on. It lives in session storage, which a saved storage
   * state does not keep, so every page load of the test's page sets it when the tab has none
   * (a later choice in the UI stays). Only the test's own page: a tab the test opens itself
   * starts without one, as a real new tab does.
   */
  system: SystemKey | null;
  /** The API as the account of the saved storage state in use (seeding, DESIGN.md). */
  api: Api;
};

export const test = base.extend<Fixtures>({
  system: [null, { option: true }],
  page: async ({ page, system, baseURL }, use, testInfo) => {
    if (system) {
      const appOrigin = new URL(baseURL ?? '').origin;
      await page.addInitScript(
        ({ key, value, origin }) => {
          // The provider's pages (another origin) and about:blank are left alone.
          if (window.location.origin !== origin) return;
          if (window.sessionStorage.getItem(key) === null)
            window.sessionStorage.setItem(key, value);
        },
        { key: CURRENT_SYSTEM_KEY, value: system, origin: appOrigin },
      );
    }
    // The Content-Security-Policy gate (issue 13: a blocked eval cost best practices): every
    // violation the page reports is kept, and a journey whose last page reported one fails.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const store = window as unknown as { __cspViolations?: string[] };
        (store.__cspViolations ??= []).push(
          `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus && /^https?:/.test(page.url())) {
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      );
      expect(violations, 'violaciones de la Content-Security-Policy').toEqual([]);
    }
    // The accessibility gate (issue 14): every journey ends with axe on the screen it reached, and
    // a serious or critical violation fails it. The screen tour (tests/accesibilidad) checks every
    // screen for violations of any impact.
    if (testInfo.status === testInfo.expectedStatus && /^https?:/.test(page.url())) {
      await expectNoSeriousAxeViolations(page, testInfo);
    }
  },
  api: async ({ request, storageState, baseURL }, use) => {
    if (typeof storageState !== 'string') {
      throw new Error('api necesita test.use({ storageState: authFile(…) })');
    }
    await use(apiClient(request, savedAccessToken(storageState, new URL(baseURL ?? '').origin)));
  },
});
