import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  IMPORTACION_MESSAGES as M,
  type ImportacionSubida,
  type LineaProgresoImportacion,
  type Role,
  type SystemId,
} from '@tvsistema/domain';
import { ApiError } from '../../lib/api-client.js';
import { uploadFile } from '../../lib/upload-file.js';
import { expectCampoInvalido } from '../../testing/invalid-field.js';
import { createFakeApi, type FakeApi } from '../../testing/fake-api.js';
import { renderLogistica } from './testing/render-logistica.js';

// The upload goes through XMLHttpRequest (for its progress): replaced here. The NDJSON of
// `validar` and `confirmar` is read from a real stream answered by a stubbed fetch.
vi.mock('../../lib/upload-file.js', () => ({ uploadFile: vi.fn() }));

import './components/importacion-page.js';
import './components/transporte-list-page.js';
import './components/albaran-list-page.js';

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };
const ID = '0b7c5d0e-6f43-4d43-9a4b-3c2b1a0f9e88';
const T_API = '/api/albaranes/transporte/importaciones';
const A_API = '/api/albaranes/importaciones';

const render_ = (
  path: string,
  options: { roles?: Role[]; fake?: FakeApi; system?: SystemId } = {},
) => renderLogistica(path, { system: 'transportes', ...options });

const aSubida = (overrides: Partial<ImportacionSubida> = {}): ImportacionSubida => ({
  _id: ID,
  version: 1,
  formato: 'xlsx',
  cabeceras: ['Ref', 'NIF', 'Fecha de carga', 'Origen', 'Destino', 'Destinatario', 'Carga', 'Kg'],
  ejemplos: { Ref: ['R-1', 'R-2'], Carga: ['Palés'], Kg: ['1200'] },
  totalFilas: 1000,
  // Carga is left unmapped: «Mercancía» is missing.
  mapeoSugerido: {
    referenciaExterna: 'Ref',
    clienteNif: 'NIF',
    fechaCarga: 'Fecha de carga',
    origenPoblacion: 'Origen',
    destinoPoblacion: 'Destino',
    destinatarioNombre: 'Destinatario',
    pesoKg: 'Kg',
  },
  origenMapeo: 'automatico',
  opcionesSugeridas: {
    formatoFecha: 'DD/MM/AAAA',
    separadorDecimal: 'coma',
    estadoInicial: 'borrador',
  },
  mapeoUsadoAt: null,
  plantillas: [],
  ...overrides,
});

/** An NDJSON answer whose lines the test pushes one by one. */
const ndjson = () => {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(stream, { headers: { 'Content-Type': 'application/x-ndjson' } }),
    push: (linea: LineaProgresoImportacion) =>
      controller.enqueue(encoder.encode(`${JSON.stringify(linea)}\n`)),
    close: () => controller.close(),
  };
};

