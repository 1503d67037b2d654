import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { renderLogistica } from './testing/render-logistica.js';
import { transporteDePrueba } from './testing/transporte-de-prueba.js';

import './components/transporte-form-page.js';
import './components/transporte-list-page.js';
import './components/transporte-detail-page.js';

// logistica.md §5: transport pages declare `requiredSystem: 'transportes'` (SPEC 2.5 step 5), and
// the transport list's filters live in the URL and reach GET /api/albaranes/transporte (§6).

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };
const ID = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b31';
const CLIENTE = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b32';
const CAMION = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b33';
const lugar = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('rutas de transporte (requiredSystem: transportes)', () => {
  it('opened in the alquileres system by someone who also reaches transportes: the switch is offered', async () => {
    const { router } = renderLogistica(`/albaranes/transporte/ver/${ID}`, {
      roles: ['administracion'],
      system: 'alquileres',
    });
    expect(await screen.findByText('En /select-system', {}, LAZY)).toBeTruthy();
    expect(lugar(router)).toBe(
      `/select-system?returnTo=${encodeURIComponent(`/albaranes/transporte/ver/${ID}`)}`,
    );
  });

  it('escenario 16: Esteban Empleado (no transportes) on /albaranes/transporte/crear → unauthorized', async () => {
    renderLogistica('/albaranes/transporte/crear', { roles: ['empleado'], system: 'alquileres' });
    expect(await screen.findByText('En /unauthorized', {}, LAZY)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Nuevo albarán de transporte' })).toBeNull();
  });

  it('in the transportes system the page shows', async () => {
    const fake = createFakeApi();
    fake.on('GET', /^\/api\//, () => ({ body: { data: [], meta: { total: 0 } } }));
    renderLogistica('/albaranes/transporte/crear', {
      roles: ['transportes'],
      system: 'transportes',
      fake,
    });
    expect(
      await screen.findByRole('heading', { name: 'Nuevo albarán de transporte' }, LAZY),
    ).toBeTruthy();
  });
});

describe('lista de albaranes de transporte: filtros (logistica.md §5 "List")', () => {
  it('reads Desde, Hasta, Cliente, Camión and both switches from the URL, sends them, and writes a change back', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/albaranes/transporte', () => ({
      body: { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 } },
    }));
    fake.on('GET', '/api/clientes', () => ({
      body: { data: [{ _id: CLIENTE, nombre: 'Àrids Son Ferrer, S.L.', documento: 'B07788128' }] },
    }));
    fake.on('GET', '/api/camiones', () => ({
      body: { data: [{ _id: CAMION, matriculaTexto: '8862 LDS', descripcion: 'Actros' }] },
    }));
    const { router } = renderLogistica(
      `/albaranes?desde=2026-05-01&hasta=2026-05-31&cliente=${CLIENTE}&camion=${CAMION}&incompleto=true&sinFacturar=true`,
      { roles: ['transportes'], system: 'transportes', fake },
    );
    await screen.findByRole('heading', { name: 'Gestión de Albaranes - Transportes' }, LAZY);
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/albaranes/transporte').length).toBeGreaterThan(0),
    );
    const query = fake.callsTo('GET', '/api/albaranes/transporte').at(-1)?.query;
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      desde: '2026-05-01',
      hasta: '2026-05-31',
      clienteId: CLIENTE,
      camionId: CAMION,
      incompleto: 'true',
      facturado: 'false',
    });
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2026-05-01');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('2026-05-31');
    await waitFor(() =>
      expect((screen.getByLabelText('Cliente') as HTMLInputElement).value).toBe(
        'Àrids Son Ferrer, S.L. (B07788128)',
      ),
    );
    expect((screen.getByLabelText('Camión') as HTMLInputElement).value).toBe('8862 LDS — Actros');
    const incompleto = screen.getByLabelText('Documento de control incompleto') as HTMLInputElement;
    expect(incompleto.checked).toBe(true);
    expect((screen.getByLabelText('Sin facturar') as HTMLInputElement).checked).toBe(true);
    // "Ningún albarán coincide con los filtros." offers to clear them.
    await screen.findByText('Ningún albarán coincide con los filtros.');

    await user.click(incompleto);
    await waitFor(() => expect(router.state.location.search).not.toContain('incompleto'));
    expect(router.state.location.search).toContain('sinFacturar=true');
    await waitFor(() =>
      expect(
        fake.callsTo('GET', '/api/albaranes/transporte').at(-1)?.query.get('incompleto'),
      ).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('"Facturar" from a transport albarán (finanzas.md §5 `?albaranes=id`, R16)', () => {
  const OTRO = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b34';
  const fila = (id: string, numero: string, cambios: Record<string, unknown>) => ({
    _id: id,
    version: 3,
    numero,
    estado: 'entregado',
    fechaCarga: '2026-05-04',
    cliente: { _id: CLIENTE, nombre: 'Àrids Son Ferrer, S.L.', documento: 'B07788128' },
    origen: 'Calvià',
    destino: 'Palma',
    matricula: '8862 LDS',
    conductor: 'Antoni Bauzà Mas',
    pesoKg: 18500,
    precio: '180.00',
    documentoControlCompleto: true,
    factura: null,
    ...cambios,
  });

  it('the list offers it on a delivered, priced albarán without invoice only', async () => {
    const fake = createFakeApi();
    fake.on('GET', /^\/api\//, () => ({ body: { data: [], meta: { total: 0 } } }));
    fake.on('GET', '/api/albaranes/transporte', () => ({
      body: {
        data: [
          fila(ID, 'AT2026-00006', {}),
          fila(OTRO, 'AT2026-00004', { factura: { _id: 'f', numero: 'T2026-00002' } }),
          fila(CAMION, 'AT2026-00008', { estado: 'pendiente', precio: null }),
        ],
        meta: { page: 1, limit: 20, total: 3, totalPages: 1 },
      },
    }));
    renderLogistica('/albaranes', {
      roles: ['transportes'],
      system: 'transportes',
      fake,
    });
    await screen.findAllByText('AT2026-00008', {}, LAZY);
    const facturar = screen.getAllByRole('link', { name: /^Facturar / });
    expect(facturar.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Facturar AT2026-00006', `/facturas/transporte/nueva?albaranes=${ID}`],
    ]);
  });

  it('the detail links "Facturar" while not invoiced, and not once it is', async () => {
    const fake = createFakeApi();
    fake.on('GET', /^\/api\//, () => ({ body: { data: [], meta: { total: 0 } } }));
    fake.on('GET', `/api/albaranes/transporte/${ID}`, () => ({
      body: { data: transporteDePrueba(ID, { estado: 'entregado', precio: '180.00' }) },
    }));
    fake.on('GET', `/api/albaranes/transporte/${OTRO}`, () => ({
      body: {
        data: transporteDePrueba(OTRO, {
          numero: 'AT2026-00004',
          estado: 'entregado',
          precio: '180.00',
          factura: { _id: 'f', numero: 'T2026-00002' },
        }),
      },
    }));
    const { router } = renderLogistica(`/albaranes/transporte/ver/${ID}`, {
      system: 'transportes',
      fake,
    });
    const enlace = await screen.findByRole('link', { name: 'Facturar' }, LAZY);
    expect(enlace.getAttribute('href')).toBe(`/facturas/transporte/nueva?albaranes=${ID}`);
    await router.navigate(`/albaranes/transporte/ver/${OTRO}`);
    await screen.findByRole('heading', { name: 'Albarán de transporte AT2026-00004' });
    expect(screen.queryByRole('link', { name: 'Facturar' })).toBeNull();
  });
});

describe('lista de transporte: Cliente busca en el servidor (más de 50 clientes)', () => {
  const idDe = (n: number) => `0b6f3c1e-4f9d-4a53-9a3c-${String(n).padStart(12, '0')}`;
  const CLIENTES = Array.from({ length: 60 }, (_, i) => ({
    _id: idDe(i + 1),
    nombre: `Cliente ${String(i + 1).padStart(2, '0')}, S.L.`,
    documento: null,
  }));
  /** The API: the first 50 clients, or those matching the typed text. */
  const conClientes = () => {
    const fake = createFakeApi();
    fake.on('GET', /^\/api\//, () => ({ body: { data: [], meta: { total: 0 } } }));
    fake.on('GET', '/api/albaranes/transporte', () => ({
      body: { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 } },
    }));
    fake.on('GET', '/api/clientes', (r) => {
      const q = (r.query.get('searchTerm') ?? '').toLowerCase();
      const data = CLIENTES.filter((c) => c.nombre.toLowerCase().includes(q)).slice(0, 50);
      return { body: { data, meta: { page: 1, limit: 50, total: data.length, totalPages: 1 } } };
    });
    fake.on('GET', `/api/clientes/${idDe(57)}`, () => ({ body: { data: CLIENTES[56] } }));
    return fake;
  };

  it('finds and picks the 57th client as typed; the list is filtered by it', async () => {
    const fake = conClientes();
    const { router } = renderLogistica('/albaranes', {
      roles: ['transportes'],
      system: 'transportes',
      fake,
    });
    const cliente = await screen.findByLabelText('Cliente', {}, LAZY);
    fireEvent.change(cliente, { target: { value: 'Cliente 57' } });
    await user.click(await screen.findByRole('option', { name: 'Cliente 57, S.L.' }));
    await waitFor(() => expect(router.state.location.search).toContain(`cliente=${idDe(57)}`));
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/albaranes/transporte').at(-1)?.query.get('clienteId')).toBe(
        idDe(57),
      ),
    );
    expect(fake.callsTo('GET', '/api/clientes').at(-1)?.query.get('searchTerm')).toBe('Cliente 57');
  });

  it('a client beyond the first 50, from the URL, is shown by its name', async () => {
    renderLogistica(`/albaranes?cliente=${idDe(57)}`, {
      roles: ['transportes'],
      system: 'transportes',
      fake: conClientes(),
    });
    const cliente = (await screen.findByLabelText('Cliente', {}, LAZY)) as HTMLInputElement;
    await waitFor(() => expect(cliente.value).toBe('Cliente 57, S.L.'));
  });
});

