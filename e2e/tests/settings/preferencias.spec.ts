import type { Page } from '@playwright/test';
import { expectCurrentSystem } from '../support/app.js';
import { authFile } from '../support/auth-state.js';
import { uniqueLetters, type Api } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';
import { systemButton } from '../support/login.js';

// Issue 14: the personal preferences of /settings, stored per user on the server (decision 0044).
// Olga Operaciones saves a list view, a page size and the compact density; the suppliers list
// opens with them, and so it does after a reload. Her preferences go back to the defaults
// afterwards: other journeys sign in as her.

const DEFAULTS = {
  sistemaPorDefecto: null,
  vistaListas: null,
  tamanoPagina: null,
  densidad: 'normal',
};

const restore = async (api: Api) => {
  const response = await api.put('/api/preferencias', DEFAULTS);
  expect(response.status()).toBe(200);
};

/** The suppliers list as the preferences leave it: a table of 50 rows, compact, URL untouched. */
const expectPreferredList = async (page: Page, nombre: string) => {
  await expect(
    page.getByRole('heading', { name: 'Gestión de Proveedores - Alquileres' }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Elementos por página' })).toHaveValue('50');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('table').getByText(nombre)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vista de lista' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('.app-shell')).toHaveClass(/app-shell--compacta/);
  expect(new URL(page.url()).search).toBe('');
};

test.use({ storageState: authFile('operaciones'), system: 'alquileres' });

test.beforeEach(async ({ api }) => restore(api));
test.afterEach(async ({ api }) => restore(api));

test.describe('sin sistema elegido en la pestaña', () => {
  test.use({ system: null });

  test('el sistema por defecto aparece marcado y con el foco, y Olga sigue eligiendo', async ({
    page,
    api,
  }) => {
    const saved = await api.put('/api/preferencias', {
      ...DEFAULTS,
      sistemaPorDefecto: 'transportes',
    });
    expect(saved.status()).toBe(200);

    await page.goto('/select-system');
    await expect(page.getByText('Tienes acceso a 2 sistemas')).toBeVisible();
    const transportes = systemButton(page, 'transportes');
    await expect(transportes).toContainText('Tu sistema por defecto');
    await expect(transportes).toBeFocused();
    await expect(systemButton(page, 'alquileres')).not.toContainText('Tu sistema por defecto');
    // SPEC 4.3: with two systems nothing is chosen for her; Enter chooses the focused one.
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(/\/select-system$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectCurrentSystem(page, 'transportes');
  });
});

test('guarda vista, tamaño de página y densidad, y las listas las aplican también tras recargar', async ({
  page,
  api,
}) => {
  // A supplier, so the list has rows to show as a table.
  const nombre = `Preferencias Suministros ${uniqueLetters()}`;
  const created = await api.post('/api/proveedores', { nombre, empresa: 'alquileres' });
  expect(created.status()).toBe(201);

  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Preferencias' });
  await expect(form.getByLabel('Sistema por defecto')).toHaveValue('');
  await form.getByLabel('Vista de las listas').selectOption({ label: 'Lista' });
  await form.getByLabel('Tamaño de página').selectOption({ label: '50 por página' });
  await form.getByLabel('Densidad').selectOption({ label: 'Compacta' });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('status')).toHaveText('Preferencias guardadas.');
  // Applied at once, without a reload.
  await expect(page.locator('.app-shell')).toHaveClass(/app-shell--compacta/);

  const list = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/proveedores' &&
      new URL(request.url()).searchParams.get('limit') === '50',
  );
  await page.goto('/proveedores');
  await list;
  await expectPreferredList(page, nombre);

  await page.reload();
  await expectPreferredList(page, nombre);

  // The URL still wins over the preference.
  await page.goto('/proveedores?view=cards&limit=10');
  await expect(page.getByRole('combobox', { name: 'Elementos por página' })).toHaveValue('10');
  await expect(page.getByRole('table')).toHaveCount(0);
});
