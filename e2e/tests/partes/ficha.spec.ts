import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { authFile } from '../support/auth-state.js';
import { uniqueLetters, uniqueNif } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// Issue 11: the supplier detail downloads a "Ficha de proveedor" PDF whose text names the
// supplier and its NIF.

test.use({ storageState: authFile('admin'), system: 'alquileres' });

const pdfText = async (path: string) => {
  const document = await getDocument({ data: new Uint8Array(await readFile(path)) }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  await document.destroy();
  return text;
};

test('el detalle de un proveedor descarga su ficha en PDF con su nombre y su NIF, y la sube a sus documentos', async ({
  page,
  api,
}) => {
  const nombre = `Suministros Ficha ${uniqueLetters()}`;
  const documento = uniqueNif();
  const created = await api.post('/api/proveedores', { nombre, documento, empresa: 'alquileres' });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/proveedores');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
  // The search applies after its pause: a card clicked before may belong to the list it replaces.
  await expect(page.getByText('Mostrando 1–1 de 1 proveedores')).toBeVisible();
  await page.getByRole('button', { name: `Ver detalles de ${nombre}` }).click();
  const detalle = page.getByRole('dialog', { name: 'Detalles del Proveedor' });
  const downloading = page.waitForEvent('download');
  await detalle.getByRole('button', { name: 'Ficha de proveedor' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`ficha-proveedor-${documento}.pdf`);
  const text = await pdfText(await download.path());
  expect(text).toContain('Ficha de proveedor');
  expect(text).toContain(nombre);
  expect(text).toContain(documento);

  // Its "Documentos": the sheet just downloaded goes up again as one of its files.
  await detalle.getByLabel(/^Subir documento/).setInputFiles({
    name: 'ficha.pdf',
    mimeType: 'application/pdf',
    buffer: await readFile(await download.path()),
  });
  const documentos = detalle.getByRole('list', { name: 'Documentos del proveedor' });
  await expect(documentos.getByRole('button', { name: 'ficha.pdf', exact: true })).toBeVisible();
  await detalle.getByRole('button', { name: 'Eliminar ficha.pdf' }).click();
  await detalle.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(documentos).toHaveCount(0);
});
