import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { renderLogistica } from './testing/render-logistica.js';

import './components/albaran-list-page.js';

// logistica.md §5 "List" (rental): "Desde"/"Hasta", Cliente, Alquiler and "Pendientes de firma"
// live in the URL and reach GET /api/albaranes as desde, hasta, clienteId, alquilerId, firmado.

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };
const CLIENTE = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b21';
const ALQUILER = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b22';

const fila = {
  _id: '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b23',
  version: 2,
  tipo: 'entrega',
  numero: 'AE2026-00042',
  estado: 'emitido',
  fechaHora: '2026-03-04T07:30:00.000Z',
  cliente: { _id: CLIENTE, nombre: 'Construcciones Llevant, S.L.', documento: 'B07345671' },
  alquiler: { _id: ALQUILER, numero: 'A2026-00012' },
  obra: 'Palma',
  unidades: 40,
  firmado: false,
  firmante: null,
  referenciaExterna: null,
};

const preparar = () => {
  const fake = createFakeApi();
  fake.on('GET', '/api/albaranes', () => ({
    body: { data: [fila], meta: { page: 1, limit: 20, total: 1, totalPages: 1 } },
  }));
  fake.on('GET', '/api/clientes', () => ({
    body: {
      data: [{ _id: CLIENTE, nombre: 'Construcciones Llevant, S.L.', documento: 'B07345671' }],
      meta: { page: 1, limit: 100, total: 1, totalPages: 1 },
    },
  }));
  fake.on('GET', '/api/alquileres', () => ({
    body: {
      data: [{ _id: ALQUILER, numero: 'A2026-00012', cliente: 'Construcciones Llevant, S.L.' }],
      meta: { page: 1, limit: 50, total: 1, totalPages: 1 },
    },
  }));
  return fake;
};
const ultimaLista = (fake: ReturnType<typeof createFakeApi>) =>
  Object.fromEntries(fake.callsTo('GET', '/api/albaranes').at(-1)?.query ?? []);

