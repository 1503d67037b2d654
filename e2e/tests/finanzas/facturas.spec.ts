import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { authFile } from '../support/auth-state.js';
import { uniqueLetters, type Api } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';
import { axeFindings, expectNoSeriousAxeViolations } from '../support/axe.js';
import {
  alquilerEntregado,
  mesAnterior,
  prepararDatos,
  prepararTransporte,
} from './finanzas-datos.js';

// finanzas.md §5 and §9: issue an invoice, download its PDF and read its QR text and legend, its
// VERI*FACTU tab, a cobro recorded and deleted; the rental run of a month into drafts issued
// together; the libro registro's CSV; the transportes user's reach (scenario 20: two albaranes
// invoiced from "Nueva factura de transporte" and issued, its denials).

/** axe on what is shown now (a modal, a tab) at desktop and phone widths; no sideways scroll at 390 px. */
const axeEnAmbosTamanos = async (page: Page, testInfo: TestInfo, label: string) => {
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoSeriousAxeViolations(page, testInfo, `${label} (${width} px)`);
    if (width === 390)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
  }
  await page.setViewportSize({ width: 1366, height: 768 });
};

/** An issued invoice of 100,00 € + 21 % for `clienteId`, through the API. */
const facturaEmitida = async (api: Api, clienteId: string) => {
  const creada = await api.post('/api/facturas', {
    empresa: 'alquileres',
    clienteId,
    lineas: [{ descripcion: 'Limpieza de plataforma', cantidad: '1', precioUnitario: '100' }],
  });
  expect(creada.status(), await creada.text()).toBe(201);
  const borrador = ((await creada.json()) as { data: { _id: string; version: number } }).data;
  const emitida = await api.post(`/api/facturas/${borrador._id}/emitir`, {
    version: borrador.version,
  });
  expect(emitida.status(), await emitida.text()).toBe(200);
  return ((await emitida.json()) as { data: { _id: string; numero: string } }).data;
};

