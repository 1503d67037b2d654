import type { Browser, Page } from '@playwright/test';
import { CURRENT_SYSTEM_KEY } from '../support/app.js';
import { authFile } from '../support/auth-state.js';
import { uniqueLetters, uniqueNif } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// Issue 11: two people edit the same supplier. The second save is refused with the conflict
// message and "Recargar" brings the first one's data; nothing is silently overwritten.

const STALE = 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.';

test.use({ storageState: authFile('admin'), system: 'alquileres' });

/** A second person: another browser context (own tab and session storage), same account. */
const secondEditor = async (browser: Browser, baseURL: string): Promise<Page> => {
  const context = await browser.newContext({ storageState: authFile('admin'), baseURL });
  await context.addInitScript(
    ({ key }) => {
      if (window.sessionStorage.getItem(key) === null) {
        window.sessionStorage.setItem(key, 'alquileres');
      }
    },
    { key: CURRENT_SYSTEM_KEY },
  );
  return context.newPage();
};

test('dos personas editan el mismo proveedor: la segunda ve el conflicto y recarga los datos de la primera; el historial lo cuenta', async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  const nombre = `Suministros Conflicto ${uniqueLetters()}`;
  const created = await api.post('/api/proveedores', {
    nombre,
    documento: uniqueNif(),
    empresa: 'alquileres',
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = ((await created.json()) as { data: { _id: string } }).data;

  const other = await secondEditor(browser, baseURL ?? '');
  try {
    await page.goto(`/proveedores/${id}/edit`);
    await other.goto(`/proveedores/${id}/edit`);
    const nameOf = (tab: Page) => tab.getByLabel('Nombre/Razón social');
    await expect(nameOf(page)).toHaveValue(nombre);
    await expect(nameOf(other)).toHaveValue(nombre);

    await nameOf(page).fill(`${nombre} (primera)`);
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page.getByText('Proveedor actualizado')).toBeVisible();

    await nameOf(other).fill(`${nombre} (segunda)`);
    await other.getByRole('button', { name: 'Guardar Cambios' }).click();
    const alert = other.getByRole('alert');
    await expect(alert).toContainText(STALE);
    await alert.getByRole('button', { name: 'Recargar' }).click();
    await expect(nameOf(other)).toHaveValue(`${nombre} (primera)`);
    await expect(other.getByRole('alert')).toHaveCount(0);

    // The stored record is the first person's.
    const stored = await api.get(`/api/proveedores/${id}`);
    expect(((await stored.json()) as { data: { nombre: string } }).data.nombre).toBe(
      `${nombre} (primera)`,
    );

    // Its detail tells who changed what: the creation and the first person's rename.
    await page.goto('/proveedores');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(`${nombre} (primera)`);
    await expect(page.getByText('Mostrando 1–1 de 1 proveedores')).toBeVisible();
    await page.getByRole('button', { name: `Ver detalles de ${nombre} (primera)` }).click();
    const detalle = page.getByRole('dialog', { name: 'Detalles del Proveedor' });
    await detalle.getByRole('tab', { name: 'Historial' }).click();
    const historial = detalle.getByRole('list', { name: 'Historial de cambios' });
    await expect(historial.getByRole('listitem')).toHaveCount(2);
    await expect(historial.getByRole('listitem').first()).toContainText('Modificación');
    await expect(historial.getByRole('listitem').first()).toContainText(
      `Nombre/Razón social${nombre}`,
    );
    await expect(historial.getByRole('listitem').first()).toContainText(`${nombre} (primera)`);
    await expect(historial.getByRole('listitem').last()).toContainText('Creación');
  } finally {
    await other.context().close();
  }
});
