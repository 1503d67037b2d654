import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { cachedAccessToken, expectCurrentSystem, forgetCurrentSystem } from '../support/app.js';
import { SIGNED_OUT } from '../support/auth-state.js';
import { signIn, systemButton, type SystemKey } from '../support/login.js';

const expectOptions = async (page: Page, enabled: SystemKey[], disabled: SystemKey[]) => {
  for (const system of enabled) {
    await expect(systemButton(page, system)).toBeEnabled();
    await expect(systemButton(page, system)).not.toContainText('Sin acceso');
  }
  for (const system of disabled) {
    await expect(systemButton(page, system)).toBeDisabled();
    await expect(systemButton(page, system)).toContainText('Sin acceso');
  }
};

// Signs in (or out) by itself: a saved sign-in would skip what this spec tests.
test.use({ storageState: SIGNED_OUT });

test.describe('selección de sistema según los roles', () => {
  test('operaciones@ elige un sistema sin acceso: ve sus dos sistemas y Verticales deshabilitado', async ({
    page,
    request,
  }) => {
    await signIn(page, ACCOUNTS.operaciones, { system: 'verticales' });

    await expect(page).toHaveURL(/\/select-system/);
    await expect(page.getByRole('heading', { name: 'Selecciona tu sistema' })).toBeVisible();
    await expect(page.getByText('Tienes acceso a 2 sistemas')).toBeVisible();
    await expectOptions(page, ['alquileres', 'transportes'], ['verticales']);

    // The API reads the roles from the verified access token: they agree with the screen.
    const token = await cachedAccessToken(page);
    const me = await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { roles: string[] }).roles.sort()).toEqual([
      'alquileres',
      'operaciones',
      'transportes',
    ]);

    await systemButton(page, 'transportes').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectCurrentSystem(page, 'transportes');
  });

  test('el administrador ve los tres sistemas habilitados', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, { system: 'verticales' });
    await expect(page).toHaveURL(/\/obras$/);
    await expectCurrentSystem(page, 'verticales');

    await forgetCurrentSystem(page);
    await page.goto('/select-system');

    await expect(page.getByRole('heading', { name: 'Selecciona tu sistema' })).toBeVisible();
    await expect(page.getByText('Tienes acceso a 3 sistemas')).toBeVisible();
    await expectOptions(page, ['alquileres', 'transportes', 'verticales'], []);
  });

  test('empleado@ (un solo sistema) entra en Alquileres aunque elija otro, y la selección lo elige sola', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.empleado, { system: 'transportes' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectCurrentSystem(page, 'alquileres');

    await forgetCurrentSystem(page);
    await page.goto('/select-system');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectCurrentSystem(page, 'alquileres');
  });

  test('maquinaria@ (rol heredado) entra en Transportes', async ({ page }) => {
    await signIn(page, ACCOUNTS.maquinaria, { system: 'alquileres' });

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectCurrentSystem(page, 'transportes');
  });

  test('sinroles@ acaba en "Acceso no autorizado" y la selección explica que no tiene roles', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.sinroles);
    await expect(page).toHaveURL(/\/unauthorized/);
    await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();

    await page.goto('/select-system');

    await expect(
      page.getByText('Tu usuario no tiene roles asignados. Contacta al administrador.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();

    // Not stuck there: the screen lets the user sign out.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('heading', { name: 'Selecciona la empresa' })).toBeVisible();
  });
});

test.describe('la selección no se mueve mientras carga (issue 13)', () => {
  test('el logotipo del grupo tiene su sitio antes de llegar: el panel no se desplaza', async ({
    page,
  }) => {
    // The logo is held back until the page has been measured without it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/logo_grupo.png', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/select-system');
    await expect(page.getByRole('heading', { name: 'Selecciona la empresa' })).toBeVisible();
    const panel = page.locator('.select-system__panel');
    const logo = page.getByRole('img', { name: 'Grupo TVSistema' });
    const before = await panel.boundingBox();
    expect((await logo.boundingBox())?.height).toBe(64);

    release();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(824);
    expect(await panel.boundingBox()).toEqual(before);
    expect((await logo.boundingBox())?.height).toBe(64);
  });
});