describe('lista de transporte: Camión busca en el servidor (más de 100 camiones)', () => {
  const idDe = (n: number) => `0b6f3c1e-4f9d-4a53-9a3e-${String(n).padStart(12, '0')}`;
  const CAMIONES = Array.from({ length: 120 }, (_, i) => ({
    _id: idDe(i + 1),
    matriculaTexto: `${String(1000 + i + 1)} KPF`,
    descripcion: `Camión ${i + 1}`,
  }));
  /** The API: the first 100 active trucks, or those matching the typed text. */
  const conCamiones = () => {
    const fake = createFakeApi();
    fake.on('GET', /^\/api\//, () => ({ body: { data: [], meta: { total: 0 } } }));
    fake.on('GET', '/api/albaranes/transporte', () => ({
      body: { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 } },
    }));
    fake.on('GET', '/api/camiones', (r) => {
      const q = (r.query.get('searchTerm') ?? '').toLowerCase();
      const data = CAMIONES.filter((c) => c.matriculaTexto.toLowerCase().includes(q)).slice(0, 100);
      return { body: { data, meta: { page: 1, limit: 100, total: data.length, totalPages: 1 } } };
    });
    fake.on('GET', `/api/camiones/${idDe(115)}`, () => ({ body: { data: CAMIONES[114] } }));
    return fake;
  };

  it('finds and picks the 115th truck as typed; the list is filtered by it', async () => {
    const fake = conCamiones();
    const { router } = renderLogistica('/albaranes', {
      roles: ['transportes'],
      system: 'transportes',
      fake,
    });
    const camion = await screen.findByLabelText('Camión', {}, LAZY);
    fireEvent.change(camion, { target: { value: '1115' } });
    await user.click(await screen.findByRole('option', { name: '1115 KPF — Camión 115' }));
    await waitFor(() => expect(router.state.location.search).toContain(`camion=${idDe(115)}`));
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/albaranes/transporte').at(-1)?.query.get('camionId')).toBe(
        idDe(115),
      ),
    );
    expect(fake.callsTo('GET', '/api/camiones').at(-1)?.query.get('searchTerm')).toBe('1115');
  });

  it('a truck beyond the first 100, from the URL, is shown by its plate', async () => {
    renderLogistica(`/albaranes?camion=${idDe(115)}`, {
      roles: ['transportes'],
      system: 'transportes',
      fake: conCamiones(),
    });
    const camion = (await screen.findByLabelText('Camión', {}, LAZY)) as HTMLInputElement;
    await waitFor(() => expect(camion.value).toBe('1115 KPF — Camión 115'));
  });
});
