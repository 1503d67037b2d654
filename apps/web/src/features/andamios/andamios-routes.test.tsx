import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { diaEnMadrid, sumarDias, VERSION_MESSAGES } from '@tvsistema/domain';
import { INVENTARIO_MESSAGES as M } from '@tvsistema/domain/inventario';
import { createFakeApi, type FakeApi } from '../../testing/fake-api.js';
import { expectCampoInvalido } from '../../testing/invalid-field.js';
import { aComponente, aPage, MAR_ID } from './testing/fixtures.js';
import { renderAndamios } from './testing/render-andamios.js';

// The lazy routes' screens, loaded before the first test: a busy machine must not turn the
// chunk's first import into a timeout.
import './components/andamio-list-page.js';
import './components/andamio-form-page.js';
import './components/andamio-detail-page.js';

const user = userEvent.setup({ delay: null });
const NEW_ID = '1c5f5d0e-1a2b-4c3d-8e9f-0000000000aa';
const RESUMEN = {
  piezasPropiedad: 10_524,
  disponibles: 8_380,
  alquiladas: 1_920,
  enReparacion: 224,
  pesoAlquiladoKg: '24870.500',
};

const withList = (fake: FakeApi, rows = [aComponente()]) => {
  fake.on('GET', '/api/andamios', () => ({ body: aPage(rows) }));
  fake.on('GET', '/api/andamios/resumen', () => ({ body: { data: RESUMEN } }));
};

