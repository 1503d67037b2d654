import { expect, type Page } from '@playwright/test';
import { accessTokenIn } from './auth-state.js';

/** The system the app has applied to <body> (SPEC 3: data-system and theme-{system}). */
export const expectCurrentSystem = async (page: Page, system: string) => {
  await expect(page.locator('body')).toHaveAttribute('data-system', system);
  await expect(page.locator('body')).toHaveClass(new RegExp(`\\btheme-${system}\\b`));
};

/** Where the app keeps this tab's chosen system (domain STORAGE_KEYS.currentSystem, SPEC 3). */
export const CURRENT_SYSTEM_KEY = 'tvsistema_currentSystem';

/** Forgets this tab's chosen system, as a new tab of the same session would start. */
export const forgetCurrentSystem = (page: Page) =>
  page.evaluate((key) => window.sessionStorage.removeItem(key), CURRENT_SYSTEM_KEY);

/** The access token the identity SDK cached in local storage for the API audience. */
export const cachedAccessToken = async (page: Page) => {
  const entries = await page.evaluate(() =>
    Object.entries(window.localStorage).map(([name, value]) => ({ name, value: String(value) })),
  );
  return accessTokenIn(entries);
};
