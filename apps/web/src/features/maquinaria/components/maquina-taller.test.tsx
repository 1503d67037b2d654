import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { diaEnMadrid, sumarDias, type Role } from '@tvsistema/domain';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';
import { aMaquina, MAQUINA_ID } from '../testing/fixtures.js';
import { renderMaquina } from '../testing/render-maquina.js';
import { archivoError, vigencia } from './documentos.js';
import { MaquinaDetailPage } from './maquina-detail-page.js';

const user = userEvent.setup({ delay: null });
const RECORD = `/api/maquinaria/${MAQUINA_ID}`;
const originalFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = originalFetch;
});

const renderDetail = (fake: FakeApi, roles: Role[] = ['administracion']) =>
  renderMaquina(<MaquinaDetailPage />, {
    path: `/maquinaria/${MAQUINA_ID}`,
    routePath: '/maquinaria/:maquinariaId',
    roles,
    fake,
  });

const enCurso = {
  _id: 'm1',
  version: 2,
  tipo: 'reparacion',
  descripcion: 'Fuga hidráulica',
  fechaInicio: '2026-04-12',
  fechaFinPrevista: null,
  urgente: true,
  estado: 'en_curso',
  taller: { _id: 't1', nombre: 'Talleres Son Castelló' },
  fechaFinReal: null,
  horometro: null,
  coste: null,
  resultado: null,
};

