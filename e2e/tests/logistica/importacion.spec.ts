import ExcelJS from 'exceljs';
import { cabecerasPlantilla, IMPORTACION_MESSAGES as M } from '@tvsistema/domain';
import { authFile, savedAccessToken } from '../support/auth-state.js';
import { apiClient, uniqueLetters, uniqueNif } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// logistica.md §5 "Import wizard", §9: a transportes user imports a spreadsheet of transport
// albaranes with three bad rows, reads them under "Errores", imports the rest and opens them.

const FILAS = 40;
const MALAS = { nif: 5, fecha: 12, poblacion: 27 } as const;

/** An XLSX with the template's headers (exceljs, as the API reads it). */
const hoja = async (filas: (string | number)[][]) => {
  const libro = new ExcelJS.Workbook();
  const sheet = libro.addWorksheet('Transportes');
  sheet.addRow(cabecerasPlantilla('transporte'));
  for (const fila of filas) sheet.addRow(fila);
  return Buffer.from(await libro.xlsx.writeBuffer());
};

test.describe('importación de albaranes de transporte', () => {
  test.use({ storageState: authFile('transportes'), system: 'transportes' });

  test('sube un XLSX, ve las 3 filas con errores, importa el resto y abre los albaranes importados', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = uniqueLetters().slice(-8);
    // The client the rows name, created by administración (a transportes user cannot).
    const admin = apiClient(
      request,
      savedAccessToken(authFile('admin'), new URL(baseURL ?? '').origin),
    );
    const nif = uniqueNif();
    const alta = await admin.post('/api/clientes', {
      nombre: `Transports Import ${tag}`,
      documento: nif,
      empresa: 'transporte',
    });
    expect(alta.status(), await alta.text()).toBe(201);

    const otroNif = uniqueNif();
    const cabeceras = cabecerasPlantilla('transporte');
    const filas = Array.from({ length: FILAS }, (_, i) => {
      const n = i + 1;
      const valores: Record<string, string | number> = {
        Referencia: `IMP-${tag}-${n}`,
        'NIF del cliente': n === MALAS.nif ? otroNif : nif,
        'Fecha de carga': n === MALAS.fecha ? '31/02/2026' : '02/03/2026',
        'Hora de carga': '08:30',
        'Población origen': n === MALAS.poblacion ? 'Villanueva de Ningún Sitio' : 'Palma',
        'Población destino': 'Inca',
        Destinatario: `Obras ${n}, S.L.`,
        Mercancía: 'Palés de bloques',
        Bultos: 12,
        'Peso (kg)': 1200,
      };
      return cabeceras.map((c) => valores[c] ?? '');
    });

    await page.goto('/albaranes');
    await page.getByRole('link', { name: 'Importar' }).click();
    await expect(
      page.getByRole('heading', { name: 'Importar albaranes - Transportes' }),
    ).toBeVisible();
    await page.getByLabel(M.soltar, { exact: false }).setInputFiles({
      name: `transportes-${tag}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await hoja(filas),
    });

    // Step 2: the template's headers map themselves.
    await expect(page.getByRole('columnheader', { name: 'Columna del archivo' })).toBeVisible();
    await expect(
      page.getByRole('combobox', { name: 'Campo de TVSistema para «NIF del cliente»' }),
    ).toHaveValue('clienteNif');
    await page.getByRole('button', { name: 'Validar' }).click();

    // Step 3: three rows with errors, listed under "Errores".
    const tarjeta = (titulo: string) =>
      page.getByRole('heading', { name: titulo, exact: true }).locator('xpath=..');
    await expect(tarjeta('Filas válidas')).toContainText(String(FILAS - 3));
    await expect(tarjeta('Con errores')).toContainText('3');
    await page.getByRole('tab', { name: 'Errores' }).click();
    const errores = page.getByRole('tabpanel');
    await expect(errores.getByText(M.clienteNoEncontrado(otroNif))).toBeVisible();
    await expect(errores.getByText(M.fechaNoValida('31/02/2026', 'DD/MM/AAAA'))).toBeVisible();
    await expect(
      errores.getByText(M.poblacionNoEncontrada('Villanueva de Ningún Sitio')),
    ).toBeVisible();

    // Step 4: the rest imported.
    await page.getByRole('button', { name: `Importar ${FILAS - 3} albaranes` }).click();
    await expect(
      page.getByText(
        new RegExp(
          `^Importación completada: ${FILAS - 3} albaranes creados \\(AT\\d{4}-\\d{5} a AT\\d{4}-\\d{5}\\)\\. 3 filas omitidas \\(3 con errores, 0 duplicadas\\)\\.$`,
        ),
      ),
    ).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Ver albaranes importados' }).click();
    await expect(page).toHaveURL(/\/albaranes\?importacionId=[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { name: 'Gestión de Albaranes - Transportes' }),
    ).toBeVisible();
    await expect(page.getByText('Mostrando solo los albaranes de una importación.')).toBeVisible();
    await expect(page.getByText(`Mostrando 1–20 de ${FILAS - 3} albaranes`)).toBeVisible();
    // Only this import's albaranes: every one shown is the client's.
    await expect(page.getByText(`Transports Import ${tag}`).first()).toBeVisible();
  });
});
