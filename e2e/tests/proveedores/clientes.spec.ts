import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { uniqueLetters, uniqueNif } from '../support/crm.js';
import { signIn } from '../support/login.js';

test.describe('clientes', () => {
  test('alta con contacto, búsqueda, edición, documento repetido y CSV', async ({ page }) => {
    const tag = uniqueLetters();
    const nombre = `Construcciones Peñíscola ${tag}`;
    const renombrado = `Construcciones Peñíscola Ñ ${tag}`;
    const documento = uniqueNif();

    await signIn(page, ACCOUNTS.admin);
    await page.goto('/clientes/nuevo');
    await page.getByLabel('Nombre/Razón social').fill(nombre);
    await page.getByLabel('Documento', { exact: true }).fill(documento);
    const contacto = page.getByRole('group', { name: 'Contacto 1' });
    await contacto.getByLabel('Nombre', { exact: true }).fill('Begoña Ruiz');
    await contacto.getByLabel('Teléfono', { exact: true }).fill('611223344');
    await page.getByRole('button', { name: 'Crear Cliente' }).click();
    await expect(page.getByText('Guardado. Redirigiendo…')).toBeVisible();
    await expect(page).toHaveURL(/\/clientes$/);
    await expect(page.getByText('Cliente creado')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(documento);
    await page.getByRole('button', { name: 'Vista de lista' }).click();
    await expect(page.getByRole('button', { name: /^Ver detalles de / })).toHaveCount(1);
    await page.getByRole('button', { name: `Ver detalles de ${nombre}` }).click();
    const detalle = page.getByRole('dialog', { name: 'Detalles del Cliente' });
    await expect(detalle.getByRole('heading', { name: nombre })).toBeVisible();
    await expect(detalle.getByText('Begoña Ruiz')).toBeVisible();
    await detalle.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(detalle).toHaveCount(0);

    await page
      .getByRole('link', { name: `Editar ${nombre}` })
      .or(page.getByRole('button', { name: `Editar ${nombre}` }))
      .click();
    await expect(page).toHaveURL(/\/clientes\/[^/]+\/editar$/);
    await expect(page.getByLabel('Nombre/Razón social')).toHaveValue(nombre);
    await page.getByLabel('Nombre/Razón social').fill(renombrado);
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page).toHaveURL(/\/clientes$/);
    await expect(page.getByText('Cliente actualizado')).toBeVisible();

    await page.goto('/clientes/nuevo');
    await page.getByLabel('Nombre/Razón social').fill(`Otro ${tag}`);
    await page.getByLabel('Documento', { exact: true }).fill(documento);
    await page.getByLabel('Documento', { exact: true }).blur();
    await expect(
      page.getByText('Ya existe un cliente con este documento en esta empresa'),
    ).toBeVisible();

    await page.goto('/clientes');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^clientes-alquileres-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(renombrado);
  });
});
