import { authFile } from '../support/auth-state.js';
import { uniqueLetters } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// inventario.md §5.7: the concept templates. One dense journey: create, the detail, Duplicar, and
// a fianza that locks IVA at 0 % no sujeta (R13).

test.describe('conceptos de alquiler', () => {
  test.use({ storageState: authFile('admin'), system: 'alquileres' });

  test('crea una plantilla, la ve, la duplica como fianza (IVA 0 % no sujeta, bloqueado)', async ({
    page,
  }) => {
    const tag = uniqueLetters().slice(-8);
    const codigo = `TR-${tag}`;
    const fianza = `FI-${tag}`;

    await page.goto('/conceptos');
    await expect(page.getByRole('heading', { name: 'Conceptos de Alquiler' })).toBeVisible();
    await page.getByRole('link', { name: 'Nueva plantilla' }).click();
    await expect(page.getByRole('heading', { name: 'Nueva plantilla de concepto' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Código' }).fill(codigo.toLowerCase());
    await page.getByRole('textbox', { name: 'Nombre' }).fill(`Transporte ida ${tag}`);
    await page.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption('transporte');
    await page.getByRole('combobox', { name: 'Unidad' }).selectOption('viaje');
    await page.getByRole('textbox', { name: 'Precio', exact: true }).fill('85,00');
    await expect(
      page.getByText('Ejemplo: 2 viajes × 85,00 € = 170,00 € + IVA 21 % 35,70 € = 205,70 €'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Crear plantilla' }).click();
    await expect(page.getByText('Guardado. Redirigiendo…')).toBeVisible();

    // The saved template's own page (§5), with the flash.
    await expect(page).toHaveURL(/\/conceptos\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Plantilla creada')).toBeVisible();
    await expect(page.getByRole('heading', { name: codigo })).toBeVisible();
    await expect(page.getByText('85,00 €/viaje')).toBeVisible();
    await expect(page.getByText('21 %', { exact: true })).toBeVisible();

    // Duplicar: the form prefilled, the code empty.
    await page.getByRole('link', { name: 'Duplicar' }).click();
    await expect(page).toHaveURL(/\/conceptos\/nueva\?desde=/);
    await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue(
      `Transporte ida ${tag}`,
    );
    await expect(page.getByRole('textbox', { name: 'Código' })).toHaveValue('');

    // A fianza is 0 % no sujeta and the IVA selects are locked (R13).
    await page.getByRole('textbox', { name: 'Código' }).fill(fianza);
    await page.getByRole('textbox', { name: 'Nombre' }).fill(`Fianza ${tag}`);
    await page.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption('fianza');
    const iva = page.getByRole('combobox', { name: 'IVA', exact: true });
    await expect(iva).toHaveValue('0');
    await expect(iva).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Motivo de IVA 0 %' })).toHaveValue(
      'no_sujeta',
    );
    await expect(page.getByText('La fianza no está sujeta a IVA (0 % no sujeta).')).toBeVisible();
    await page.getByRole('combobox', { name: 'Unidad' }).selectOption('unidad');
    await page.getByRole('textbox', { name: 'Precio', exact: true }).fill('300');
    await page.getByRole('button', { name: 'Crear plantilla' }).click();

    await expect(page.getByText('Plantilla creada')).toBeVisible();
    await expect(page.getByRole('heading', { name: fianza })).toBeVisible();
    await expect(page.getByText('0 % no sujeta', { exact: true })).toBeVisible();

    // Both in the list, found by their code.
    await page.getByRole('link', { name: 'Volver' }).click();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
    await expect(page.getByText('Mostrando 1–2 de 2 conceptos')).toBeVisible();
    await expect(page.getByText(`${codigo} · Transporte ida ${tag}`)).toBeVisible();
    await expect(page.getByText(`${fianza} · Fianza ${tag}`)).toBeVisible();
  });
});

test.describe('conceptos sin permiso', () => {
  test.use({ storageState: authFile('empleado'), system: 'alquileres' });

  test('empleado ve "Acceso no autorizado" en /conceptos', async ({ page }) => {
    await page.goto('/conceptos');
    await expect(page).toHaveURL(/\/unauthorized\?returnTo=%2Fconceptos$/);
    await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
  });
});
