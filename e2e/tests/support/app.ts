import { expect, type Page } from '@playwright/test';

/** The system the app has applied to <body> (SPEC 3: data-system and theme-{system}). */
export const expectCurrentSystem = async (page: Page, system: string) => {
  await expect(page.locator('body')).toHaveAttribute('data-system', system);
  await expect(page.locator('body')).toHaveClass(new RegExp(`\\btheme-${system}\\b`));
};

/** Forgets this tab's chosen system, as a new tab of the same session would start. */
export const forgetCurrentSystem = (page: Page) =>
  page.evaluate(() => window.sessionStorage.removeItem('tvsistema_currentSystem'));

/** The access token the identity SDK cached in local storage for the API audience. */
export const cachedAccessToken = (page: Page) =>
  page.evaluate(() => {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index) ?? '';
      if (!key.startsWith('@@auth0spajs@@') || key.includes('@@user@@')) continue;
      const entry = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
        body?: { access_token?: string };
      };
      if (entry.body?.access_token) return entry.body.access_token;
    }
    return null;
  });
