import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { expectCurrentSystem } from '../support/app.js';
import { authFile, SIGNED_OUT } from '../support/auth-state.js';
import { expect, test } from '../support/fixtures.js';
import { loginForm, signIn, systemButton } from '../support/login.js';

const navbar = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

const accentOfBody = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--accent').trim());

test.describe('barra de navegación', () => {
  test.describe(() => {
    test.use({ storageState: authFile('admin'), system: 'alquileres' });

    test('el administrador cambia de sistema desde la barra y el tema cambia', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectCurrentSystem(page, 'alquileres');
      await expect(navbar(page).getByRole('img', { name: 'Sistema de Alquileres' })).toBeVisible();

      await navbar(page).getByRole('button', { name: 'Cambiar de sistema: Alquileres' }).click();
      const options = navbar(page).locator('.system-switcher__option');
      await expect(options).toHaveText([
        /Sistema de Alquileres\s*Actual/,
        /Sistema de Transportes/,
        /Trabajos Verticales/,
      ]);
      await options.filter({ hasText: 'Sistema de Transportes' }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expectCurrentSystem(page, 'transportes');
      expect(await accentOfBody(page)).toBe('#342A81');
      await expect(navbar(page).getByRole('img', { name: 'Sistema de Transportes' })).toBeVisible();

      await navbar(page).getByRole('button', { name: 'Cambiar de sistema: Transportes' }).click();
      await options.filter({ hasText: 'Trabajos Verticales' }).click();

      // The verticales dashboard forwards to its only screen.
      await expect(page).toHaveURL(/\/obras$/);
      await expectCurrentSystem(page, 'verticales');
      expect(await accentOfBody(page)).toBe('#E40071');
    });
  });

  test.describe(() => {
    // Signing out ends the provider's session: never the one the saved states share.
    test.use({ storageState: SIGNED_OUT });

    test('"Cerrar Sesión" del menú de usuario vuelve a la selección y pide credenciales otra vez', async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.operaciones);
      await expect(page).toHaveURL(/\/dashboard$/);

      await navbar(page).getByRole('button', { name: 'Menú de usuario de Olga' }).click();
      await navbar(page).getByRole('button', { name: 'Cerrar Sesión' }).click();

      await expect(page.getByRole('heading', { name: 'Selecciona la empresa' })).toBeVisible();
      await expect(navbar(page)).toHaveCount(0);
      await systemButton(page, 'transportes').click();
      await expect(loginForm(page).email).toBeVisible();
    });
  });
});
