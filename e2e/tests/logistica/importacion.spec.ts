import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { cabecerasPlantilla, IMPORTACION_MESSAGES as M } from '@tvsistema/domain';
import { formatNumero } from '@tvsistema/domain/format';
import { authFile, savedAccessToken } from '../support/auth-state.js';
import { apiClient, uniqueLetters, uniqueNif } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// logistica.md §5 "Import wizard", §9 scenario 12 in the browser: a transportes user imports a
// 10,000-row spreadsheet of transport albaranes with 25 unknown NIFs, 15 bad dates, 5 references
// repeated in the file and 5 that already exist, reads the errors, imports the other 9,950 (one
// run of consecutive numbers) and opens them.

const FILAS = 10_000;
/** Rows (1-based) of each fault: 25 unknown NIFs, 15 bad dates, 5 repeats, 5 existing keys. */
const MALAS = {
  nif: (n: number) => n > 100 && n <= 125,
  fecha: (n: number) => n > 200 && n <= 215,
  repetida: (n: number) => n > 300 && n <= 305,
  existente: (n: number) => n > 400 && n <= 405,
} as const;
/** The valid rows as the screens write them ("9.950"). */
const VALIDAS = formatNumero(9_950);

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

  test('escenario 12: sube un XLSX de 10.000 filas, ve 40 con errores y 10 duplicadas, importa 9.950 seguidos y los abre', async ({
    page,
    request,
    baseURL,
  }) => {
    // 10,000 rows: validating and creating 9,950 albaranes take the server tens of seconds.
    test.setTimeout(240_000);
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

    const clienteId = ((await alta.json()) as { data: { _id: string } }).data._id;
    // Five albaranes already carry references the file repeats (R15: duplicadas).
    const palma = (
      (await (await admin.get('/api/localizacion/ciudades?nombre=PALMA')).json()) as {
        data: { nombre: string; provinciaId: string; municipioId: string }[];
      }
    ).data.find((c) => c.nombre === 'PALMA');
    const provincia = (
      (await (
        await admin.get(`/api/localizacion/provincias/${palma?.provinciaId ?? ''}`)
      ).json()) as {
        data: { paisId: string };
      }
    ).data;
    const direccion = {
      paisId: provincia.paisId,
      provinciaId: palma?.provinciaId,
      municipioId: palma?.municipioId,
    };
    for (let k = 1; k <= 5; k += 1) {
      const existente = await admin.post('/api/albaranes/transporte', {
        clienteId,
        referenciaExterna: `EXI-${tag}-${k}`,
        destinatario: { nombre: 'Obras Palma Centre, S.L.' },
        origen: { direccion },
        destino: { direccion },
        fechaCarga: '2026-03-02',
        mercancia: { descripcion: 'Palés de bloques' },
      });
      expect(existente.status(), await existente.text()).toBe(201);
    }

    const otroNif = uniqueNif();
    const cabeceras = cabecerasPlantilla('transporte');
    const filas = Array.from({ length: FILAS }, (_, i) => {
      const n = i + 1;
      const valores: Record<string, string | number> = {
        Referencia: MALAS.repetida(n)
          ? `IMP-${tag}-${n - 300}`
          : MALAS.existente(n)
            ? `EXI-${tag}-${n - 400}`
            : `IMP-${tag}-${n}`,
        'NIF del cliente': MALAS.nif(n) ? otroNif : nif,
        'Fecha de carga': MALAS.fecha(n) ? '31/02/2026' : '02/03/2026',
        'Hora de carga': '08:30',
        'Población origen': 'Palma',
        'Población destino': 'Inca',
        Destinatario: `Obras ${n}, S.L.`,
        Mercancía: 'Palés de bloques',
        Bultos: 12,
        'Peso (kg)': 1200,
      };
      return cabeceras.map((c) => valores[c] ?? '');
    });

    await page.goto('/albaranes');
    // The header's link (an empty list offers the same one inside it).
    await page.getByRole('link', { name: 'Importar' }).first().click();
    await expect(
      page.getByRole('heading', { name: 'Importar albaranes - Transportes' }),
    ).toBeVisible();
    // "Descargar plantilla": the template's header row (BOM, `;`, CRLF).
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar plantilla' }).click(),
    ]);
    expect(descarga.suggestedFilename()).toMatch(/^plantilla.*\.csv$/);
    const plantilla = await readFile(await descarga.path(), 'utf8');
    expect(plantilla.startsWith(`\uFEFF${cabeceras.join(';')}\r\n`)).toBe(true);

    await page.getByLabel(M.soltar, { exact: false }).setInputFiles({
      name: `transportes-${tag}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await hoja(filas),
    });

    // Step 2: the template's headers map themselves (reading 10,000 rows takes a busy server a
    // while).
    await expect(page.getByRole('columnheader', { name: 'Columna del archivo' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(
      page.getByRole('combobox', { name: 'Campo de TVSistema para «NIF del cliente»' }),
    ).toHaveValue('clienteNif');
    await page.getByRole('button', { name: 'Validar' }).click();

    // Step 3: 40 rows with errors and 10 duplicates, the errors listed under "Errores".
    const tarjeta = (titulo: string) =>
      page.getByRole('heading', { name: titulo, exact: true }).locator('xpath=..');
    await expect(tarjeta('Filas válidas')).toContainText(VALIDAS, { timeout: 60_000 });
    await expect(tarjeta('Con errores')).toContainText('40');
    await expect(tarjeta('Duplicadas')).toContainText('10');
    await page.getByRole('tab', { name: 'Errores' }).click();
    const errores = page.getByRole('tabpanel');
    await expect(errores.getByText(M.clienteNoEncontrado(otroNif)).first()).toBeVisible();
    await expect(
      errores.getByText(M.fechaNoValida('31/02/2026', 'DD/MM/AAAA')).first(),
    ).toBeVisible();

    // Step 4: the 9,950 valid rows imported under consecutive numbers.
    await page.getByRole('button', { name: M.importarN(9_950) }).click();
    const informe = page.getByText(
      new RegExp(
        `^Importación completada: ${VALIDAS.replace('.', '\\.')} albaranes creados \\(AT2026-(\\d{5}) a AT2026-(\\d{5})\\)\\. 50 filas omitidas \\(40 con errores, 10 duplicadas\\)\\.$`,
      ),
    );
    await expect(informe).toBeVisible({ timeout: 150_000 });
    const [, primero, ultimo] =
      /AT2026-(\d{5}) a AT2026-(\d{5})/.exec((await informe.textContent()) ?? '') ?? [];
    expect(Number(ultimo) - Number(primero) + 1).toBe(9_950);

    await page.getByRole('link', { name: 'Ver albaranes importados' }).click();
    await expect(page).toHaveURL(/\/albaranes\?importacionId=[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { name: 'Gestión de Albaranes - Transportes' }),
    ).toBeVisible();
    await expect(page.getByText('Mostrando solo los albaranes de una importación.')).toBeVisible();
    await expect(page.getByText(`Mostrando 1–20 de ${VALIDAS} albaranes`)).toBeVisible();
    // Only this import's albaranes: every one shown is the client's.
    await expect(page.getByText(`Transports Import ${tag}`).first()).toBeVisible();
  });
});

test.describe('importación de albaranes de alquiler', () => {
  test.use({ storageState: authFile('admin'), system: 'alquileres' });

  test('un CSV de dos entregas, una con un artículo que no existe: importa la buena como borrador', async ({
    page,
    api,
  }) => {
    // 10,000 rows: validating and creating 9,950 albaranes take the server tens of seconds.
    test.setTimeout(240_000);
    const tag = uniqueLetters().slice(-8);
    const post = async (url: string, body: Record<string, unknown>) => {
      const r = await api.post(url, body);
      expect(r.status(), await r.text()).toBe(201);
      return ((await r.json()) as { data: Record<string, string> }).data;
    };
    const codigo = `MI-${tag}`;
    const marco = await post('/api/andamios', {
      codigo,
      nombre: 'Marco 2,00 × 0,73 m',
      categoria: 'marco',
      pesoKg: '18.500',
      precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.0000' },
      stockInicial: 500,
    });
    const cliente = await post('/api/clientes', {
      nombre: `Construcciones Import ${tag}`,
      empresa: 'alquileres',
    });
    const ciudades = (await (await api.get('/api/localizacion/ciudades?nombre=PALMA')).json()) as {
      data: { nombre: string; provinciaId: string; municipioId: string }[];
    };
    const palma = ciudades.data.find((c) => c.nombre === 'PALMA');
    const provincia = (await (
      await api.get(`/api/localizacion/provincias/${palma?.provinciaId ?? ''}`)
    ).json()) as { data: { paisId: string } };
    const hoy = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
    const en30 = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('sv-SE', {
      timeZone: 'Europe/Madrid',
    });
    const alquiler = await post('/api/alquileres', {
      clienteId: cliente['_id'],
      obraNombre: `Obra Import ${tag}`,
      direccionObra: {
        paisId: provincia.data.paisId,
        provinciaId: palma?.provinciaId,
        municipioId: palma?.municipioId,
      },
      lineas: [
        {
          clase: 'andamio',
          componenteId: marco['_id'],
          cantidad: '100',
          fechaInicio: hoy,
          fechaFin: en30,
        },
      ],
    });
    const fecha = hoy.split('-').reverse().join('/');
    const csv = [
      'Referencia;Tipo;Nº de alquiler;Fecha;Código de artículo;Cantidad',
      `ENT-${tag}-1;Entrega;${alquiler['numero']};${fecha};${codigo};60`,
      `ENT-${tag}-2;E;${alquiler['numero']};${fecha};NO-${tag};5`,
    ].join('\r\n');

    await page.goto('/albaranes/importar');
    await expect(
      page.getByRole('heading', { name: 'Importar albaranes - Alquileres' }),
    ).toBeVisible();
    await page.getByLabel(M.soltar, { exact: false }).setInputFiles({
      name: `alquiler-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}\r\n`),
    });
    await expect(page.getByLabel('Estado inicial')).toHaveValue('borrador');
    await page.getByRole('button', { name: 'Validar' }).click();
    await page.getByRole('tab', { name: 'Errores' }).click();
    await expect(
      page.getByRole('tabpanel').getByText(M.articuloNoEncontrado(`NO-${tag}`)),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Importar 1 albarán' }).click();
    await expect(
      page.getByText(
        /^Importación completada: 1 albarán creado( \(.+\))?\. 1 fila omitida \(1 con errores, 0 duplicadas\)\.$/,
      ),
    ).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Ver albaranes importados' }).click();
    await expect(
      page.getByRole('heading', { name: 'Gestión de Albaranes - Alquileres' }),
    ).toBeVisible();
    await expect(page.getByText('Mostrando 1–1 de 1 albaranes')).toBeVisible();
  });
});
