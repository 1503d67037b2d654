import { authFile } from '../support/auth-state.js';
import { uniqueLetters, uniqueNif } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';
import { prepararDatos } from './finanzas-datos.js';

// finanzas.md §5 and §9 (scenarios 11 and 17) through the screens: notas de abono of an issued
// invoice (the whole invoice, and a partial one por diferencias), and a compra with its PDF, then
// paid.

/** A one-page PDF small enough to write inline (the upload checks the type, not the content). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('notas de abono y compras como administración', () => {
  test.use({ storageState: authFile('admin'), system: 'alquileres' });

  test('nota de abono de una factura emitida: «Abonar factura completa», emitida y en /notas', async ({
    page,
    api,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const cliente = await prepararDatos(api, request, baseURL ?? '');
    const creada = await api.post('/api/facturas', {
      empresa: 'alquileres',
      clienteId: cliente.id,
      lineas: [{ descripcion: 'Limpieza de plataforma', cantidad: '1', precioUnitario: '100' }],
    });
    expect(creada.status(), await creada.text()).toBe(201);
    const borrador = ((await creada.json()) as { data: { _id: string; version: number } }).data;
    const emitida = await api.post(`/api/facturas/${borrador._id}/emitir`, {
      version: borrador.version,
    });
    expect(emitida.status(), await emitida.text()).toBe(200);
    const factura = ((await emitida.json()) as { data: { numero: string } }).data;

    await page.goto(`/facturas/${borrador._id}`);
    await expect(page.getByRole('heading', { name: `Factura ${factura.numero}` })).toBeVisible();
    await page.getByRole('link', { name: 'Nota de abono' }).click();
    await expect(page.getByRole('heading', { name: 'Nueva nota de abono' })).toBeVisible();
    await expect(page.getByText('Pendiente de abonar')).toBeVisible();
    await page.getByRole('button', { name: 'Abonar factura completa' }).click();
    await expect(page.getByLabel('Cantidad de la línea 1')).toHaveValue(/^-1/);
    await page.getByLabel('Motivo').fill('Servicio no prestado');
    await expect(page.getByText('-121,00 €')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar y emitir' }).click();
    await page
      .getByRole('dialog', { name: 'Emitir nota de abono' })
      .getByRole('button', { name: 'Emitir', exact: true })
      .click();
    const titulo = page.getByRole('heading', { name: /^Nota de abono R\d{4}-\d{5}$/ });
    await expect(titulo).toBeVisible({ timeout: 10_000 });
    const numero = ((await titulo.textContent()) ?? '').replace('Nota de abono ', '');
    await expect(page.getByRole('link', { name: factura.numero })).toBeVisible();

    await page.goto('/notas');
    await expect(page.getByRole('heading', { name: 'Notas de abono - Alquileres' })).toBeVisible();
    await expect(page.getByRole('link', { name: numero }).first()).toBeVisible();
  });

  test('nota de abono parcial (por diferencias): la factura queda «Rectificada parcialmente» con su pendiente reducido', async ({
    page,
    api,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const cliente = await prepararDatos(api, request, baseURL ?? '');
    const creada = await api.post('/api/facturas', {
      empresa: 'alquileres',
      clienteId: cliente.id,
      lineas: [{ descripcion: 'Alquiler de generador', cantidad: '1', precioUnitario: '100' }],
    });
    expect(creada.status(), await creada.text()).toBe(201);
    const borrador = ((await creada.json()) as { data: { _id: string; version: number } }).data;
    const emitida = await api.post(`/api/facturas/${borrador._id}/emitir`, {
      version: borrador.version,
    });
    expect(emitida.status(), await emitida.text()).toBe(200);
    const factura = ((await emitida.json()) as { data: { numero: string } }).data;

    await page.goto(`/facturas/${borrador._id}`);
    await page.getByRole('link', { name: 'Nota de abono' }).click();
    await expect(page.getByRole('heading', { name: 'Nueva nota de abono' })).toBeVisible();
    await expect(page.getByLabel('Método')).toHaveValue('I');
    await page.getByLabel('Motivo').fill('Descuento por retraso en la entrega');
    await page.getByLabel('Descripción de la línea 1').fill('Descuento por retraso');
    await page.getByLabel('Cantidad de la línea 1').fill('-1');
    await page.getByLabel('Precio de la línea 1').fill('20');
    await expect(page.getByText('-24,20 €').first()).toBeVisible();
    await page.getByRole('button', { name: 'Guardar y emitir' }).click();
    await page
      .getByRole('dialog', { name: 'Emitir nota de abono' })
      .getByRole('button', { name: 'Emitir', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: /^Nota de abono R\d{4}-\d{5}$/ })).toBeVisible({
      timeout: 10_000,
    });
    await page.getByRole('link', { name: factura.numero }).click();
    await expect(page.getByRole('heading', { name: `Factura ${factura.numero}` })).toBeVisible();
    await expect(page.getByText('Rectificada parcialmente')).toBeVisible();
    // 121,00 − 24,20 still to be collected.
    const resumen = page.getByRole('tabpanel', { name: 'Resumen' });
    await expect(
      resumen.getByText('Pendiente', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('96,80 €');
  });

  test('compra con el PDF de la factura: en la lista, su detalle con «Descargar PDF de la factura» y el pago que la deja pagada', async ({
    page,
    api,
  }) => {
    test.setTimeout(60_000);
    const proveedor = `Suministros ${uniqueLetters().slice(-8)}`;
    const documento = uniqueNif();
    const alta = await api.post('/api/proveedores', {
      nombre: proveedor,
      documento,
      empresa: 'alquileres',
    });
    expect(alta.status(), await alta.text()).toBe(201);
    const numeroProveedor = `FP-${uniqueLetters().slice(-6)}`;

    await page.goto('/compras');
    await expect(page.getByRole('heading', { name: 'Compras - Alquileres' })).toBeVisible();
    // The header's (the empty list's own appears only on an empty database).
    await page.getByRole('link', { name: 'Nueva compra' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nueva compra' })).toBeVisible();
    await page.getByLabel('Proveedor', { exact: true }).fill(documento);
    await page.getByRole('option', { name: `${proveedor} (${documento})` }).click();
    await page.getByLabel('Nº de factura del proveedor').fill(numeroProveedor);
    await page.getByLabel('Descripción de la línea 1').fill('Reparación de grupo electrógeno');
    await page.getByLabel('Base de la línea 1').fill('300');
    await page.getByLabel('Retención IRPF').selectOption('15');
    await expect(page.getByText('318,00 €')).toBeVisible();
    await page
      .getByLabel('Arrastra aquí el PDF de la factura o haz clic para seleccionarlo')
      .setInputFiles({ name: 'factura-proveedor.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText(/factura-proveedor\.pdf/)).toBeVisible();
    await page.getByRole('button', { name: 'Registrar compra' }).click();
    const titulo = page.getByRole('heading', { name: /^Compra C\d{4}-\d{5}$/ });
    await expect(titulo).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Descargar PDF de la factura' })).toBeVisible();
    const registro = ((await titulo.textContent()) ?? '').replace('Compra ', '');

    // The list narrows to the supplier chosen in its typeahead and the day of reception.
    await page.goto('/compras?view=list');
    await page.getByLabel('Proveedor', { exact: true }).fill(documento);
    await page.getByRole('option', { name: `${proveedor} (${documento})` }).click();
    await expect(page).toHaveURL(/proveedor=[0-9a-f-]{36}/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByLabel('Hasta').fill('2000-01-01');
    await expect(
      page.getByText('Ninguna compra coincide con la búsqueda o los filtros.'),
    ).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: registro, exact: true }).click();
    await expect(titulo).toBeVisible();
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const pago = page.getByRole('dialog', { name: 'Registrar pago' });
    await expect(pago.getByLabel('Importe')).toHaveValue('318.00');
    await pago.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(page.getByText('Pago registrado')).toBeVisible();
    await expect(page.getByText('Pagada', { exact: true })).toBeVisible();

    // A pago can be taken back: "Eliminar pago" asks first and leaves the compra pendiente. On a
    // phone (issue 14) the pagos are stacked rows: the button is on screen, not past its right edge.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Pagos' }).click();
    const borrar = await page
      .getByRole('button', { name: /^Eliminar el pago de 318,00 €/ })
      .boundingBox();
    expect(borrar && borrar.x + borrar.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: /^Eliminar el pago de 318,00 €/ }).click();
    const eliminar = page.getByRole('dialog', { name: 'Eliminar pago' });
    await eliminar.getByRole('button', { name: 'Eliminar pago' }).click();
    await expect(page.getByText('Pago eliminado')).toBeVisible();
    await expect(page.getByText('Sin pagos registrados.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Registrar pago' })).toBeVisible();
  });

  test('a 390 px screen: the nota and compra forms scroll their lines, not the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const url of ['/notas/nueva', '/compras/nueva']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    }
  });
});
