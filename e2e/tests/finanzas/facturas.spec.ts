import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { authFile } from '../support/auth-state.js';
import { uniqueLetters } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';
import { axeFindings } from '../support/axe.js';
import { prepararDatos, prepararTransporte } from './finanzas-datos.js';

// finanzas.md §5 and §9: issue an invoice, download its PDF and read its QR text and legend; the
// rental run's modal; the transportes user's reach (scenario 20: two albaranes invoiced from
// "Nueva factura de transporte" and issued, its denials).

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

  test('factura emitida: número, PDF con "QR tributario:" y "VERI*FACTU", cobro', async ({
    page,
    api,
    request,
    baseURL,
  }) => {
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
