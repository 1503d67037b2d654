import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERSION_MESSAGES } from '@tvsistema/domain';
import { useLocation } from 'react-router';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';
import { expectCampoInvalido } from '../../../testing/invalid-field.js';
import { aMaquina, MAQUINA_ID } from '../testing/fixtures.js';
import { renderMaquina } from '../testing/render-maquina.js';
import { fotoError } from './foto-card.js';
import { MaquinaFormPage } from './maquina-form-page.js';

const user = userEvent.setup({ delay: null });
const RECORD = `/api/maquinaria/${MAQUINA_ID}`;
const PROVEEDOR_ID = '99999999-2222-4333-8444-555555555555';

/** Stands in for the detail: where the form landed and the message it brought. */
const DetailProbe = () => {
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash;
  return (
    <div>
      <h1>Detalle {location.pathname}</h1>
      {flash && <p>{flash}</p>}
    </div>
  );
};

const withProveedores = (fake: FakeApi) => {
  fake.on('GET', '/api/proveedores', ({ query }) => ({
    body: {
      data:
        query.get('searchTerm') === 'taller'
          ? [{ _id: PROVEEDOR_ID, nombre: 'Talleres Son Castelló' }]
          : [],
      meta: { page: 1, limit: 20, total: 0, totalPages: 0 },
    },
  }));
  return fake;
};

/**
 * Sets a field in one change event: the long form re-renders on every event, and typing key by
 * key on a busy machine took more than the test's time; what is typed is not the point here.
 */
const fill = async (label: string, value: string) => {
  fireEvent.change(field(label), { target: { value } });
  await Promise.resolve();
};

const renderForm = (mode: 'create' | 'edit', fake: FakeApi, path?: string) =>
  renderMaquina(<MaquinaFormPage mode={mode} />, {
    path: path ?? (mode === 'create' ? '/maquinaria/nueva' : `/maquinaria/${MAQUINA_ID}/editar`),
    routePath: mode === 'create' ? '/maquinaria/nueva' : '/maquinaria/:maquinariaId/editar',
    routes: [
      { path: '/maquinaria/:maquinariaId', element: <DetailProbe /> },
      { path: '/maquinaria', element: <h1>Listado</h1> },
    ],
    fake: withProveedores(fake),
  });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label; a required one's label ends in " *". */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`)) as HTMLInputElement;

