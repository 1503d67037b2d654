import { expect, test as setup } from '@playwright/test';
import { ACCOUNTS } from './support/accounts.js';
import { cachedAccessToken } from './support/app.js';
import { authFile, type AccountKey } from './support/auth-state.js';
import { signIn, type SystemKey } from './support/login.js';

/**
 * One sign-in through the real login page per account the specs reuse (docs/decisions/0014),
 * on a system that account may use. Specs about signing in, out or choosing a system sign in
 * themselves instead.
 */
const SAVED = {
  admin: 'alquileres',
  // The yard (inventario.md §9 scenario 18: hour-meter readings, no machine edits).
  empleado: 'alquileres',
  alquileres: 'alquileres',
  transportes: 'transportes',
  operaciones: 'transportes',
} as const satisfies Partial<Record<AccountKey, SystemKey>>;

// The accounts sign in side by side, each in a browser context of its own: on the one journey
// worker of `npm test` one after the other took about 13 s before the first journey could start.
setup('inicia sesión con cada cuenta que reutilizan los recorridos', async ({ browser }) => {
  await Promise.all(
    (Object.entries(SAVED) as [keyof typeof SAVED, SystemKey][]).map(async ([account, system]) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await signIn(page, ACCOUNTS[account], { system });
        await expect(page, account).toHaveURL(/\/dashboard$/);
        expect(await cachedAccessToken(page), account).not.toBeNull();

        // Only the identity is worth saving: the app's own keys (the cross-tab system broadcast,
        // a return path) would replay this sign-in's choices into every test that loads the state.
        await page.evaluate(() => {
          for (const key of Object.keys(window.localStorage)) {
            if (!key.startsWith('@@auth0spajs@@')) window.localStorage.removeItem(key);
          }
        });
        await context.storageState({ path: authFile(account) });
      } finally {
        await context.close();
      }
    }),
  );
});
