import { readFile } from 'node:fs/promises';
import { authFile } from '../support/auth-state.js';
import { createLocation, lookup, palmaCiudadId, uniqueLetters, uniqueNif } from '../support/crm.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

type Datos = { tag: string; documento: string };

/**
 * Suppliers and clients share their screens (DESIGN decision 1): one journey runs on both, and
 * this table holds all that differs — routes (SPEC 2.11 and 2.12), texts and test data.
 */
const TIPOS = [
  {
    tipo: 'proveedor',
    plural: 'proveedores',
    list: '/proveedores',
    create: '/proveedores/new',
    edit: /\/proveedores\/([^/]+)\/edit$/,
    /** SPEC 2.12 gives suppliers no view route. */
    detail: null,
    /** The document title's screen names, their h1s (issue 14): list, create form. */
    titulos: ['Gestión de Proveedores - Alquileres', 'Nuevo Proveedor'],
    newLink: 'Nuevo Proveedor',
    editTitle: 'Editar Proveedor',
    createButton: 'Crear Proveedor',
    detailTitle: 'Detalles del Proveedor',
    created: 'Proveedor creado',
    updated: 'Proveedor actualizado',
    duplicate: 'Ya existe un proveedor con este documento en esta empresa',
    csvName: /^proveedores-alquileres-\d{4}-\d{2}-\d{2}\.csv$/,
    nombre: (tag: string) => `Ñandú Suministros Ibéricos ${tag}`,
    renombrado: (tag: string) => `Ñandú Suministros Españoles ${tag}`,
    /** Found by part of its name, whatever the accents. */
    busqueda: ({ tag }: Datos) => `nandu suministros ibericos ${tag}`.toLowerCase(),
  },
  {
    tipo: 'cliente',
    plural: 'clientes',
    list: '/clientes',
    create: '/clientes/nuevo',
    edit: /\/clientes\/([^/]+)\/editar$/,
    /** SPEC 2.11: {clienteId} shows the record read-only. */
    detail: (id: string) => `/clientes/${id}`,
    titulos: ['Gestión de Clientes - Alquileres', 'Nuevo Cliente'],
    newLink: 'Nuevo Cliente',
    editTitle: 'Editar Cliente',
    createButton: 'Crear Cliente',
    detailTitle: 'Detalles del Cliente',
    created: 'Cliente creado',
    updated: 'Cliente actualizado',
    duplicate: 'Ya existe un cliente con este documento en esta empresa',
    csvName: /^clientes-alquileres-\d{4}-\d{2}-\d{2}\.csv$/,
    nombre: (tag: string) => `Construcciones Peñíscola ${tag}`,
    renombrado: (tag: string) => `Construcciones Peñíscola Ñ ${tag}`,
    /** Found by its documento. */
    busqueda: ({ documento }: Datos) => documento,
  },
] as const;

test.use({ storageState: authFile('admin'), system: 'alquileres' });

for (const t of TIPOS) {
  test.describe(t.plural, () => {
    test('alta con dos contactos y dirección completa, búsqueda, detalle, edición, CSV y documento repetido', async ({
      page,
      api,
    }, testInfo) => {
      const tag = uniqueLetters();
      const nombre = t.nombre(tag);
      const renombrado = t.renombrado(tag);
      const documento = uniqueNif();
      const calle = `CALLE DEL ${t.tipo.toUpperCase()} ${tag}`;
      const codigoPostal = `07${tag.slice(-3)}`;

      const ciudadId = await palmaCiudadId(api);
      await createLocation(api, 'calles', { nombre: calle, ciudadId });
      await createLocation(api, 'codigos-postales', { valor: codigoPostal, ciudadId });

      await page.goto(t.create);
      await expect(page).toHaveTitle(`${t.titulos[1]} · TVSistema`);
      await expect(lookup(page, 'Ciudad')).toHaveValue('PALMA');
      await page.getByLabel('Nombre/Razón social').fill(nombre);
      await page.getByLabel('Documento', { exact: true }).fill(documento);

      const contacto1 = page.getByRole('group', { name: 'Contacto 1' });
      await contacto1.getByLabel('Nombre', { exact: true }).fill('Íñigo Peña');
      await contacto1.getByLabel('Teléfono', { exact: true }).fill('612345678');
      await contacto1.getByLabel('Correo electrónico', { exact: true }).fill('inigo@example.com');
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

      await page.getByRole('button', { name: t.createButton }).click();
      await expect(page.getByText('Guardado. Redirigiendo…')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${t.list}$`));
      await expect(page.getByText(t.created)).toBeVisible();
      await expect(page).toHaveTitle(`${t.titulos[0]} · TVSistema`);
      // Issue 14: the list with its "… creado" message, a state the axe tour does not reach.
      await expectNoSeriousAxeViolations(page, testInfo, `${t.plural}: alta guardada`);

      await page.getByRole('searchbox', { name: 'Buscar' }).fill(t.busqueda({ tag, documento }));
      await page.getByRole('button', { name: 'Vista de lista' }).click();
      await expect(page.getByRole('button', { name: /^Ver detalles de / })).toHaveCount(1);
      await page.getByRole('button', { name: `Ver detalles de ${nombre}` }).click();

      const detalle = page.getByRole('dialog', { name: t.detailTitle });
      await expect(detalle.getByRole('heading', { name: nombre })).toBeVisible();
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
      await expect(page).toHaveURL(t.edit);
      const id = t.edit.exec(new URL(page.url()).pathname)?.[1] ?? '';
      await expect(page.getByLabel('Nombre/Razón social')).toHaveValue(nombre);
      // The record's name leads the title once it has loaded.
      await expect(page).toHaveTitle(`${nombre} · ${t.editTitle} · TVSistema`);
      await page.getByLabel('Nombre/Razón social').fill(renombrado);
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await expect(page).toHaveURL(new RegExp(`${t.list}$`));
      await expect(page.getByText(t.updated)).toBeVisible();

      const downloadPromise = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar CSV' }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(t.csvName);
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv).toContain(renombrado);
      expect(csv).toContain(documento);

      if (t.detail) {
        await page.goto(t.detail(id));
        await expect(page.getByRole('heading', { name: t.detailTitle })).toBeVisible();
        // A detail view, not a disabled form (issue 14).
        await expect(page.getByRole('heading', { name: renombrado })).toBeVisible();
        await expect(page).toHaveTitle(`${renombrado} · ${t.detailTitle} · TVSistema`);
        await expect(page.getByRole('textbox')).toHaveCount(0);
        await page.getByRole('button', { name: 'Volver' }).click();
        await expect(page).toHaveURL(new RegExp(`${t.list}$`));
      }

      // The same documento in the same empresa is refused as soon as the field is left.
      await page.getByRole('link', { name: t.newLink }).click();
      await expect(page).toHaveURL(new RegExp(`${t.create}$`));
      await expect(lookup(page, 'Ciudad')).toHaveValue('PALMA');
      await page.getByLabel('Nombre/Razón social').fill(`Otro ${tag}`);
      await page.getByLabel('Documento', { exact: true }).fill(documento);
      await page.getByLabel('Documento', { exact: true }).blur();
      await expect(page.getByText(t.duplicate)).toBeVisible();
    });
  });
}
