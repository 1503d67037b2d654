import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import {
  apiAs,
  createLocation,
  lookup,
  palmaCiudadId,
  uniqueLetters,
  uniqueNif,
} from '../support/crm.js';
import { signIn } from '../support/login.js';

test.describe('proveedores', () => {
  test('alta con dos contactos y dirección completa, búsqueda, detalle, edición, documento repetido y CSV', async ({
    page,
    request,
  }) => {
    const tag = uniqueLetters();
    const nombre = `Ñandú Suministros Ibéricos ${tag}`;
    const renombrado = `Ñandú Suministros Españoles ${tag}`;
    const documento = uniqueNif();
    const calle = `CALLE DEL PROVEEDOR ${tag}`;
    const codigoPostal = `07${tag.slice(-3)}`;

    await signIn(page, ACCOUNTS.admin);
    const api = await apiAs(page, request);
    const ciudadId = await palmaCiudadId(api);
    await createLocation(api, 'calles', { nombre: calle, ciudadId });
    await createLocation(api, 'codigos-postales', { valor: codigoPostal, ciudadId });

    await page.goto('/proveedores/new');
    await expect(lookup(page, 'Ciudad')).toHaveValue('PALMA');
    await page.getByLabel('Nombre/Razón social').fill(nombre);
    await page.getByLabel('Documento', { exact: true }).fill(documento);

    const contacto1 = page.getByRole('group', { name: 'Contacto 1' });
    await contacto1.getByLabel('Nombre', { exact: true }).fill('Íñigo Peña');
    await contacto1.getByLabel('Teléfono', { exact: true }).fill('612345678');
    await contacto1.getByLabel('Correo', { exact: true }).fill('inigo@example.com');
    await page.getByRole('button', { name: 'Añadir contacto' }).click();
    const contacto2 = page.getByRole('group', { name: 'Contacto 2' });
    await contacto2.getByLabel('Nombre', { exact: true }).fill('María José Gómez');
    await contacto2.getByLabel('Teléfono', { exact: true }).fill('698765432');

    await lookup(page, 'Calle').fill(calle.toLowerCase());
    await page.getByRole('option', { name: calle, exact: true }).click();
    await expect(lookup(page, 'Calle')).toHaveValue(calle);
    await page.getByLabel('Número', { exact: true }).fill('12');
    await lookup(page, 'Código postal').fill(codigoPostal);
    await page.getByRole('option', { name: codigoPostal, exact: true }).click();
    await expect(lookup(page, 'Código postal')).toHaveValue(codigoPostal);

    await page.getByRole('button', { name: 'Crear Proveedor' }).click();
    await expect(page.getByText('Guardado. Redirigiendo…')).toBeVisible();
    await expect(page).toHaveURL(/\/proveedores$/);
    await expect(page.getByText('Proveedor creado')).toBeVisible();

    // Found by part of its name, whatever the accents.
    await page
      .getByRole('searchbox', { name: 'Buscar' })
      .fill(`nandu suministros ibericos ${tag}`.toLowerCase());
    await page.getByRole('button', { name: 'Vista de lista' }).click();
    await expect(page.getByRole('button', { name: /^Ver detalles de / })).toHaveCount(1);
    await page.getByRole('button', { name: `Ver detalles de ${nombre}` }).click();

    const detalle = page.getByRole('dialog', { name: 'Detalles del Proveedor' });
    await expect(detalle.getByText(nombre)).toBeVisible();
    await expect(detalle.getByText(documento)).toBeVisible();
    await expect(detalle.getByText('Íñigo Peña')).toBeVisible();
    await expect(detalle.getByText('María José Gómez')).toBeVisible();
    await expect(detalle.getByText(new RegExp(calle))).toBeVisible();
    await detalle.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(detalle).toHaveCount(0);

    await page
      .getByRole('link', { name: `Editar ${nombre}` })
      .or(page.getByRole('button', { name: `Editar ${nombre}` }))
      .click();
    await expect(page).toHaveURL(/\/proveedores\/[^/]+\/edit$/);
    await expect(page.getByLabel('Nombre/Razón social')).toHaveValue(nombre);
    await page.getByLabel('Nombre/Razón social').fill(renombrado);
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page).toHaveURL(/\/proveedores$/);
    await expect(page.getByText('Proveedor actualizado')).toBeVisible();

    // The same documento in the same empresa is refused as soon as the field is left.
    await page.goto('/proveedores/new');
    await expect(lookup(page, 'Ciudad')).toHaveValue('PALMA');
    await page.getByLabel('Nombre/Razón social').fill(`Otro ${tag}`);
    await page.getByLabel('Documento', { exact: true }).fill(documento);
    await page.getByLabel('Documento', { exact: true }).blur();
    await expect(
      page.getByText('Ya existe un proveedor con este documento en esta empresa'),
    ).toBeVisible();

    await page.goto('/proveedores');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^proveedores-alquileres-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(renombrado);
    expect(csv).toContain(documento);
  });
});