describe('/andamios list (inventario.md §5.4)', () => {
  it('shows the summary cards, the columns and badges, active components by default', async () => {
    const fake = createFakeApi();
    withList(fake, [
      aComponente(),
      aComponente({
        _id: '1c5f5d0e-1a2b-4c3d-8e9f-000000000002',
        codigo: 'ANC-040',
        nombre: 'Anclaje a fachada 0,40 m',
        categoria: 'anclaje',
        stockMinimo: 1000,
        bajoMinimo: true,
        sobrerreserva: { fecha: '2026-03-28', faltan: 5 },
      }),
    ]);
    renderAndamios('/andamios', { fake });

    expect(await screen.findByRole('heading', { name: 'Andamios' })).toBeTruthy();
    expect(screen.getByText('Catálogo de componentes y stock')).toBeTruthy();
    for (const label of ['Piezas en propiedad', 'Alquiladas', 'Peso alquilado']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(await screen.findByText('10.524')).toBeTruthy();
    expect(screen.getByText('24,9 t')).toBeTruthy();
    expect(await screen.findByText('Marco 1,00 × 0,73 m')).toBeTruthy();
    expect(screen.getAllByText('11,2')).toHaveLength(2);
    expect(screen.getAllByText('0,04 €')).toHaveLength(2);
    expect(screen.getAllByText('380')).toHaveLength(2);
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Bajo mínimo')).toBeTruthy();
    expect(table.getByText('Sobrerreserva')).toBeTruthy();
    expect(table.getByText(': Sobrerreserva: faltan 5 uds. el 28/03/2026')).toBeTruthy();
    expect(fake.callsTo('GET', '/api/andamios')[0]?.query.get('activo')).toBe('true');
    expect(screen.getByRole('link', { name: 'Nuevo componente' }).getAttribute('href')).toBe(
      '/andamios/nuevo',
    );
    expect(screen.getByRole('button', { name: 'Imprimir inventario' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver MAR-100-073' })).toBeTruthy();
  });

  it('filters by Categoría, Sistema, Estado, Bajo mínimo and Con sobrerreserva', async () => {
    const fake = createFakeApi();
    withList(fake);
    renderAndamios('/andamios', { fake });
    await screen.findByText('Marco 1,00 × 0,73 m');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'marco');
    await user.type(screen.getByRole('searchbox', { name: 'Sistema' }), 'Europeo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'inactivos');
    await user.click(screen.getByLabelText('Bajo mínimo'));
    await user.click(screen.getByLabelText('Con sobrerreserva'));
    await waitFor(() => {
      const query = fake.callsTo('GET', '/api/andamios').at(-1)?.query;
      expect(query?.get('categoria')).toBe('marco');
      expect(query?.get('sistema')).toBe('Europeo');
      expect(query?.get('activo')).toBe('false');
      expect(query?.get('bajoMinimo')).toBe('true');
      expect(query?.get('sobrerreserva')).toBe('true');
    });
  });

  it('loading, empty and failed texts', async () => {
    const fake = createFakeApi();
    let answer: () => { status?: number; body: unknown } = () => ({ body: aPage([]) });
    fake.on('GET', '/api/andamios', () => answer());
    const first = renderAndamios('/andamios', { fake });
    expect(await screen.findByText('Cargando andamios…')).toBeTruthy();
    expect(
      await screen.findByText(
        'Aún no hay componentes de andamio - Da de alta tu catálogo (marcos, plataformas, barandillas…) para alquilarlo por cantidad.',
      ),
    ).toBeTruthy();
    first.unmount();
    answer = () => ({ status: 500, body: {} });
    renderAndamios('/andamios', { fake });
    expect(await screen.findByText('No se pudo cargar el catálogo de andamios')).toBeTruthy();
  });

  it('alquileres sees the list without the edit actions', async () => {
    const fake = createFakeApi();
    withList(fake);
    renderAndamios('/andamios', { fake, roles: ['alquileres'] });
    await screen.findByText('Marco 1,00 × 0,73 m');
    expect(screen.queryByRole('link', { name: 'Nuevo componente' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar MAR-100-073' })).toBeNull();
  });
});

describe('/andamios/nuevo and /editar (inventario.md §5.5)', () => {
  it('creates a component with its initial stock and lands on its detail', async () => {
    const fake = createFakeApi();
    fake.on('POST', '/api/andamios', () => ({
      status: 201,
      body: { data: aComponente({ _id: NEW_ID, codigo: 'BAR-307', nombre: 'Barandilla doble' }) },
    }));
    fake.on('GET', `/api/andamios/${NEW_ID}`, () => ({
      body: { data: aComponente({ _id: NEW_ID, codigo: 'BAR-307', nombre: 'Barandilla doble' }) },
    }));
    const { router } = renderAndamios('/andamios/nuevo', { fake });
    expect(await screen.findByRole('heading', { name: 'Nuevo componente' })).toBeTruthy();
    for (const card of [
      'Identificación',
      'Transporte',
      'Precios por unidad (IVA no incluido)',
      'Stock',
      'Observaciones',
    ]) {
      expect(screen.getByRole('region', { name: card })).toBeTruthy();
    }
    await user.type(screen.getByRole('textbox', { name: /^Código/ }), 'bar-307');
    await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Barandilla doble');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Categoría/ }), 'barandilla');
    await user.type(screen.getByRole('textbox', { name: /^Peso por unidad/ }), '5,4');
    await user.type(screen.getByRole('textbox', { name: /^por día/ }), '0,03');
    const stock = screen.getByRole('textbox', { name: 'Stock inicial (uds.)' });
    await user.clear(stock);
    await user.type(stock, '1400');
    await user.click(screen.getByRole('button', { name: 'Crear componente' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/andamios/${NEW_ID}`), {
      timeout: 3000,
    });
    expect(await screen.findByText('Componente creado')).toBeTruthy();
    expect(fake.callsTo('POST', '/api/andamios')[0]?.body).toMatchObject({
      codigo: 'BAR-307',
      categoria: 'barandilla',
      pesoKg: '5.4',
      precios: { dia: '0.03' },
      stockInicial: 1400,
      stockMinimo: 0,
    });
  });

  it('shows R14 and field errors from the domain schema', async () => {
    renderAndamios('/andamios/nuevo');
    await screen.findByRole('heading', { name: 'Nuevo componente' });
    await user.type(screen.getByRole('textbox', { name: /^por día/ }), '1');
    await user.type(screen.getByRole('textbox', { name: /^por semana/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Crear componente' }));
    expect(await screen.findByText(M.tarifaSemanal)).toBeTruthy();
    expect(screen.getByText(M.codigoComponente)).toBeTruthy();
    expect(screen.getByText(M.pesoComponente)).toBeTruthy();
    // A screen reader hears the refused fields and their messages (issue 14).
    expectCampoInvalido(screen.getByRole('textbox', { name: /^por semana/ }), M.tarifaSemanal);
    expectCampoInvalido(screen.getByRole('textbox', { name: /^Código/ }), M.codigoComponente);
  });

  it('edits with the version read; a stale one offers Recargar', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/andamios/${MAR_ID}`, () => ({ body: { data: aComponente() } }));
    fake.on('PUT', `/api/andamios/${MAR_ID}`, () => ({
      status: 409,
      body: { message: VERSION_MESSAGES.stale },
    }));
    renderAndamios(`/andamios/${MAR_ID}/editar`, { fake });
    expect(
      await screen.findByRole('heading', { name: 'Editar componente MAR-100-073' }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Stock inicial (uds.)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(VERSION_MESSAGES.stale)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(fake.callsTo('PUT', `/api/andamios/${MAR_ID}`)[0]?.body).toMatchObject({
      pesoKg: '11.2',
      precios: { dia: '0.04', reposicion: '45.00' },
      version: 2,
    });
  });

  it('answers a bad id and a missing component with the §5 texts', async () => {
    const first = renderAndamios('/andamios/xyz');
    expect(await screen.findByText('Identificador de componente inválido.')).toBeTruthy();
    // Issue 14: the screen keeps its h1 and a way back to the list.
    expect(screen.getByRole('heading', { level: 1, name: 'Componente de andamio' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la lista' }).getAttribute('href')).toBe(
      '/andamios',
    );
    first.unmount();
    const fake = createFakeApi();
    fake.on('GET', `/api/andamios/${MAR_ID}`, () => ({ status: 404, body: {} }));
    renderAndamios(`/andamios/${MAR_ID}/editar`, { fake });
    expect(await screen.findByText('Componente no encontrado')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Componente de andamio' })).toBeTruthy();
  });
});

describe('/andamios/:andamioId detail (inventario.md §5.6)', () => {
  const withRecord = (fake: FakeApi, record = aComponente()) => {
    let stored = record;
    fake.on('GET', `/api/andamios/${MAR_ID}`, () => ({ body: { data: stored } }));
    return (next: typeof record) => {
      stored = next;
    };
  };

  it('shows the stock bar and, for empleado, only the repair actions', async () => {
    const fake = createFakeApi();
    withRecord(fake);
    renderAndamios(`/andamios/${MAR_ID}`, { fake, roles: ['empleado'] });
    const bar = within(await screen.findByRole('region', { name: 'Stock del componente' }));
    expect(bar.getByText('Disponible')).toBeTruthy();
    expect(bar.getByText('380')).toBeTruthy();
    expect(bar.getByText('Vendido')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar a reparación' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vuelta de reparación' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar movimiento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recuento' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
  });

  it('sends pieces to repair, shows the new stock, and shows 409 Stock insuficiente', async () => {
    const fake = createFakeApi();
    const setRecord = withRecord(fake);
    let refuse = true;
    fake.on('POST', `/api/andamios/${MAR_ID}/reparaciones`, () => {
      if (refuse) {
        return {
          status: 409,
          body: { message: M.stockInsuficiente('MAR-100-073', 'disponibles', 380, 500) },
        };
      }
      setRecord(
        aComponente({
          stock: {
            disponible: 370,
            alquilado: 120,
            enReparacion: 34,
            baja: 2,
            vendido: 0,
            propiedad: 524,
          },
        }),
      );
      return { status: 201, body: { data: {} } };
    });
    renderAndamios(`/andamios/${MAR_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Enviar a reparación' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Cantidad'), '500');
    await user.click(dialog.getByRole('button', { name: 'Registrar' }));
    expect(
      await dialog.findByText(
        'Stock insuficiente en MAR-100-073: disponibles 380, solicitadas 500',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('POST', `/api/andamios/${MAR_ID}/reparaciones`)[0]?.body).toEqual({
      tipo: 'enviar',
      cantidad: 500,
      fecha: diaEnMadrid(),
    });

    refuse = false;
    await user.clear(dialog.getByLabelText('Cantidad'));
    await user.type(dialog.getByLabelText('Cantidad'), '10');
    await user.click(dialog.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Piezas enviadas a reparación')).toBeTruthy();
    const bar = within(screen.getByRole('region', { name: 'Stock del componente' }));
    expect(await bar.findByText('370')).toBeTruthy();
    expect(bar.getByText('34')).toBeTruthy();
  });

  it('a recount confirms the −2 adjustment, then shows the R8 refusal', async () => {
    const fake = createFakeApi();
    withRecord(fake);
    fake.on('POST', `/api/andamios/${MAR_ID}/recuento`, () => ({
      status: 409,
      body: { message: M.recuentoCambiado(375) },
    }));
    renderAndamios(`/andamios/${MAR_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Recuento' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Disponible según sistema: 380')).toBeTruthy();
    await user.type(dialog.getByLabelText('Contado'), '378');
    await user.type(dialog.getByLabelText('Motivo'), 'Recuento anual del almacén');
    await user.click(dialog.getByRole('button', { name: 'Registrar' }));
    expect(await dialog.findByText('Se registrará un ajuste de −2 uds.')).toBeTruthy();
    expect(fake.callsTo('POST', `/api/andamios/${MAR_ID}/recuento`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Confirmar' }));
    expect(
      await dialog.findByText(
        'El stock disponible ha cambiado desde el recuento (ahora 375). Vuelve a cargar y repite el recuento.',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('POST', `/api/andamios/${MAR_ID}/recuento`)[0]?.body).toEqual({
      contado: 378,
      disponibleLeido: 380,
      fecha: diaEnMadrid(),
      motivo: 'Recuento anual del almacén',
    });
  });

  it('registers a baja from repair with its motivo', async () => {
    const fake = createFakeApi();
    withRecord(fake);
    fake.on('POST', `/api/andamios/${MAR_ID}/movimientos`, () => ({
      status: 201,
      body: { data: {} },
    }));
    renderAndamios(`/andamios/${MAR_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Registrar movimiento' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Tipo'), 'baja');
    await user.selectOptions(dialog.getByLabelText('Sale de'), 'enReparacion');
    await user.type(dialog.getByLabelText('Cantidad'), '3');
    await user.click(dialog.getByRole('button', { name: 'Registrar' }));
    expect(await dialog.findByText(M.motivo)).toBeTruthy();
    expectCampoInvalido(dialog.getByLabelText('Motivo'), M.motivo);
    await user.type(dialog.getByLabelText('Motivo'), 'Marcos doblados sin arreglo');
    await user.click(dialog.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Movimiento registrado')).toBeTruthy();
    expect(fake.callsTo('POST', `/api/andamios/${MAR_ID}/movimientos`)[0]?.body).toEqual({
      tipo: 'baja',
      desde: 'enReparacion',
      cantidad: 3,
      fecha: diaEnMadrid(),
      motivo: 'Marcos doblados sin arreglo',
    });
  });

  it('Disponibilidad asks for today … today + 60 and shows the minimum and the bookings', async () => {
    const fake = createFakeApi();
    withRecord(fake);
    // The API's answer (opciones.routes.ts): the minimum comes computed with its first day.
    fake.on('GET', `/api/inventario/componentes/${MAR_ID}/disponibilidad`, () => ({
      body: {
        data: {
          capacidad: 500,
          libresMin: 300,
          fechaLimitante: '2026-03-25',
          dias: [
            { fecha: '2026-03-24', reservado: 100, libres: 400 },
            { fecha: '2026-03-25', reservado: 200, libres: 300 },
            { fecha: '2026-03-26', reservado: 200, libres: 300 },
          ],
          reservas: [
            {
              _id: 'b1',
              origenTipo: 'alquiler',
              origenId: 'a1',
              numero: 'A2026-00012',
              etiqueta: 'A2026-00012 · Construcciones Llevant, S.L.',
              cantidad: 100,
              desde: '2026-03-25',
              hasta: '2026-03-31',
              preparacionHasta: null,
              estado: 'activo',
              enCurso: false,
              vencido: false,
            },
          ],
        },
      },
    }));
    renderAndamios(`/andamios/${MAR_ID}`, { fake });
    await user.click(await screen.findByRole('tab', { name: 'Disponibilidad' }));
    expect(await screen.findByText('Mínimo: 300 uds. el 25/03/2026')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'A2026-00012 · Construcciones Llevant, S.L.' }),
    ).toHaveProperty('pathname', '/alquileres/a1');
    const call = fake.callsTo('GET', `/api/inventario/componentes/${MAR_ID}/disponibilidad`)[0];
    expect(call?.query.get('desde')).toBe(diaEnMadrid());
    expect(call?.query.get('hasta')).toBe(sumarDias(diaEnMadrid(), 60));
  });

  it('Movimientos lists the ledger and filters it; none reads "Sin movimientos"', async () => {
    const fake = createFakeApi();
    withRecord(fake);
    fake.on('GET', `/api/andamios/${MAR_ID}/movimientos`, ({ query }) => ({
      body: aPage(
        query.get('tipo') === 'venta'
          ? []
          : [
              {
                _id: 'm1',
                componenteId: MAR_ID,
                tipo: 'reparacion',
                cantidad: 10,
                de: 'disponible',
                a: 'enReparacion',
                fecha: '2026-03-02',
                referencia: null,
                motivo: 'Soldaduras abiertas',
                usuario: 'empleado@tvsistema.test',
                createdAt: '2026-03-02T10:00:00+01:00',
              },
            ],
      ),
    }));
    renderAndamios(`/andamios/${MAR_ID}`, { fake });
    await user.click(await screen.findByRole('tab', { name: 'Movimientos' }));
    // A cell: the Tipo filter has an option of the same name.
    expect(await screen.findByRole('cell', { name: 'Envío a reparación' })).toBeTruthy();
    expect(screen.getByText('Disponible → En reparación')).toBeTruthy();
    expect(screen.getByText('Soldaduras abiertas')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Tipo'), 'venta');
    expect(await screen.findByText('Sin movimientos')).toBeTruthy();
  });
});
