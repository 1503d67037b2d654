import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { signIn } from '../support/login.js';

const listTitle = 'Gestión de Proveedores - Transportes';

test.describe('permisos de proveedores', () => {
  test('transportes ve la lista de proveedores pero no puede crear', async ({ page }) => {
    await signIn(page, ACCOUNTS.transportes, { system: 'transportes' });
    await page.goto('/transporte/proveedores');
    await expect(page.getByRole('heading', { name: listTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nuevo Proveedor' })).toHaveCount(0);
  });

  test('operaciones sí puede crear proveedores', async ({ page }) => {
    await signIn(page, ACCOUNTS.operaciones, { system: 'transportes' });
    await page.goto('/transporte/proveedores');
    await expect(page.getByRole('heading', { name: listTitle })).toBeVisible();
    await page.getByRole('link', { name: 'Nuevo Proveedor' }).click();
    await expect(page).toHaveURL(/\/transporte\/proveedores\/new$/);
    await expect(page.getByRole('button', { name: 'Crear Proveedor' })).toBeVisible();
  });
});