describe('maintenance (inventario.md §3.1, §3.2, §5.3)', () => {
  it('"Enviar a taller" posts an urgent maintenance from hoy and lists the affected bookings', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    fake.on('POST', `${RECORD}/mantenimientos`, () => ({
      status: 201,
      body: { data: enCurso, avisos: ['Reserva afectada: A2026-00033 (14/04/2026–18/04/2026)'] },
    }));
    renderDetail(fake, ['empleado']);
    await user.click(await screen.findByRole('button', { name: 'Enviar a taller' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Descripción'), 'Fuga hidráulica');
    await user.click(dialog.getByRole('button', { name: 'Enviar a taller' }));
    expect(await screen.findByText('Máquina enviada a taller')).toBeTruthy();
    const afectadas = screen.getByRole('heading', { name: 'Reservas afectadas' }).parentElement;
    expect(
      within(afectadas as HTMLElement).getByText(
        'Reserva afectada: A2026-00033 (14/04/2026–18/04/2026)',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('POST', `${RECORD}/mantenimientos`)[0]?.body).toEqual({
      tipo: 'reparacion',
      descripcion: 'Fuga hidráulica',
      urgente: true,
      fechaInicio: diaEnMadrid(),
    });
  });

  it('"Programar mantenimiento" needs the planned end and shows the 409 of a booked range', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    const conflicto =
      'La máquina está reservada en esas fechas: A2026-00031 (10/04/2026–20/04/2026)';
    fake.on('POST', `${RECORD}/mantenimientos`, () => ({
      status: 409,
      body: { message: conflicto },
    }));
    renderDetail(fake);
    await user.click(await screen.findByRole('button', { name: 'Programar mantenimiento' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Tipo'), 'Revisión periódica');
    await user.type(dialog.getByLabelText('Descripción'), 'Revisión 500 h');
    await user.click(dialog.getByRole('button', { name: 'Programar' }));
    expect(
      await dialog.findByText('Indica la fecha prevista de fin (no anterior al inicio)'),
    ).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Fecha de fin prevista'), {
      target: { value: sumarDias(diaEnMadrid(), 2) },
    });
    await user.click(dialog.getByRole('button', { name: 'Programar' }));
    expect(await dialog.findByText(conflicto)).toBeTruthy();
  });

  it('the Mantenimiento tab shows the plan and the history; "Finalizar" posts resultado and version', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({
      body: {
        data: aMaquina({
          estado: 'en_taller',
          mantenimientoAbierto: {
            _id: 'm1',
            tipo: 'reparacion',
            descripcion: 'Fuga hidráulica',
            fechaInicio: '2026-04-12',
          },
          planRevisiones: [
            {
              _id: 'r1',
              nombre: 'Mantenimiento 500 h',
              cadaHoras: 500,
              cadaMeses: null,
              avisoHoras: 25,
              avisoDias: 30,
              ultimaFecha: '2026-01-01',
              ultimasHoras: '1500.0',
              proximaFecha: null,
              proximasHoras: '2000.0',
              estado: 'proxima',
            },
          ],
        }),
      },
    }));
    fake.on('GET', `${RECORD}/mantenimientos`, () => ({ body: { data: [enCurso] } }));
    fake.on('POST', `${RECORD}/mantenimientos/m1/finalizar`, () => ({ body: { data: {} } }));
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Mantenimiento' }));
    const plan = await screen.findByRole('table', { name: 'Plan de revisiones' });
    expect(within(plan).getByText('2.000,0 h')).toBeTruthy();
    expect(within(plan).getByText('Próxima')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Mantenimientos' });
    expect(within(table).getByText('Talleres Son Castelló')).toBeTruthy();
    expect(within(table).getByText('En curso')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Finalizar' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Finalizar' }));
    expect(await dialog.findByText('Indica el resultado (de 3 a 1.000 caracteres)')).toBeTruthy();
    await user.type(dialog.getByLabelText('Resultado'), 'Latiguillo sustituido');
    await user.type(dialog.getByLabelText('Coste (€)'), '120,50');
    await user.click(dialog.getByRole('button', { name: 'Finalizar' }));
    expect(await screen.findByText('Mantenimiento finalizado')).toBeTruthy();
    expect(fake.callsTo('POST', `${RECORD}/mantenimientos/m1/finalizar`)[0]?.body).toEqual({
      fechaFinReal: diaEnMadrid(),
      coste: '120.50',
      resultado: 'Latiguillo sustituido',
      version: 2,
    });
  });

  it('§3.2 "Editar" of a planned maintenance opens it filled in and PUTs the new dates with its version', async () => {
    const inicio = sumarDias(diaEnMadrid(), 10);
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    fake.on('GET', `${RECORD}/mantenimientos`, () => ({
      body: {
        data: [
          {
            ...enCurso,
            _id: 'm2',
            version: 4,
            tipo: 'revision',
            descripcion: 'Revisión anual',
            fechaInicio: inicio,
            fechaFinPrevista: sumarDias(inicio, 1),
            urgente: false,
            estado: 'programado',
            taller: null,
          },
        ],
      },
    }));
    fake.on('PUT', `${RECORD}/mantenimientos/m2`, () => ({ body: { data: {} } }));
    renderDetail(fake, ['empleado']);
    await user.click(await screen.findByRole('tab', { name: 'Mantenimiento' }));
    const table = await screen.findByRole('table', { name: 'Mantenimientos' });
    await user.click(within(table).getByRole('button', { name: 'Editar' }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Editar mantenimiento/ }));
    expect((dialog.getByLabelText('Descripción') as HTMLTextAreaElement).value).toBe(
      'Revisión anual',
    );
    expect((dialog.getByLabelText('Fecha de inicio') as HTMLInputElement).value).toBe(inicio);
    fireEvent.change(dialog.getByLabelText('Fecha de fin prevista'), {
      target: { value: sumarDias(inicio, 3) },
    });
    await user.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Mantenimiento actualizado')).toBeTruthy();
    expect(fake.callsTo('PUT', `${RECORD}/mantenimientos/m2`)[0]?.body).toEqual({
      tipo: 'revision',
      descripcion: 'Revisión anual',
      urgente: false,
      fechaInicio: inicio,
      fechaFinPrevista: sumarDias(inicio, 3),
      version: 4,
    });
  });

  it('shows "Sin mantenimientos registrados" and no workshop actions without maquinaria.taller', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    fake.on('GET', `${RECORD}/mantenimientos`, () => ({ body: { data: [] } }));
    renderDetail(fake, ['transportes']);
    await user.click(await screen.findByRole('tab', { name: 'Mantenimiento' }));
    expect(await screen.findByText('Sin mantenimientos registrados')).toBeTruthy();
    for (const name of ['Enviar a taller', 'Programar mantenimiento', 'Registrar horómetro']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });
});

