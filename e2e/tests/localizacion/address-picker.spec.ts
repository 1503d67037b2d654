import { authFile } from '../support/auth-state.js';
import { lookup, uniqueLetters } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

test.use({ storageState: authFile('admin'), system: 'alquileres' });

test.describe('selector de dirección', () => {
  test('crea una calle nueva bajo Palma desde "Crear nuevo: …" y queda seleccionada', async ({
    page,
  }) => {
    const calle = `CALLE PRUEBA ${uniqueLetters()}`;
    await page.goto('/proveedores/new');

    // SPEC 4.6: a new supplier starts in España › Illes Balears › Palma.
    await expect(lookup(page, 'País')).toHaveValue('ESPAÑA');
    await expect(lookup(page, 'Provincia')).toHaveValue('ILLES BALEARS');
    await expect(lookup(page, 'Municipio')).toHaveValue('PALMA');
    await expect(lookup(page, 'Ciudad')).toHaveValue('PALMA');

    await lookup(page, 'Calle').fill(calle.toLowerCase());
    await page.getByRole('option', { name: `Crear nuevo: ${calle.toLowerCase()}` }).click();

    const modal = page.getByRole('dialog', { name: 'Nueva calle' });
    await expect(modal.getByLabel('Nombre', { exact: true })).toHaveValue(calle.toLowerCase());
    await modal.getByRole('button', { name: 'Crear', exact: true }).click();

    await expect(modal.getByText(`Calle "${calle}" creado exitosamente`)).toBeVisible();
    await expect(modal).toHaveCount(0);
    await expect(lookup(page, 'Calle')).toHaveValue(calle);
  });
});
