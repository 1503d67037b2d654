import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { SIGNED_OUT } from '../support/auth-state.js';
import { loginForm, signIn, systemButton } from '../support/login.js';

const modal = (page: Page) => page.getByRole('dialog', { name: 'Sesión por expirar' });
const countdown = (page: Page) => modal(page).getByTestId('session-countdown');

const secondsShown = async (page: Page) => Number(await countdown(page).textContent());

// Signs in (or out) by itself: a saved sign-in would skip what this spec tests.
test.use({ storageState: SIGNED_OUT });

test.describe('sesión e inactividad', () => {
  test.beforeEach(async ({ page }) => {
    // Playwright's clock: time runs normally until a test jumps it forward.
    await page.clock.install();
    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The URL changes before the lazy frame (and the session manager in it) has mounted; a jump
    // of the clock before that would start the inactivity count after the jump.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('tras 10 minutos sin actividad avisa con una cuenta atrás que cambia de color', async ({
    page,
  }) => {
    await page.clock.fastForward('09:50');
    await expect(modal(page)).toHaveCount(0);

    await page.clock.fastForward('00:11');
    await expect(modal(page)).toBeVisible();
    expect(await secondsShown(page)).toBeGreaterThan(55);
    await expect(countdown(page)).toHaveClass(/text-success/);

    await page.clock.fastForward('00:35');
    await expect.poll(() => secondsShown(page)).toBeLessThanOrEqual(25);
    await expect(countdown(page)).toHaveClass(/text-warning/);

    await page.clock.fastForward('00:15');
    await expect.poll(() => secondsShown(page)).toBeLessThanOrEqual(10);
    await expect(countdown(page)).toHaveClass(/text-danger/);

    await modal(page).getByRole('button', { name: 'Mantener sesión' }).click();
    await expect(modal(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('"Cerrar sesión" termina la sesión también en el proveedor', async ({ page }) => {
    await page.clock.fastForward('10:01');
    await modal(page).getByRole('button', { name: 'Cerrar sesión' }).click();

    await expect(page.getByRole('heading', { name: 'Selecciona la empresa' })).toBeVisible();
    await expect(page.locator('body')).not.toHaveAttribute('data-system', /.+/);

    // Choosing a system again asks for credentials: the provider's session is gone too.
    await systemButton(page, 'alquileres').click();
    await expect(loginForm(page).email).toBeVisible();
  });

  test('al llegar a cero la cuenta atrás cierra la sesión', async ({ page }) => {
    await page.clock.fastForward('10:01');
    await expect(modal(page)).toBeVisible();

    await page.clock.fastForward('01:01');

    await expect(page.getByRole('heading', { name: 'Selecciona la empresa' })).toBeVisible();
  });
});