describe('documents (inventario.md §2.5, §5.3)', () => {
  it('lists documents with their vigencia and "Sin documentos" when none', async () => {
    const hoy = diaEnMadrid();
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    fake.on('GET', `${RECORD}/documentos`, () => ({
      body: {
        data: [
          {
            _id: 'd1',
            tipo: 'itv',
            descripcion: null,
            fechaEmision: '2025-01-10',
            fechaCaducidad: sumarDias(hoy, 10),
          },
          {
            _id: 'd2',
            tipo: 'declaracion_ce',
            descripcion: 'Original del fabricante',
            fechaEmision: '2021-04-12',
            fechaCaducidad: null,
          },
        ],
      },
    }));
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Documentos' }));
    const table = await screen.findByRole('table', { name: 'Documentos' });
    const itv = within(table).getByText('Tarjeta ITV / informe de inspección').closest('tr');
    expect(within(itv as HTMLElement).getByText('Caduca pronto')).toBeTruthy();
    expect(within(table).getByText('Original del fabricante')).toBeTruthy();
    expect(
      within(table).getByRole('button', { name: 'Eliminar Declaración CE de conformidad' }),
    ).toBeTruthy();
  });

  it('an empleado sees the documents but cannot add or delete them', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    fake.on('GET', `${RECORD}/documentos`, () => ({ body: { data: [] } }));
    renderDetail(fake, ['empleado']);
    await user.click(await screen.findByRole('tab', { name: 'Documentos' }));
    expect(await screen.findByText('Sin documentos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Añadir documento' })).toBeNull();
  });

  it('"Añadir documento" checks the file and uploads a multipart form with the token', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    let documentos: unknown[] = [];
    fake.on('GET', `${RECORD}/documentos`, () => ({ body: { data: documentos } }));
    const uploads: { url: string; init: RequestInit | undefined }[] = [];
    globalThis.fetch = ((url: string, init?: RequestInit) => {
      uploads.push({ url, init });
      documentos = [
        { _id: 'd9', tipo: 'manual', descripcion: null, fechaEmision: null, fechaCaducidad: null },
      ];
      return Promise.resolve(new Response(JSON.stringify({ data: {} }), { status: 201 }));
    }) as typeof fetch;
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Documentos' }));
    await screen.findByText('Sin documentos');
    await user.click(screen.getByRole('button', { name: 'Añadir documento' }));
    const form = within(screen.getByRole('form', { name: 'Añadir documento' }));
    await user.selectOptions(form.getByLabelText('Tipo'), 'Manual de instrucciones');
    await user.click(form.getByRole('button', { name: 'Subir documento' }));
    expect(await form.findByText('Elige el archivo')).toBeTruthy();
    const file = new File(['%PDF-1.4'], 'manual.pdf', { type: 'application/pdf' });
    await user.upload(form.getByLabelText(/Archivo/), file);
    // The Spanish picker (issue 14) names the chosen file.
    expect(form.getByText('manual.pdf')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Subir documento' }));
    expect(await screen.findByText('Manual de instrucciones')).toBeTruthy();
    expect(uploads[0]?.url).toBe(`${RECORD}/documentos`);
    expect((uploads[0]?.init?.headers as Record<string, string>).Authorization).toBe(
      'Bearer token-de-prueba',
    );
    const body = uploads[0]?.init?.body as FormData;
    expect(body.get('tipo')).toBe('manual');
    expect((body.get('archivo') as File).name).toBe('manual.pdf');
  });

  it('R12: an ITV card suggests its expiry from the inspection date (+2 years under 10 years from the matriculación, +1 after), which the user may change', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({
      body: {
        data: aMaquina({
          matricula: { normalizada: 'E1234BCD', texto: 'E-1234-BCD' },
          fechaMatriculacion: '2018-05-10',
          requiereItv: true,
        }),
      },
    }));
    fake.on('GET', `${RECORD}/documentos`, () => ({ body: { data: [] } }));
    const uploads: FormData[] = [];
    globalThis.fetch = ((_url: string, init?: RequestInit) => {
      uploads.push(init?.body as FormData);
      return Promise.resolve(new Response(JSON.stringify({ data: {} }), { status: 201 }));
    }) as typeof fetch;
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Documentos' }));
    await user.click(await screen.findByRole('button', { name: 'Añadir documento' }));
    const form = within(screen.getByRole('form', { name: 'Añadir documento' }));
    const caducidad = form.getByLabelText('Fecha de caducidad') as HTMLInputElement;
    fireEvent.change(form.getByLabelText('Fecha de emisión'), { target: { value: '2026-03-15' } });
    // Not an ITV card: nothing suggested.
    expect(caducidad.value).toBe('');
    await user.selectOptions(form.getByLabelText('Tipo'), 'Tarjeta ITV / informe de inspección');
    expect(caducidad.value).toBe('2028-03-15');
    expect(
      form.getByText(
        'Caducidad sugerida: 15/03/2028 (inspección cada 2 años: menos de 10 años desde la matriculación). Puedes cambiarla.',
      ),
    ).toBeTruthy();
    expect(caducidad.getAttribute('aria-describedby')).toBe('documento-caducidad-sugerida');

    fireEvent.change(form.getByLabelText('Fecha de emisión'), { target: { value: '2028-06-01' } });
    expect(caducidad.value).toBe('2029-06-01');
    expect(
      form.getByText(
        'Caducidad sugerida: 01/06/2029 (inspección anual: 10 años o más desde la matriculación). Puedes cambiarla.',
      ),
    ).toBeTruthy();

    fireEvent.change(caducidad, { target: { value: '2029-05-31' } });
    fireEvent.change(form.getByLabelText('Fecha de emisión'), { target: { value: '2028-06-02' } });
    expect(caducidad.value).toBe('2029-05-31');
    await user.upload(
      form.getByLabelText(/Archivo/),
      new File(['%PDF-1.4'], 'itv.pdf', { type: 'application/pdf' }),
    );
    await user.click(form.getByRole('button', { name: 'Subir documento' }));
    await screen.findByText('Sin documentos');
    expect(uploads[0]?.get('tipo')).toBe('itv');
    expect(uploads[0]?.get('fechaEmision')).toBe('2028-06-02');
    expect(uploads[0]?.get('fechaCaducidad')).toBe('2029-05-31');
  });

  it('R12: without a matriculación an ITV card suggests nothing', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    fake.on('GET', `${RECORD}/documentos`, () => ({ body: { data: [] } }));
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Documentos' }));
    await user.click(await screen.findByRole('button', { name: 'Añadir documento' }));
    const form = within(screen.getByRole('form', { name: 'Añadir documento' }));
    await user.selectOptions(form.getByLabelText('Tipo'), 'Tarjeta ITV / informe de inspección');
    fireEvent.change(form.getByLabelText('Fecha de emisión'), { target: { value: '2026-03-15' } });
    expect((form.getByLabelText('Fecha de caducidad') as HTMLInputElement).value).toBe('');
    expect(form.queryByText(/Caducidad sugerida/)).toBeNull();
  });

  it('refuses files over 25 MB or of another type, and computes vigencia', () => {
    const big = new File(['x'], 'a.pdf');
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    expect(archivoError(big)).toBe('El archivo supera 25 MB');
    expect(archivoError(new File(['x'], 'a.exe'))).toBe('Tipo de archivo no admitido');
    expect(archivoError(new File(['x'], 'a.PDF'))).toBeUndefined();
    expect(vigencia('2026-03-01', '2026-03-02')?.label).toBe('Caducado');
    expect(vigencia('2026-04-01', '2026-03-02')?.label).toBe('Caduca pronto');
    expect(vigencia('2026-04-02', '2026-03-02')?.label).toBe('Vigente');
    expect(vigencia(null, '2026-03-02')).toBeUndefined();
  });
});
