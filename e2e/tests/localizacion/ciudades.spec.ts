import type { Page } from '@playwright/test';
import { authFile } from '../support/auth-state.js';
import { createLocation, uniqueLetters, uniqueNif, type Api } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

type Provincia = { _id: string; nombre: string; paisId: string };

/** ILLES BALEARS, under which the test municipalities are created. */
const illesBalears = async (api: Api) => {
  const response = await api.get('/api/localizacion/provincias?nombre=ILLES%20BALEARS');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: Provincia[] };
  const provincia = data.find((record) => record.nombre === 'ILLES BALEARS');
  expect(provincia).toBeDefined();
  return provincia as Provincia;
};

const illesBalearsId = async (api: Api) => (await illesBalears(api))._id;

/** From /localizacion/ciudades down to the municipalities of ILLES BALEARS, filtered by name. */
const openMunicipio = async (page: Page, nombre: string) => {
  await page.goto('/localizacion/ciudades');
  await page.getByRole('link', { name: 'ESPAÑA', exact: true }).click();
  await page.getByRole('link', { name: 'ILLES BALEARS', exact: true }).click();
  const panel = page.getByRole('region', { name: /^Municipios/i });
  await panel.getByPlaceholder('Parte del nombre').fill(nombre);
  await expect(panel.getByRole('row')).toHaveCount(2);
  return panel;
};

test.use({ storageState: authFile('admin'), system: 'alquileres' });

test.describe('pantalla de ciudades', () => {
  test('renombra y elimina un municipio', async ({ page, api }) => {
    const nombre = `MUNICIPIO PRUEBA ${uniqueLetters()}`;
    const nuevo = `${nombre} BIS`;
    await createLocation(api, 'municipios', { nombre, provinciaId: await illesBalearsId(api) });

    const panel = await openMunicipio(page, nombre);
    await panel.getByRole('button', { name: `Renombrar ${nombre}`, exact: true }).click();
    const rename = page.getByRole('dialog', { name: `Renombrar municipio «${nombre}»` });
    await rename.getByLabel('Nuevo nombre').fill(nuevo.toLowerCase());
    await rename.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(rename).toHaveCount(0);
    await expect(panel.getByText(`Se ha renombrado «${nombre}» a «${nuevo}».`)).toBeVisible();
    await panel.getByPlaceholder('Parte del nombre').fill(nuevo);
    await expect(panel.getByRole('cell', { name: nuevo, exact: true })).toBeVisible();

    await panel.getByRole('button', { name: `Eliminar ${nuevo}`, exact: true }).click();
    const remove = page.getByRole('dialog', { name: `Eliminar municipio «${nuevo}»` });
    await expect(
      remove.getByText(
        `¿Seguro que quieres eliminar «${nuevo}»? Esta acción no se puede deshacer.`,
      ),
    ).toBeVisible();
    await remove.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await expect(remove).toHaveCount(0);
    await expect(panel.getByText(`Se ha eliminado «${nuevo}».`)).toBeVisible();
    await expect(panel.getByRole('cell', { name: nuevo, exact: true })).toHaveCount(0);
  });

  test('un municipio con ciudades y en uso no se puede eliminar: dice cuántas y Eliminar queda desactivado', async ({
    page,
    api,
  }) => {
    const nombre = `MUNICIPIO CON HIJOS ${uniqueLetters()}`;
    const { _id: provinciaId, paisId } = await illesBalears(api);
    const municipio = await createLocation(api, 'municipios', { nombre, provinciaId });
    await createLocation(api, 'ciudades', {
      nombre: `${nombre} A`,
      provinciaId,
      municipioId: municipio._id,
    });
    await createLocation(api, 'ciudades', {
      nombre: `${nombre} B`,
      provinciaId,
      municipioId: municipio._id,
    });

    const proveedor = await api.post('/api/proveedores', {
      nombre: `Proveedor de ${nombre}`,
      documento: uniqueNif(),
      empresa: 'alquileres',
      direccion: { paisId, provinciaId, municipioId: municipio._id },
    });
    expect(proveedor.status(), await proveedor.text()).toBe(201);

    const panel = await openMunicipio(page, nombre);
    await panel.getByRole('button', { name: `Eliminar ${nombre}`, exact: true }).click();
    const remove = page.getByRole('dialog', { name: `Eliminar municipio «${nombre}»` });
    await expect(
      remove.getByText(`No se puede eliminar «${nombre}» mientras tenga:`),
    ).toBeVisible();
    await expect(remove.getByRole('listitem')).toHaveText(['2 ciudades', 'Usado en 1 dirección']);
    await expect(remove.getByRole('button', { name: 'Eliminar', exact: true })).toBeDisabled();
    await remove.getByRole('button', { name: 'Cancelar' }).click();
    await expect(remove).toHaveCount(0);
    await expect(panel.getByRole('cell', { name: nombre, exact: true })).toBeVisible();
  });
});