describe('rental albaranes list: the §5 filters', () => {
  it('a link with desde, hasta, cliente, alquiler and firma asks the API for them and shows them', async () => {
    const fake = preparar();
    renderLogistica(
      `/albaranes?desde=2026-03-01&hasta=2026-03-31&cliente=${CLIENTE}&alquiler=${ALQUILER}&firma=pendiente`,
      { fake },
    );
    expect(await screen.findByLabelText('Desde', {}, LAZY)).toHaveProperty('value', '2026-03-01');
    expect(screen.getByLabelText('Hasta')).toHaveProperty('value', '2026-03-31');
    await waitFor(() =>
      expect(ultimaLista(fake)).toMatchObject({
        desde: '2026-03-01',
        hasta: '2026-03-31',
        clienteId: CLIENTE,
        alquilerId: ALQUILER,
        firmado: 'false',
      }),
    );
    expect(screen.getByLabelText('Pendientes de firma')).toHaveProperty('checked', true);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveProperty(
        'value',
        'Construcciones Llevant, S.L. (B07345671)',
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Alquiler' })).toHaveProperty(
      'value',
      'A2026-00012 — Construcciones Llevant, S.L.',
    );
  });

  it('choosing dates, a client and an alquiler writes them to the URL; "Limpiar filtros" empties it', async () => {
    const fake = preparar();
    const { router } = renderLogistica('/albaranes', { fake });
    const desde = await screen.findByLabelText('Desde', {}, LAZY);
    await user.type(desde, '2026-03-01');
    await user.type(screen.getByLabelText('Hasta'), '2026-03-31');
    await user.type(screen.getByRole('combobox', { name: 'Cliente' }), 'Llevant');
    await user.click(await screen.findByRole('option', { name: /Construcciones Llevant/ }));
    await user.type(screen.getByRole('combobox', { name: 'Alquiler' }), 'A2026');
    await user.click(await screen.findByRole('option', { name: /A2026-00012/ }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        desde: '2026-03-01',
        hasta: '2026-03-31',
        cliente: CLIENTE,
        alquiler: ALQUILER,
      }),
    );
    await waitFor(() =>
      expect(ultimaLista(fake)).toMatchObject({ clienteId: CLIENTE, alquilerId: ALQUILER }),
    );
    fake.on('GET', '/api/albaranes', () => ({
      body: { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 } },
    }));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(await screen.findByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('rental albaranes list: "Facturar" (finanzas.md §5 `?alquilerId=&hasta=`)', () => {
  const OTRO = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b24';
  const listar = (pendientes: string[]) => {
    const fake = preparar();
    fake.on('GET', '/api/albaranes', () => ({
      body: {
        data: [
          fila,
          { ...fila, _id: OTRO, numero: null, estado: 'borrador', fechaHora: fila.fechaHora },
        ],
        meta: { page: 1, limit: 20, total: 2, totalPages: 1 },
      },
    }));
    fake.on('GET', '/api/facturas/alquileres-pendientes', () => ({
      body: { data: pendientes.map((origenId) => ({ origenId })) },
    }));
    renderLogistica('/albaranes', { fake, roles: ['empleado'] });
    return fake;
  };

  it('an emitted albarán whose alquiler has days to invoice links to its invoice form, up to today', async () => {
    const fake = listar([ALQUILER]);
    const enlace = await screen.findByRole('link', { name: 'Facturar AE2026-00042' }, LAZY);
    const hoy = fake.callsTo('GET', '/api/facturas/alquileres-pendientes')[0]?.query.get('hasta');
    expect(hoy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(enlace.getAttribute('href')).toBe(`/facturas/nueva?alquilerId=${ALQUILER}&hasta=${hoy}`);
    // A borrador is not invoiced: no link on it.
    expect(screen.getAllByRole('link', { name: /^Facturar / })).toHaveLength(1);
  });

  it('an alquiler with nothing left to invoice offers none', async () => {
    const fake = listar([]);
    await screen.findAllByRole('link', { name: 'Ver AE2026-00042' }, LAZY);
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/facturas/alquileres-pendientes')).toHaveLength(1),
    );
    expect(screen.queryByRole('link', { name: /^Facturar / })).toBeNull();
  });
});

describe('rental albaranes list: Cliente and Alquiler search the server (beyond the first page)', () => {
  const idDe = (n: number) => `0b6f3c1e-4f9d-4a53-9a3c-${String(n).padStart(12, '0')}`;
  const alquilerIdDe = (n: number) => `0b6f3c1e-4f9d-4a53-9a3d-${String(n).padStart(12, '0')}`;
  const CLIENTES = Array.from({ length: 150 }, (_, i) => ({
    _id: idDe(i + 1),
    nombre: `Cliente ${String(i + 1).padStart(3, '0')}, S.L.`,
    documento: null,
  }));
  const ALQUILERES = Array.from({ length: 80 }, (_, i) => ({
    _id: alquilerIdDe(i + 1),
    numero: `A2026-${String(i + 1).padStart(5, '0')}`,
    cliente: `Cliente ${String(i + 1).padStart(3, '0')}, S.L.`,
    obraNombre: null,
  }));
  /** The API: the first page (100 clients, 50 alquileres), or those matching the typed text. */
  const conMuchos = () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/albaranes', () => ({
      body: { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 } },
    }));
    const pagina = <T extends object>(todos: T[], texto: (x: T) => string, limit: number) =>
      ((r: { query: URLSearchParams }) => {
        const q = (r.query.get('searchTerm') ?? '').toLowerCase();
        const data = todos.filter((x) => texto(x).toLowerCase().includes(q)).slice(0, limit);
        return { body: { data, meta: { page: 1, limit, total: data.length, totalPages: 1 } } };
      }) as never;
    fake.on(
      'GET',
      '/api/clientes',
      pagina(CLIENTES, (c) => c.nombre, 100),
    );
    fake.on(
      'GET',
      '/api/alquileres',
      pagina(ALQUILERES, (a) => `${a.numero} ${a.cliente}`, 50),
    );
    fake.on('GET', `/api/clientes/${idDe(130)}`, () => ({ body: { data: CLIENTES[129] } }));
    fake.on('GET', `/api/alquileres/${alquilerIdDe(70)}`, () => ({
      body: {
        data: { _id: alquilerIdDe(70), numero: 'A2026-00070', cliente: CLIENTES[69] },
      },
    }));
    return fake;
  };

  it('finds and picks the 130th client and the 70th alquiler as typed; the list is filtered by them', async () => {
    const fake = conMuchos();
    const { router } = renderLogistica('/albaranes', { fake });
    const cliente = await screen.findByRole('combobox', { name: 'Cliente' }, LAZY);
    fireEvent.change(cliente, { target: { value: 'Cliente 130' } });
    await user.click(await screen.findByRole('option', { name: 'Cliente 130, S.L.' }));
    expect(fake.callsTo('GET', '/api/clientes').at(-1)?.query.get('searchTerm')).toBe(
      'Cliente 130',
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Alquiler' }), {
      target: { value: 'A2026-00070' },
    });
    await user.click(
      await screen.findByRole('option', { name: 'A2026-00070 — Cliente 070, S.L.' }),
    );
    expect(fake.callsTo('GET', '/api/alquileres').at(-1)?.query.get('searchTerm')).toBe(
      'A2026-00070',
    );
    await waitFor(() =>
      expect(ultimaLista(fake)).toMatchObject({
        clienteId: idDe(130),
        alquilerId: alquilerIdDe(70),
      }),
    );
    expect(router.state.location.search).toContain(`cliente=${idDe(130)}`);
    expect(router.state.location.search).toContain(`alquiler=${alquilerIdDe(70)}`);
  });

  it('a client and an alquiler beyond the first page, from the URL, are shown by their records', async () => {
    renderLogistica(`/albaranes?cliente=${idDe(130)}&alquiler=${alquilerIdDe(70)}`, {
      fake: conMuchos(),
    });
    const cliente = (await screen.findByRole(
      'combobox',
      { name: 'Cliente' },
      LAZY,
    )) as HTMLInputElement;
    await waitFor(() => expect(cliente.value).toBe('Cliente 130, S.L.'));
    const alquiler = screen.getByRole('combobox', { name: 'Alquiler' }) as HTMLInputElement;
    await waitFor(() => expect(alquiler.value).toBe('A2026-00070 — Cliente 070, S.L.'));
  });
});