describe('MaquinaFormPage, create (inventario.md §5.2)', () => {
  it('lays out the cards and the create-only horómetro', () => {
    renderForm('create', createFakeApi());
    expect(screen.getByRole('heading', { name: 'Nueva máquina' })).toBeTruthy();
    for (const title of [
      'Identificación',
      'Circulación',
      'Datos técnicos',
      'Compra',
      'Tarifas (IVA no incluido)',
      'Horómetro',
      'Plan de revisiones',
      'Observaciones',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(field('Código interno').placeholder).toBe('Automático');
    expect(field('Horómetro inicial (h)').value).toBe('0');
    expect((screen.getByRole('combobox', { name: 'Proveedor' }) as HTMLSelectElement).value).toBe(
      '',
    );
    expect(screen.getByRole('option', { name: 'Sin proveedor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear máquina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('validates with the domain schema: required fields and R14 rates', async () => {
    const fake = createFakeApi();
    renderForm('create', fake);
    await fill('Tarifa diaria', '95');
    await fill('Tarifa semanal', '700');
    await user.click(screen.getByRole('button', { name: 'Crear máquina' }));
    expect(await screen.findByText('Elige un tipo')).toBeTruthy();
    expect(screen.getByText('La marca es obligatoria (hasta 60 caracteres)')).toBeTruthy();
    expect(
      screen.getByText('La tarifa semanal debe estar entre la diaria y 7 veces la diaria'),
    ).toBeTruthy();
    // A screen reader hears each refused field as invalid, with its message (issue 14).
    expectCampoInvalido(screen.getByRole('combobox', { name: /^Tipo/ }), 'Elige un tipo');
    expectCampoInvalido(field('Marca'), 'La marca es obligatoria (hasta 60 caracteres)');
    expectCampoInvalido(
      field('Tarifa semanal'),
      'La tarifa semanal debe estar entre la diaria y 7 veces la diaria',
    );
    expect(fake.callsTo('POST', '/api/maquinaria')).toHaveLength(0);
  });

  it('previews 15 days by R2 as the rates are typed', async () => {
    renderForm('create', createFakeApi());
    await fill('Tarifa diaria', '95');
    await fill('Tarifa semanal', '380');
    await fill('Tarifa mensual', '1100');
    expect(await screen.findByText('15 días: 855,00 €')).toBeTruthy();
  });

  it('creates the machine, then shows "Guardado. Redirigiendo…" and its detail with "Máquina creada"', async () => {
    const fake = createFakeApi();
    fake.on('POST', '/api/maquinaria', () => ({
      status: 201,
      body: { data: aMaquina({ codigoInterno: 'MEX-003', marca: 'Takeuchi', modelo: 'TB216' }) },
    }));
    const { router } = renderForm('create', fake);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'Miniexcavadora');
    await fill('Marca', 'Takeuchi');
    await fill('Modelo', 'TB216');
    await fill('Nº de serie', 'tb216-1234');
    await fill('Año', '2022');
    await fill('Peso (kg)', '1.680,5');
    await fill('Tarifa diaria', '95');
    await fill('Horómetro inicial (h)', '12,5');
    await user.click(screen.getByRole('button', { name: 'Añadir característica' }));
    await fill('Característica 1: nombre', 'Profundidad');
    await fill('Característica 1: valor', '2,5 m');
    await user.click(screen.getByRole('button', { name: 'Añadir revisión' }));
    await fill('Nombre', 'Mantenimiento 500 h');
    await fill('Cada (h)', '500');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar proveedor' }), 'taller');
    await screen.findByRole('option', { name: 'Talleres Son Castelló' }, { timeout: 3000 });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Proveedor' }),
      'Talleres Son Castelló',
    );
    await user.click(screen.getByRole('button', { name: 'Crear máquina' }));

    expect(await screen.findByText('Guardado. Redirigiendo…')).toBeTruthy();
    const body = fake.callsTo('POST', '/api/maquinaria')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      tipo: 'miniexcavadora',
      marca: 'Takeuchi',
      modelo: 'TB216',
      numeroSerie: 'tb216-1234',
      anio: 2022,
      pesoKg: '1680.5',
      horometroInicial: '12.5',
      tarifas: { dia: '95', horasIncluidasDia: 8 },
      diasPreparacion: 0,
      caracteristicas: [{ nombre: 'Profundidad', valor: '2,5 m' }],
      planRevisiones: [{ nombre: 'Mantenimiento 500 h', cadaHoras: 500, avisoDias: 30 }],
      proveedorId: PROVEEDOR_ID,
    });
    expect(body.codigoInterno).toBeUndefined();
    expect(await screen.findByText('Máquina creada', {}, { timeout: 3000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/maquinaria/${MAQUINA_ID}`);
  });

  it('puts a 409 with errors on its field (R1 duplicate serial)', async () => {
    const fake = createFakeApi();
    const message = 'Ya existe una máquina Kubota con el número de serie U17-35124 (MEX-001)';
    fake.on('POST', '/api/maquinaria', () => ({
      status: 409,
      body: { message, errors: [`numeroSerie: ${message}`] },
    }));
    renderForm('create', fake);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'Miniexcavadora');
    await fill('Marca', 'kubota ');
    await fill('Modelo', 'U17');
    await fill('Nº de serie', 'U17-35124');
    await fill('Año', '2021');
    await fill('Peso (kg)', '1680');
    await fill('Tarifa diaria', '95');
    await user.click(screen.getByRole('button', { name: 'Crear máquina' }));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expectCampoInvalido(field('Nº de serie'), message);
  });
});

describe('MaquinaFormPage, edit', () => {
  it('loads the machine, shows its horómetro read-only and PUTs with the version', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    fake.on('PUT', RECORD, () => ({ body: { data: aMaquina({ version: 4 }) } }));
    renderForm('edit', fake);
    expect(screen.getByText('Cargando máquina…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Editar máquina MEX-001' })).toBeTruthy();
    expect(field('Tarifa diaria').value).toBe('95,00');
    expect(screen.queryByLabelText('Horómetro inicial (h)')).toBeNull();
    const horometro = screen.getByRole('region', { name: 'Horómetro' });
    expect(within(horometro).getByText('1.845,5 h')).toBeTruthy();
    expect(within(horometro).getByText('Se cambia con «Registrar horómetro»')).toBeTruthy();

    await fill('Tarifa diaria', '100');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Máquina actualizada', {}, { timeout: 3000 })).toBeTruthy();
    const body = fake.callsTo('PUT', RECORD)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ version: 3, tarifas: { dia: '100', semana: '380.00' } });
    expect(body.horometroInicial).toBeUndefined();
  });

  it('a stale version shows the README message with "Recargar", which reloads the record', async () => {
    const fake = createFakeApi();
    let version = 3;
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina({ version }) } }));
    fake.on('PUT', RECORD, () => ({ status: 409, body: { message: VERSION_MESSAGES.stale } }));
    renderForm('edit', fake);
    await screen.findByRole('heading', { name: 'Editar máquina MEX-001' });
    await user.clear(field('Marca'));
    await fill('Marca', 'Kubota Corp');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(VERSION_MESSAGES.stale)).toBeTruthy();
    version = 4;
    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(field('Marca').value).toBe('Kubota'));
    expect(screen.queryByText(VERSION_MESSAGES.stale)).toBeNull();
  });

  it('says "Identificador de máquina inválido." for a bad id, without asking the API', async () => {
    const { fake } = renderForm('edit', createFakeApi(), '/maquinaria/no-es-un-id/editar');
    expect(screen.getByText('Identificador de máquina inválido.')).toBeTruthy();
    expect(fake.calls.filter((call) => call.path.startsWith('/api/maquinaria'))).toHaveLength(0);
  });

  it('shows "Máquina no encontrada" for a 404', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ status: 404, body: { message: 'Máquina no encontrada' } }));
    renderForm('edit', fake);
    expect(await screen.findByText('Máquina no encontrada')).toBeTruthy();
  });

  it('"Foto" uploads the image at once with PUT …/foto and refuses other types', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    const calls: { url: string; method: string }[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      return Promise.resolve(
        init?.method === 'PUT'
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ message: 'La máquina no tiene foto' }), { status: 404 }),
      );
    }) as typeof fetch;
    try {
      renderForm('edit', fake);
      const foto = await screen.findByRole('region', { name: 'Foto' });
      expect(await within(foto).findByText('Sin foto')).toBeTruthy();
      await user.upload(
        within(foto).getByLabelText(/Subir una foto/),
        new File(['png'], 'mex.png', { type: 'image/png' }),
      );
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
          `${RECORD}/foto`,
        ]),
      );
    } finally {
      globalThis.fetch = original;
    }
    expect(fotoError(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe(
      'Tipo de archivo no admitido: la foto debe ser JPEG, PNG o WebP',
    );
  });

  it('"Foto" shows the server’s «archivo» refusal of a file that is no image (§6.1)', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: aMaquina() } }));
    const original = globalThis.fetch;
    globalThis.fetch = ((_url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'PUT'
          ? new Response(
              JSON.stringify({
                message: 'Datos inválidos',
                errors: ['archivo: Tipo de archivo no admitido: la foto debe ser JPEG, PNG o WebP'],
              }),
              { status: 400 },
            )
          : new Response(JSON.stringify({ message: 'La máquina no tiene foto' }), { status: 404 }),
      )) as typeof fetch;
    try {
      renderForm('edit', fake);
      const foto = await screen.findByRole('region', { name: 'Foto' });
      await within(foto).findByText('Sin foto');
      await user.upload(
        within(foto).getByLabelText(/Subir una foto/),
        new File(['%PDF-1.4'], 'falsa.png', { type: 'image/png' }),
      );
      expect(
        await within(foto).findByText(
          'Tipo de archivo no admitido: la foto debe ser JPEG, PNG o WebP',
        ),
      ).toBeTruthy();
    } finally {
      globalThis.fetch = original;
    }
  });
});