type Stream = ReturnType<typeof ndjson>;
let streams: Record<string, Response[]>;
let fetchCalls: { url: string; body: unknown }[];
beforeEach(() => {
  streams = {};
  fetchCalls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    fetchCalls.push({ url, body: JSON.parse(String(init.body)) as unknown });
    const next = streams[url]?.shift();
    return next ?? new Response(JSON.stringify({ message: 'sin guion' }), { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadFile).mockReset();
});
const answer = (url: string, response: Response) => {
  (streams[url] ??= []).push(response);
};
const stream = (url: string): Stream => {
  const s = ndjson();
  answer(url, s.response);
  return s;
};

const fila = (
  n: number,
  estado: 'valida' | 'error',
  errores: { columna: string; valor: string; mensaje: string }[] = [],
) => ({
  fila: n,
  estado,
  valores: { referenciaExterna: `R-${n}`, mercancia: 'Palés', pesoKg: '1200' },
  errores: errores.map((e) => ({ fila: n, ...e })),
  avisos: [],
});
const page = <T,>(data: T[]) => ({
  data,
  meta: { page: 1, limit: 50, total: data.length, totalPages: 1 },
});

const scriptFake = (api: string) => {
  const fake = createFakeApi();
  fake.on('GET', api, () => ({
    body: {
      data: [
        {
          _id: 'b5f3c1d2-0000-4000-8000-000000000001',
          version: 3,
          destino: 'transporte',
          estado: 'importada',
          archivo: { nombre: 'octubre.xlsx', bytes: 2048, formato: 'xlsx' },
          cabeceras: [],
          totalFilas: 120,
          mapeo: null,
          opciones: null,
          resumen: null,
          resultado: {
            creados: 118,
            primerNumero: 'AT2026-00001',
            ultimoNumero: 'AT2026-00118',
            omitidas: 2,
            conErrores: 2,
            duplicadas: 0,
            duracionMs: 900,
          },
          createdAt: '2026-10-31T09:15:00.000Z',
          createdBy: 'ana@tvsistema.test',
        },
      ],
    },
  }));
  fake.on('GET', `${api}/${ID}/filas`, (r) =>
    r.query.get('estado') === 'duplicada'
      ? {
          body: page([
            {
              ...fila(30, 'valida'),
              estado: 'duplicada',
              errores: [
                { fila: 30, columna: 'Ref', valor: 'R-3', mensaje: M.referenciaRepetida(3) },
              ],
            },
          ]),
        }
      : r.query.get('estado') === 'error'
        ? {
            body: page([
              fila(4, 'error', [
                { columna: 'NIF', valor: 'B000', mensaje: M.clienteNoEncontrado('B000') },
              ]),
              fila(9, 'error', [
                {
                  columna: 'Fecha de carga',
                  valor: '31/02/2026',
                  mensaje: M.fechaNoValida('31/02/2026', 'DD/MM/AAAA'),
                },
              ]),
            ]),
          }
        : { body: page([fila(1, 'valida'), fila(2, 'valida')]) },
  );
  return fake;
};

/** Step 1 to step 2: the file chosen by keyboard-reachable input, uploaded with its progress. */
const subir = async (subida: ImportacionSubida) => {
  let soltar!: () => void;
  const subidaHecha = new Promise<void>((resolve) => (soltar = resolve));
  vi.mocked(uploadFile).mockImplementation(async ({ onProgress }) => {
    onProgress(40);
    await subidaHecha;
    return { data: subida };
  });
  const input = await screen.findByLabelText(M.soltar, { exact: false }, LAZY);
  await user.upload(input, new File(['x'], 'transportes.xlsx'));
  expect(await screen.findByText('Subiendo archivo… 40 %')).toBeTruthy();
  soltar();
  expect(await screen.findByRole('columnheader', { name: 'Columna del archivo' })).toBeTruthy();
};

const campo = (cabecera: string) =>
  screen.getByRole('combobox', { name: `Campo de TVSistema para «${cabecera}»` });

describe('/albaranes/importar (logistica.md §5 "Import wizard")', () => {
  it('transportes: uploads, maps the columns (both mapping errors), streams the validation, imports and reads the result', async () => {
    const fake = scriptFake(T_API);
    render_('/albaranes/importar', { fake });
    expect(
      await screen.findByRole('heading', { name: 'Importar albaranes - Transportes' }, LAZY),
    ).toBeTruthy();
    const pasos = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(pasos.slice(0, 4)).toEqual(['1 Archivo', '2 Columnas', '3 Revisión', '4 Resultado']);
    expect(screen.getByText('1 Archivo').getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('Máximo 25 MB y 50.000 filas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar plantilla' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Importaciones recientes' })).toBeTruthy();
    expect(await screen.findByText('octubre.xlsx')).toBeTruthy();
    expect(screen.getByRole('link', { name: '118 albaranes' }).getAttribute('href')).toBe(
      '/albaranes?importacionId=b5f3c1d2-0000-4000-8000-000000000001',
    );

    await subir(aSubida());
    expect(vi.mocked(uploadFile).mock.calls[0]?.[0].url).toBe(T_API);
    expect(screen.getByText('2 Columnas').getAttribute('aria-current')).toBe('step');
    for (const h of ['Columna del archivo', 'Ejemplos', 'Campo de TVSistema'])
      expect(screen.getByRole('columnheader', { name: h })).toBeTruthy();
    expect(screen.getAllByText('R-1 · R-2').length).toBeGreaterThan(0);
    expect((campo('Ref') as HTMLSelectElement).value).toBe('referenciaExterna');
    expect(within(campo('Carga')).getByRole('option', { name: '— No importar —' })).toBeTruthy();
    expect(within(campo('Carga')).getByRole('option', { name: 'Mercancía *' })).toBeTruthy();
    expect(within(campo('Carga')).getByRole('option', { name: 'Bultos' })).toBeTruthy();
    expect(screen.getByLabelText('Formato de fecha')).toBeTruthy();
    expect(screen.getByLabelText('Separador decimal')).toBeTruthy();
    expect(screen.queryByLabelText('Estado inicial')).toBeNull();
    expect((screen.getByLabelText(M.recordar) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Guardar como plantilla…' })).toBeTruthy();
    expect(screen.getByLabelText('Plantilla de mapeo')).toBeTruthy();

    // The two mapping errors keep "Validar" from going on.
    await user.selectOptions(campo('Kg'), 'referenciaExterna');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    expect(screen.getByText('Falta asignar el campo obligatorio «Mercancía»')).toBeTruthy();
    expect(screen.getByText('El campo «Referencia» está asignado a dos columnas')).toBeTruthy();
    expect(fetchCalls).toHaveLength(0);
    await user.selectOptions(campo('Kg'), 'pesoKg');
    await user.selectOptions(campo('Carga'), 'mercancia');
    expect(screen.queryByText(/Falta asignar/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Formato de fecha'), 'AAAA-MM-DD');

    // Step 3: the validation streams its progress, then the summary.
    const validacion = stream(`${T_API}/${ID}/validar`);
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    validacion.push({ tipo: 'progreso', fase: 'validando', procesadas: 500, total: 1000 });
    expect(await screen.findByText('Validando fila 500 de 1.000')).toBeTruthy();
    expect(screen.getByText('3 Revisión').getAttribute('aria-current')).toBe('step');
    expect(fetchCalls[0]?.body).toEqual({
      mapeo: { ...aSubida().mapeoSugerido, mercancia: 'Carga' },
      opciones: { formatoFecha: 'AAAA-MM-DD', separadorDecimal: 'coma', estadoInicial: 'borrador' },
      recordar: true,
    });
    validacion.push({ tipo: 'progreso', fase: 'validando', procesadas: 1000, total: 1000 });
    expect(await screen.findByText('Validando fila 1.000 de 1.000')).toBeTruthy();
    validacion.push({
      tipo: 'resumen',
      version: 2,
      resumen: { validas: 996, conErrores: 3, duplicadas: 1, avisos: 0, albaranes: 996 },
    });
    validacion.close();
    expect(await screen.findByRole('heading', { name: 'Filas válidas' })).toBeTruthy();
    for (const [titulo, valor] of [
      ['Filas válidas', '996'],
      ['Con errores', '3'],
      ['Duplicadas', '1'],
      ['Albaranes', '996'],
    ] as const)
      expect(screen.getByRole('heading', { name: titulo }).nextElementSibling?.textContent).toBe(
        valor,
      );
    expect(await screen.findByRole('cell', { name: 'R-1' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Errores' }));
    expect(await screen.findByText(M.clienteNoEncontrado('B000'))).toBeTruthy();
    expect(screen.getByText(M.fechaNoValida('31/02/2026', 'DD/MM/AAAA'))).toBeTruthy();
    for (const h of ['Fila', 'Columna', 'Valor', 'Error'])
      expect(screen.getAllByRole('columnheader', { name: h }).length).toBeGreaterThan(0);
    expect(fake.callsTo('GET', `${T_API}/${ID}/filas`).at(-1)?.query.get('limit')).toBe('50');
    await user.click(screen.getByRole('radio', { name: 'Duplicadas' }));
    expect(await screen.findByText(M.referenciaRepetida(3))).toBeTruthy();
    expect(fake.callsTo('GET', `${T_API}/${ID}/filas`).at(-1)?.query.get('estado')).toBe(
      'duplicada',
    );
    expect(screen.getByRole('button', { name: 'Descargar errores (CSV)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver a columnas' })).toBeTruthy();

    // Step 4: the import streams, then the completion text.
    const importacion = stream(`${T_API}/${ID}/confirmar`);
    await user.click(screen.getByRole('button', { name: 'Importar 996 albaranes' }));
    importacion.push({ tipo: 'progreso', fase: 'importando', procesadas: 400, total: 996 });
    expect(await screen.findByText('Importando… 400 de 996')).toBeTruthy();
    expect(fetchCalls[1]?.body).toEqual({ version: 2 });
    importacion.push({
      tipo: 'resultado',
      resultado: {
        creados: 996,
        primerNumero: 'AT2026-00119',
        ultimoNumero: 'AT2026-01114',
        omitidas: 4,
        conErrores: 3,
        duplicadas: 1,
        duracionMs: 2100,
      },
    });
    importacion.close();
    expect(
      await screen.findByText(
        'Importación completada: 996 albaranes creados (AT2026-00119 a AT2026-01114). 4 filas omitidas (3 con errores, 1 duplicada).',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ver albaranes importados' }).getAttribute('href'),
    ).toBe(`/albaranes?importacionId=${ID}`);
    expect(screen.getByRole('button', { name: 'Descargar informe (CSV)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nueva importación' }));
    expect(screen.getByText('1 Archivo').getAttribute('aria-current')).toBe('step');
  });

  it('alquileres: its own endpoint and title, "Estado inicial", the remembered mapping, and no import without valid rows', async () => {
    const fake = scriptFake(A_API);
    render_('/albaranes/importar', { fake, system: 'alquileres' });
    expect(
      await screen.findByRole('heading', { name: 'Importar albaranes - Alquileres' }, LAZY),
    ).toBeTruthy();
    await subir(
      aSubida({
        cabeceras: [
          'Referencia',
          'Tipo',
          'Nº de alquiler',
          'Fecha',
          'Código de artículo',
          'Cantidad',
        ],
        ejemplos: {},
        mapeoSugerido: {
          referenciaExterna: 'Referencia',
          tipo: 'Tipo',
          alquilerNumero: 'Nº de alquiler',
          fecha: 'Fecha',
          articuloCodigo: 'Código de artículo',
          cantidad: 'Cantidad',
        },
        origenMapeo: 'recordado',
        opcionesSugeridas: {
          formatoFecha: 'DD-MM-AAAA',
          separadorDecimal: 'punto',
          estadoInicial: 'emitido',
        },
        mapeoUsadoAt: '2026-11-20T10:00:00.000Z',
      }),
    );
    expect(vi.mocked(uploadFile).mock.calls[0]?.[0].url).toBe(A_API);
    expect(screen.getByText('Se ha aplicado el mapeo usado el 20/11/2026')).toBeTruthy();
    expect((screen.getByLabelText('Estado inicial') as HTMLSelectElement).value).toBe('emitido');
    expect((screen.getByLabelText('Formato de fecha') as HTMLSelectElement).value).toBe(
      'DD-MM-AAAA',
    );
    await user.click(screen.getByLabelText(M.recordar));
    const validacion = stream(`${A_API}/${ID}/validar`);
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    validacion.push({
      tipo: 'resumen',
      version: 2,
      resumen: { validas: 0, conErrores: 6, duplicadas: 0, avisos: 0, albaranes: 0 },
    });
    validacion.close();
    const importar = await screen.findByRole('button', { name: 'Importar 0 albaranes' });
    expect((importar as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('No hay filas válidas para importar.')).toBeTruthy();
    expect(fetchCalls[0]?.body).toMatchObject({
      opciones: { estadoInicial: 'emitido', separadorDecimal: 'punto' },
      recordar: false,
    });
    await user.click(screen.getByRole('button', { name: 'Volver a columnas' }));
    expect((campo('Tipo') as HTMLSelectElement).value).toBe('tipo');
  });

  it('a 409 before streaming is an alert with a way back to validate; a failed import offers "Reintentar"', async () => {
    const fake = scriptFake(T_API);
    render_('/albaranes/importar', { fake });
    await subir(aSubida({ mapeoSugerido: { ...aSubida().mapeoSugerido, mercancia: 'Carga' } }));
    const resumen = {
      tipo: 'resumen',
      version: 2,
      resumen: { validas: 10, conErrores: 0, duplicadas: 0, avisos: 0, albaranes: 10 },
    } as const;
    const v1 = stream(`${T_API}/${ID}/validar`);
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    v1.push(resumen);
    v1.close();
    answer(
      `${T_API}/${ID}/confirmar`,
      new Response(JSON.stringify({ message: M.datosCambiados(2) }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Importar 10 albaranes' }));
    expect(await screen.findByText(M.datosCambiados(2))).toBeTruthy();
    expect(screen.getByText('3 Revisión').getAttribute('aria-current')).toBe('step');

    const v2 = stream(`${T_API}/${ID}/validar`);
    await user.click(screen.getByRole('button', { name: 'Volver a validar' }));
    v2.push({ ...resumen, version: 3 });
    v2.close();
    await waitFor(() => expect(screen.queryByText(M.datosCambiados(2))).toBeNull());
    expect(fetchCalls.filter((c) => c.url.endsWith('/validar'))).toHaveLength(2);

    const fallo = stream(`${T_API}/${ID}/confirmar`);
    await user.click(await screen.findByRole('button', { name: 'Importar 10 albaranes' }));
    fallo.push({ tipo: 'progreso', fase: 'importando', procesadas: 3, total: 10 });
    fallo.push({ tipo: 'error', message: 'Error en la fila 4' });
    fallo.close();
    expect(
      await screen.findByText(
        'La importación ha fallado y no se ha importado ninguna fila: Error en la fila 4',
      ),
    ).toBeTruthy();
    expect(fetchCalls.at(-1)?.body).toEqual({ version: 3 });
    // R19: a failed import is validated again before another "Importar".
    const v3 = stream(`${T_API}/${ID}/validar`);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    v3.push({ ...resumen, version: 5 });
    v3.close();
    const otra = stream(`${T_API}/${ID}/confirmar`);
    await user.click(await screen.findByRole('button', { name: 'Importar 10 albaranes' }));
    expect(fetchCalls.at(-1)?.body).toEqual({ version: 5 });
    otra.push({
      tipo: 'resultado',
      resultado: {
        creados: 1,
        primerNumero: 'AT2026-00200',
        ultimoNumero: 'AT2026-00200',
        omitidas: 0,
        conErrores: 0,
        duplicadas: 0,
        duracionMs: 10,
      },
    });
    otra.close();
    expect(
      await screen.findByText(
        'Importación completada: 1 albarán creado (AT2026-00200 a AT2026-00200). 0 filas omitidas (0 con errores, 0 duplicadas).',
      ),
    ).toBeTruthy();
  });

  it('"Guardar como plantilla…" posts the mapping and options; choosing a plantilla applies its columns that the file has', async () => {
    const fake = scriptFake(T_API);
    const plantilla = {
      _id: 'c0ffee00-0000-4000-8000-000000000002',
      nombre: 'Cantera',
      // «Bultos» names a column this file does not have: it is left out.
      mapeo: { referenciaExterna: 'Kg', mercancia: 'Carga', bultos: 'Paquetes' },
      opciones: {
        formatoFecha: 'AAAA-MM-DD',
        separadorDecimal: 'punto',
        estadoInicial: 'borrador',
      },
      usadoAt: null,
    } as const;
    fake.on('POST', `${T_API}/mapeos`, (r) => ({
      status: 201,
      body: {
        data: { ...plantilla, _id: 'c0ffee00-0000-4000-8000-000000000003', ...(r.body as object) },
      },
    }));
    render_('/albaranes/importar', { fake });
    await subir(aSubida({ plantillas: [plantilla] }));

    await user.click(screen.getByRole('button', { name: 'Guardar como plantilla…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Indica un nombre para la plantilla')).toBeTruthy();
    expectCampoInvalido(
      within(dialog).getByLabelText('Nombre de la plantilla'),
      'Indica un nombre para la plantilla',
    );
    await user.type(within(dialog).getByLabelText('Nombre de la plantilla'), 'Obras Sur');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Plantilla «Obras Sur» guardada')).toBeTruthy();
    expect(fake.callsTo('POST', `${T_API}/mapeos`)[0]?.body).toEqual({
      nombre: 'Obras Sur',
      mapeo: aSubida().mapeoSugerido,
      opciones: { formatoFecha: 'DD/MM/AAAA', separadorDecimal: 'coma', estadoInicial: 'borrador' },
    });
    expect(
      (screen.getByLabelText('Plantilla de mapeo') as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('Obras Sur');

    await user.selectOptions(screen.getByLabelText('Plantilla de mapeo'), 'Cantera');
    expect((campo('Kg') as HTMLSelectElement).value).toBe('referenciaExterna');
    expect((campo('Carga') as HTMLSelectElement).value).toBe('mercancia');
    expect((campo('Ref') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Formato de fecha') as HTMLSelectElement).value).toBe(
      'AAAA-MM-DD',
    );
    expect((screen.getByLabelText('Separador decimal') as HTMLSelectElement).value).toBe('punto');
  });

  it('refuses a file that is neither CSV nor XLSX before uploading it, and shows the server message of a failed upload', async () => {
    render_('/albaranes/importar', { fake: scriptFake(T_API) });
    const input = await screen.findByLabelText(M.soltar, { exact: false }, LAZY);
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'notas.pdf'));
    expect(await screen.findByText(M.formatoNoAdmitido)).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
    vi.mocked(uploadFile).mockRejectedValue(
      new ApiError(400, M.archivoVacio, { body: { message: M.archivoVacio } }),
    );
    await user.upload(input, new File(['x'], 'vacio.csv'));
    expect(await screen.findByText(M.archivoVacio)).toBeTruthy();
    expect(screen.getByText('1 Archivo').getAttribute('aria-current')).toBe('step');
  });
});

describe('the lists and the import (logistica.md §5 "List")', () => {
  it('transportes: "Importar" links to the wizard and importacionId narrows the list', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/albaranes/transporte', () => ({ body: page([]) }));
    render_(`/albaranes?importacionId=${ID}`, { fake });
    expect(
      await screen.findByRole('heading', { name: 'Gestión de Albaranes - Transportes' }, LAZY),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Importar' }).getAttribute('href')).toBe(
      '/albaranes/importar',
    );
    await waitFor(() =>
      expect(
        fake.callsTo('GET', '/api/albaranes/transporte').at(-1)?.query.get('importacionId'),
      ).toBe(ID),
    );
    await user.click(await screen.findByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() =>
      expect(
        fake.callsTo('GET', '/api/albaranes/transporte').at(-1)?.query.get('importacionId'),
      ).toBeNull(),
    );
  });

  it('an empty transport list offers "Nuevo albarán de transporte" and "Importar" inside it', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/albaranes/transporte', () => ({ body: page([]) }));
    render_('/albaranes', { fake });
    const vacio = await screen.findByText(
      'Aún no hay albaranes de transporte - Crea el primero o impórtalos desde una hoja de cálculo.',
      {},
      LAZY,
    );
    const tarjeta = within(vacio.closest('.card') as HTMLElement);
    expect(
      tarjeta.getByRole('link', { name: 'Nuevo albarán de transporte' }).getAttribute('href'),
    ).toBe('/albaranes/transporte/crear');
    expect(tarjeta.getByRole('link', { name: 'Importar' }).getAttribute('href')).toBe(
      '/albaranes/importar',
    );
  });

  it('alquileres: the same for rental albaranes', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/albaranes', () => ({ body: page([]) }));
    render_(`/albaranes?importacionId=${ID}&page=1`, { fake, system: 'alquileres' });
    expect(
      await screen.findByRole('heading', { name: 'Gestión de Albaranes - Alquileres' }, LAZY),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Importar' }).getAttribute('href')).toBe(
      '/albaranes/importar',
    );
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/albaranes').at(-1)?.query.get('importacionId')).toBe(ID),
    );
    expect(screen.getByText('Mostrando solo los albaranes de una importación.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ver todos' }));
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/albaranes').at(-1)?.query.get('importacionId')).toBeNull(),
    );
    expect(screen.queryByText('Mostrando solo los albaranes de una importación.')).toBeNull();
  });
});
