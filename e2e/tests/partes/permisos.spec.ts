import { authFile } from '../support/auth-state.js';
import { expect, test } from '../support/fixtures.js';

const listTitle = 'Gestión de Proveedores - Transportes';

test.describe('permisos de proveedores', () => {
  test.use({ system: 'transportes' });

  test.describe(() => {
    test.use({ storageState: authFile('transportes') });

    test('transportes ve la lista de proveedores pero no puede crear', async ({ page }) => {
      await page.goto('/transporte/proveedores');
      await expect(page.getByRole('heading', { name: listTitle })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Nuevo Proveedor' })).toHaveCount(0);
    });
  });

  test.describe(() => {
    test.use({ storageState: authFile('operaciones') });

    test('operaciones sí puede crear proveedores', async ({ page }) => {
      await page.goto('/transporte/proveedores');
      await expect(page.getByRole('heading', { name: listTitle })).toBeVisible();
      await page.getByRole('link', { name: 'Nuevo Proveedor' }).click();
      await expect(page).toHaveURL(/\/transporte\/proveedores\/new$/);
      await expect(page.getByRole('button', { name: 'Crear Proveedor' })).toBeVisible();
    });
  });
});
