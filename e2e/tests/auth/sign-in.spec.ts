import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { SIGNED_OUT } from '../support/auth-state.js';
import {
  loginForm,
  openLoginForm,
  signIn,
  submitLoginForm,
  systemButton,
} from '../support/login.js';

// Signs in (or out) by itself: a saved sign-in would skip what this spec tests.
test.use({ storageState: SIGNED_OUT });

test.describe('inicio de sesión', () => {
  test('sin sesión, la aplicación abre la selección de empresa con los tres sistemas', async ({
    page,
  }) => {
    await page.goto('/');

    await expect(page).toHaveURL(/\/select-system$/);
    await expect(page.getByRole('heading', { name: 'Selecciona la empresa' })).toBeVisible();
    for (const system of ['alquileres', 'transportes', 'verticales'] as const) {
      await expect(systemButton(page, system)).toBeEnabled();
    }
    await expect(page.getByRole('img', { name: 'Alquiler de Maquinaria' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Mallorca Transporta' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Trabajos Verticales' })).toBeVisible();
    await expect(page.getByText('Sin acceso')).toHaveCount(0);
  });

  test('el administrador elige Transportes, inicia sesión y entra en ese sistema', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, { system: 'transportes' });

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('body')).toHaveAttribute('data-system', 'transportes');
    await expect(page.locator('body')).toHaveClass(/theme-transportes/);
  });

  test('recargar la página conserva la sesión y el sistema', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);

    await page.reload();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('body')).toHaveAttribute('data-system', 'alquileres');
    await expect(loginForm(page).email).toHaveCount(0);
  });

  test('una contraseña incorrecta muestra el error y conserva el correo escrito', async ({
    page,
  }) => {
    await openLoginForm(page);

    await submitLoginForm(page, ACCOUNTS.admin.email, 'no-es-la-clave');

    await expect(page.getByText('Correo o contraseña incorrectos')).toBeVisible();
    await expect(loginForm(page).email).toHaveValue(ACCOUNTS.admin.email);
  });
});