const pdfText = async (path: string) => {
  const document = await getDocument({ data: new Uint8Array(await readFile(path)) }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
};

test.describe('facturas como administración', () => {
  test.use({ storageState: authFile('admin'), system: 'alquileres' });

  test('factura emitida: número, PDF con "QR tributario:" y "VERI*FACTU", su pestaña VERI*FACTU, cobro registrado y eliminado', async ({
    page,
    api,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const cliente = await prepararDatos(api, request, baseURL ?? '');
    await page.goto('/facturas');
    await expect(page.getByRole('heading', { name: 'Facturas - Alquileres' })).toBeVisible();
    // The header's button (an empty list offers the same one inside it).
    await page.getByRole('button', { name: 'Facturar alquileres' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Facturar alquileres' });
    await expect(modal.getByLabel('Facturar hasta')).toBeVisible();
    await modal.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('link', { name: 'Nueva factura' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nueva factura' })).toBeVisible();
    await page.getByLabel('Cliente', { exact: true }).fill(cliente.documento);
    await page.getByRole('option', { name: `${cliente.nombre} (${cliente.documento})` }).click();
    const concepto = `Alquiler de andamio ${uniqueLetters().slice(-6)}`;
    await page.getByLabel('Descripción de la línea 1').fill(concepto);
    await page.getByLabel('Cantidad de la línea 1').fill('2');
    await page.getByLabel('Precio de la línea 1').fill('1.25');
    // Total factura (and Total a pagar, without retención).
    await expect(page.getByText('3,03 €').first()).toBeVisible();
    await page.getByRole('button', { name: 'Guardar y emitir' }).click();
    await page
      .getByRole('dialog', { name: 'Emitir factura' })
      .getByRole('button', { name: 'Emitir', exact: true })
      .click();
    const titulo = page.getByRole('heading', { name: /^Factura F\d{4}-\d{5}$/ });
    await expect(titulo).toBeVisible({ timeout: 15_000 });
    const numero = ((await titulo.textContent()) ?? '').replace('Factura ', '');
    await expect(page).toHaveTitle(`Factura ${numero} · TVSistema`);

    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const pdf = await descarga;
    expect(pdf.suggestedFilename()).toBe(`${numero}.pdf`);
    const texto = await pdfText((await pdf.path()) ?? '');
    expect(texto).toContain('QR tributario:');
    expect(texto).toContain('VERI*FACTU');
    expect(texto).toContain(numero);
    expect(texto.replace(/\s+/g, '')).toContain(`numserie=${numero}`);

    await page.getByRole('button', { name: 'Registrar cobro' }).click();
    const cobro = page.getByRole('dialog', { name: 'Registrar cobro' });
    await expect(cobro.getByLabel('Importe')).toHaveValue('3.03');
    await cobro.getByRole('button', { name: 'Registrar cobro' }).click();
    await expect(page.getByText('Cobro registrado')).toBeVisible();
    await expect(page.getByText('Cobrada', { exact: true })).toBeVisible();

    // §5 VERI*FACTU tab: the record, its exact hashed string (collapsed) and the QR.
    await page.getByRole('tab', { name: 'VERI*FACTU' }).click();
    const panel = page.getByRole('tabpanel', { name: 'VERI*FACTU' });
    await expect(
      panel.getByRole('img', { name: `Código QR tributario de ${numero}` }),
    ).toBeVisible();
    await expect(panel.getByText('Aceptado', { exact: true })).toBeVisible();
    await panel.getByText('Cadena de la huella').click();
    await expect(panel.locator('pre')).toContainText(
      `IDEmisorFactura=B07654320&NumSerieFactura=${numero}&`,
    );
    await axeEnAmbosTamanos(page, testInfo, 'pestaña VERI*FACTU');

    // §3 "Eliminar cobro" (facturas.anular): asked first, the invoice is emitida again.
    await page.getByRole('tab', { name: 'Cobros' }).click();
    await page.getByRole('button', { name: /^Eliminar cobro de 3,03 €/ }).click();
    const eliminar = page.getByRole('dialog', { name: 'Eliminar cobro' });
    await expect(eliminar.getByText(/La factura volverá a quedar pendiente/)).toBeVisible();
    await axeEnAmbosTamanos(page, testInfo, 'eliminar cobro (modal)');
    await eliminar.getByRole('button', { name: 'Eliminar cobro' }).click();
    await expect(page.getByText('Cobro eliminado')).toBeVisible();
    await expect(page.getByText('Sin cobros registrados.')).toBeVisible();
    await expect(page.getByText('Emitida', { exact: true })).toBeVisible();
  });

  test('facturar alquileres del mes: borradores creados, filtrados y emitidos juntos con «Emitir seleccionadas»', async ({
    page,
    api,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const cliente = await prepararDatos(api, request, baseURL ?? '');
    const alquiler = await alquilerEntregado(api, cliente);
    await page.goto('/facturas');
    await page.getByRole('button', { name: 'Facturar alquileres' }).click();
    const modal = page.getByRole('dialog', { name: 'Facturar alquileres' });
    await expect(modal.getByLabel('Facturar hasta')).toHaveValue(mesAnterior().ultimo);
    const propia = modal.getByRole('checkbox', { name: `Seleccionar ${alquiler.numero}` });
    await expect(propia).toBeChecked();
    // Other journeys' rentals may be pending in this run's database: only ours is billed.
    for (const casilla of await modal.getByRole('checkbox').all())
      if ((await casilla.getAttribute('aria-label')) !== `Seleccionar ${alquiler.numero}`)
        await casilla.uncheck();
    await expect(modal.getByText(/^1 alquiler seleccionado · Base \d/)).toBeVisible();
    await axeEnAmbosTamanos(page, testInfo, 'facturar alquileres (modal)');
    await modal.getByRole('button', { name: 'Crear borradores' }).click();
    await expect(page.getByText('Se han creado 1 borrador')).toBeVisible();
    await expect(page).toHaveURL(/estado=borrador/);

    // On a phone, with the keyboard: choose the draft, then "Emitir seleccionadas (1)".
    await page.setViewportSize({ width: 390, height: 844 });
    const casilla = page.getByRole('checkbox', {
      name: new RegExp(`^Seleccionar el borrador de ${cliente.nombre}`),
    });
    // The list reads the drafts again after the redirect: the box is pressed once that read has
    // settled (a row replaced under the focus would swallow the key), and again only if the
    // first press landed on a row that was then replaced.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(async () => {
      if (!(await casilla.isChecked())) await casilla.press('Space');
      await expect(casilla).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Emitir seleccionadas (1)' }).focus();
    await page.keyboard.press('Enter');
    const dialogo = page.getByRole('dialog', { name: 'Emitir 1 factura' });
    await expect(
      dialogo.getByText(
        'Una vez emitidas no se pueden modificar ni eliminar; se registrarán en VERI*FACTU.',
      ),
    ).toBeVisible();
    await axeEnAmbosTamanos(page, testInfo, 'emitir seleccionadas (modal)');
    await dialogo.getByRole('button', { name: 'Emitir', exact: true }).click();
    await expect(dialogo.getByText('Emitidas: 1 · Con errores: 0')).toBeVisible({
      timeout: 15_000,
    });
    await expect(dialogo.getByText(/^F\d{4}-\d{5}$/)).toBeVisible();
    await dialogo.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(casilla).toHaveCount(0);
  });

  test('libro registro de facturas expedidas: el CSV descargado de /facturas/informes tiene la factura emitida', async ({
    page,
    api,
    request,
    baseURL,
  }) => {
    const cliente = await prepararDatos(api, request, baseURL ?? '');
    const factura = await facturaEmitida(api, cliente.id);
    const ejercicio = mesAnterior().hoy.slice(0, 4);
    await page.goto('/facturas/informes');
    await page.locator('#libro-expedidas-periodo').selectOption('0A');
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV' }).first().click();
    const csv = await descarga;
    expect(csv.suggestedFilename()).toBe(`${ejercicio}B07654320E.csv`);
    const texto = await readFile((await csv.path()) ?? '', 'utf8');
    expect(texto.startsWith('\uFEFF')).toBe(true);
    const filas = texto
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split(';'));
    expect(filas[0]?.[0]).toBe('Autoliquidación');
    expect(filas[1]?.[0]).toBe('Ejercicio');
    expect(filas[0]).toHaveLength(36);
    const propias = filas.filter((c) => c[11] === factura.numero);
    expect(propias).toHaveLength(1);
    expect(propias[0]?.[18]).toBe('S1');
    expect(propias[0]?.[20]).toBe('121,00');
    expect(propias[0]?.[35]).toBe(factura._id);
  });
});

test.describe('facturas como transportes', () => {
  test.use({ storageState: authFile('transportes'), system: 'transportes' });

  test('escenario 20: ve "Facturas - Transportes"; /notas lo manda al inicio; /facturas/informes no autorizado', async ({
    page,
  }) => {
    await page.goto('/facturas');
    await expect(page.getByRole('heading', { name: 'Facturas - Transportes' })).toBeVisible();
    await page.goto('/notas');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/facturas/informes');
    await expect(page.getByText('Acceso no autorizado')).toBeVisible();
  });

  test('escenario 20: factura dos albaranes desde "Nueva factura de transporte" y la emite (T)', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const cliente = await prepararTransporte(request, baseURL ?? '');
    await page.goto('/facturas');
    await expect(page.getByRole('heading', { name: 'Facturas - Transportes' })).toBeVisible();
    await page.getByRole('link', { name: 'Nueva factura' }).first().click();
    await expect(page).toHaveURL(/\/facturas\/transporte\/nueva$/);
    await expect(page.getByRole('heading', { name: 'Nueva factura de transporte' })).toBeVisible();
    await expect(
      page.getByText('Elige un cliente para ver sus albaranes pendientes de facturar.'),
    ).toBeVisible();
    await page.getByLabel('Cliente', { exact: true }).fill(cliente.documento);
    await page.getByRole('option', { name: `${cliente.nombre} (${cliente.documento})` }).click();
    const tabla = page.getByRole('region', { name: 'Albaranes pendientes' });
    for (const numero of cliente.albaranes)
      await expect(tabla.getByRole('row', { name: new RegExp(numero) })).toContainText(
        /→.*1234 BCD/,
      );
    // The new screen, with its albaranes, at a desktop and a phone size (issue 14).
    for (const size of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      expect(await axeFindings(page, testInfo, `factura de transporte ${size.width}`)).toEqual([]);
      // The albaranes and the lines scroll in their regions, not the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      );
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    for (const numero of cliente.albaranes)
      await tabla.getByRole('checkbox', { name: `Elegir el albarán ${numero}` }).check();
    await page.getByRole('button', { name: 'Añadir seleccionados' }).click();
    await expect(page.getByLabel('Descripción de la línea 1')).toHaveValue(
      new RegExp(
        `^Albarán ${cliente.albaranes[0]} \\(\\d{2}/\\d{2}/\\d{4}\\): .+ → .+, 8\\.000 kg$`,
      ),
    );
    await expect(page.getByLabel('Descripción de la línea 2')).toHaveValue(
      new RegExp(`^Albarán ${cliente.albaranes[1]} `),
    );
    await expect(
      page.getByText('No hay albaranes pendientes de facturar para este cliente.'),
    ).toBeVisible();
    // 275,00 € + 21 % IVA.
    await expect(page.getByText('332,75 €').first()).toBeVisible();
    // "Vista previa PDF" saves the draft and opens its PDF in a tab; issuing then updates that draft.
    const pestana = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Vista previa PDF' }).click();
    const previa = await pestana;
    // Headless Chromium has no PDF viewer: the tab hands the PDF over as a download.
    const pdfPrevia = await previa.waitForEvent('download');
    const bytes = await readFile((await pdfPrevia.path()) ?? '');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText((await pdfPrevia.path()) ?? '')).toContain('BORRADOR');
    await previa.close();
    await page.getByRole('button', { name: 'Guardar y emitir' }).click();
    await page
      .getByRole('dialog', { name: 'Emitir factura' })
      .getByRole('button', { name: 'Emitir', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: /^Factura T\d{4}-\d{5}$/ })).toBeVisible({
      timeout: 15_000,
    });
    for (const numero of cliente.albaranes)
      await expect(page.getByText(numero).first()).toBeVisible();
  });
});
