import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SystemId } from '@tvsistema/domain';
import { createFakeApi, type FakeApi } from '../../testing/fake-api.js';
import { fakeAuth, fakeSystem, renderWithSession } from '../../testing/session.js';
import { DashboardPage } from './dashboard-page.js';
import { QuickAccessGrid } from './dashboard-sections.js';

const renderDashboard = (
  options: { system?: SystemId | null; auth?: ReturnType<typeof fakeAuth>; api?: FakeApi } = {},
) =>
  renderWithSession(<DashboardPage />, {
    path: '/dashboard',
    api: options.api?.api,
    auth: options.auth ?? fakeAuth(),
    system: fakeSystem({
      currentSystem: options.system === undefined ? 'alquileres' : options.system,
    }),
  });

/** Freezes the clock at a Madrid wall time (November: UTC+1). */
const at = (isoWithOffset: string) => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date(isoWithOffset));
};

const linksIn = (regionName: string) =>
  within(screen.getByRole('region', { name: regionName }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

afterEach(() => {
  vi.useRealTimers();
});

describe('DashboardPage states (SPEC 2.9)', () => {
  it('says "Inicializando dashboard..." while authentication loads', () => {
    renderDashboard({ auth: fakeAuth({ isLoading: true }) });
    expect(screen.getByRole('status').textContent).toBe('Inicializando dashboard...');
  });

  it('says "Inicializando dashboard..." until the user is known', () => {
    renderDashboard({ auth: fakeAuth({ user: undefined }) });
    expect(screen.getByText('Inicializando dashboard...')).toBeDefined();
  });

  it('shows an alert titled "Error del Sistema" with the error', () => {
    renderDashboard({ auth: fakeAuth({ error: new Error('Sesión caducada') }) });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error del Sistema' })).toBeDefined();
    expect(alert.textContent).toContain('Sesión caducada');
  });

  it('asks to choose a system when none is current', () => {
    renderDashboard({ system: null });
    expect(screen.getByRole('heading', { name: 'Selecciona un Sistema' })).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Ir a la selección de sistema' }).getAttribute('href'),
    ).toBe('/select-system');
  });

  it('says "Sistema No Reconocido" for a value that is not a system', () => {
    renderDashboard({ system: 'constructor' as SystemId });
    expect(screen.getByRole('heading', { name: 'Sistema No Reconocido' })).toBeDefined();
    expect(screen.getByText(/constructor/)).toBeDefined();
  });
});

describe('clock card (SPEC 1)', () => {
  it.each([
    ['04:59', 'Buenas noches'],
    ['05:00', 'Buenos días'],
    ['11:59', 'Buenos días'],
    ['12:00', 'Buenas tardes'],
    ['18:59', 'Buenas tardes'],
    ['19:00', 'Buenas noches'],
  ])('at %s in Madrid greets "%s" with the first name', (time, greeting) => {
    at(`2026-11-22T${time}:00+01:00`);
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${greeting}, Ana`);
    // Read as "Hora actual: …" (a <time>'s aria-label is not read).
    expect(document.querySelector('time')?.textContent).toBe(`Hora actual: ${time}:00`);
  });

  it('writes the long es-ES date with the weekday capitalised', () => {
    at('2026-11-22T10:00:00+01:00');
    renderDashboard();
    expect(screen.getByText('Domingo, 22 de noviembre de 2026')).toBeDefined();
  });

  it('ticks every second', () => {
    at('2026-11-22T09:15:00+01:00');
    renderDashboard();
    const clock = document.querySelector('time') as HTMLElement;
    expect(clock.textContent).toBe('Hora actual: 09:15:00');
    act(() => vi.advanceTimersByTime(999));
    expect(clock.textContent).toBe('Hora actual: 09:15:00');
    act(() => vi.advanceTimersByTime(1));
    expect(clock.textContent).toBe('Hora actual: 09:15:01');
    act(() => vi.advanceTimersByTime(60_000));
    expect(clock.textContent).toBe('Hora actual: 09:16:01');
  });

  it('changes the greeting when the clock crosses noon', () => {
    at('2026-11-22T11:59:59+01:00');
    renderDashboard();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Buenas tardes, Ana');
  });

  it.each([
    [{ name: 'Esteban Empleado' }, 'Esteban'],
    [{ email: 'sinnombre@tvsistema.test' }, 'Usuario'],
    [{}, 'Usuario'],
  ])('greets %j as %s', (user, name) => {
    at('2026-11-22T20:00:00+01:00');
    renderDashboard({ auth: fakeAuth({ user }) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Buenas noches, ${name}`);
  });

  it.each([
    ['alquileres', 'Sistema de Alquileres'],
    ['transportes', 'Sistema de Transportes'],
    ['verticales', 'Trabajos Verticales'],
  ] as const)('names the %s system', (system, name) => {
    renderDashboard({ system });
    expect(screen.getByText(name)).toBeDefined();
  });
});

describe('alquileres dashboard (SPEC 2.9)', () => {
  it('summarises Maquinaria, Andamios, Alquileres and Finanzas', () => {
    renderDashboard({ system: 'alquileres' });
    expect(linksIn('Resumen operativo')).toEqual([
      [expect.stringMatching(/^Maquinaria/), '/maquinaria'],
      [expect.stringMatching(/^Andamios/), '/andamios'],
      [expect.stringMatching(/^Alquileres/), '/alquileres'],
      [expect.stringMatching(/^Finanzas/), '/presupuestos'],
    ]);
  });

  it('offers quick access to Maquinaria, Andamios, Clientes, Presupuestos and Alquileres', () => {
    renderDashboard({ system: 'alquileres' });
    expect(linksIn('Accesos rápidos')).toEqual([
      ['Maquinaria', '/maquinaria'],
      ['Andamios', '/andamios'],
      ['Clientes', '/clientes'],
      ['Presupuestos', '/presupuestos'],
      ['Alquileres', '/alquileres'],
    ]);
  });
});

describe('alquileres dashboard with the inventory (inventario.md §6.4)', () => {
  const conResumen = () => {
    const api = createFakeApi();
    api.on('GET', '/api/inventario/resumen', () => ({
      body: {
        data: {
          maquinasPorEstado: { disponible: 5, alquilada: 1, en_taller: 2, baja: 1 },
          piezasFuera: 1250,
          mantenimientosProximos: [
            {
              maquinaId: 'm-gen',
              codigo: 'GEN-001',
              fecha: '2026-11-25',
              descripcion: 'Revisión anual',
            },
          ],
          caducidadesProximas: [
            { maquinaId: 'm-mtl', codigo: 'MTL-001', tipo: 'itv', fecha: '2026-11-28' },
          ],
        },
      },
    }));
    return api;
  };

  it('puts the machines by state and the pieces out on the summary cards', async () => {
    renderDashboard({ system: 'alquileres', api: conResumen() });
    const resumen = screen.getByRole('region', { name: 'Resumen operativo' });
    await waitFor(() =>
      expect(within(resumen).getByRole('link', { name: /^Maquinaria/ }).textContent).toContain(
        '5 disponibles · 1 alquilada · 2 en taller',
      ),
    );
    expect(within(resumen).getByRole('link', { name: /^Andamios/ }).textContent).toContain(
      '1.250 piezas en obra',
    );
  });

  it('lists the next maintenance among the events and a document expiry among the alerts, each linking to its machine', async () => {
    renderDashboard({ system: 'alquileres', api: conResumen() });
    const mantenimiento = await screen.findByRole('link', {
      name: '25/11/2026 · GEN-001: Revisión anual',
    });
    expect(mantenimiento.getAttribute('href')).toBe('/maquinaria/m-gen');
    expect(screen.getAllByText('Sin eventos programados')).toHaveLength(2);
    const alerta = screen.getByRole('link', {
      name: 'Tarjeta ITV / informe de inspección de MTL-001 caduca el 28/11/2026',
    });
    expect(alerta.getAttribute('href')).toBe('/maquinaria/m-mtl');
    expect(screen.queryByText('No hay alertas activas')).toBeNull();
  });

  it('does not ask for the summary when the roles may not read the inventory', async () => {
    const api = conResumen();
    renderDashboard({
      system: 'alquileres',
      api,
      auth: fakeAuth({ roles: ['maquinaria'] }),
    });
    await screen.findByText('Equipos y disponibilidad');
    expect(api.callsTo('GET', '/api/inventario/resumen')).toHaveLength(0);
  });
});

describe('transportes dashboard (SPEC 2.9, DESIGN decision 4)', () => {
  it('summarises and links Vehículos, Facturas and Albaranes', () => {
    renderDashboard({ system: 'transportes' });
    const expected = [
      ['Vehículos', '/transporte/camiones'],
      ['Facturas', '/facturas'],
      ['Albaranes', '/albaranes'],
    ];
    expect(linksIn('Resumen operativo')).toEqual(
      expected.map(([title, href]) => [expect.stringMatching(new RegExp(`^${title}`)), href]),
    );
    expect(linksIn('Accesos rápidos')).toEqual(expected);
  });
});

describe('transportes dashboard with the fleet (flota-obras.md §5.4)', () => {
  it('lists the five most urgent due dates and counts the whole window under Mantenimiento', async () => {
    const api = createFakeApi();
    const item = (n: number) => ({
      ambito: 'camion',
      refId: `c${n}`,
      etiqueta: `${4410 + n} KTM`,
      tipo: 'itv',
      concepto: 'ITV',
      fecha: `2026-12-0${n}`,
      kmRestantes: null,
      fechaEstimada: null,
      diasRestantes: 8 + n,
      estado: 'proximo',
    });
    // The API answers a page of 5 and the window's counts: 12 items, 9 of them ITV, tachograph
    // or maintenance (decision 0029).
    api.on('GET', '/api/camiones/vencimientos', () => ({
      body: {
        data: [1, 2, 3, 4, 5].map(item),
        meta: {
          page: 1,
          limit: 5,
          total: 12,
          totalPages: 3,
          vencidos: 0,
          proximos: 12,
          dias: 30,
          porTipo: {
            itv: 6,
            seguro: 2,
            autorizacion: 0,
            tacografo_revision: 1,
            tacografo_descarga: 0,
            mantenimiento: 2,
            documento: 1,
            permiso: 0,
            cap: 0,
            tarjeta_tacografo: 0,
          },
        },
      },
    }));
    renderDashboard({ system: 'transportes', api });
    expect(
      await screen.findByText('ITV · 4411 KTM · vence el 01/12/2026 (en 9 días)'),
    ).toBeDefined();
    expect(
      within(screen.getByRole('list', { name: 'Vencimientos próximos' })).getAllByRole('listitem'),
    ).toHaveLength(5);
    expect(
      screen.getByRole('link', { name: 'Ver todos los vencimientos (12)' }).getAttribute('href'),
    ).toBe('/transporte/camiones?vencimientos=30');
    expect(
      screen.getByRole('link', { name: '9 en los próximos 30 días' }).getAttribute('href'),
    ).toBe('/transporte/camiones?vencimientos=30');
    const query = api.callsTo('GET', '/api/camiones/vencimientos')[0]?.query;
    expect([query?.get('dias'), query?.get('limit')]).toEqual(['30', '5']);
  });
});

describe.each(['alquileres', 'transportes'] as const)('%s placeholders', (system) => {
  it('shows events, alerts and KPIs without data', () => {
    renderDashboard({ system });
    const events = screen.getByText('Próximos eventos').closest('.card');
    expect(events?.textContent).toMatch(/Entregas.*Devoluciones.*Mantenimiento/);
    expect(screen.getAllByText('Sin eventos programados')).toHaveLength(3);
    expect(screen.getByText('Alertas del sistema')).toBeDefined();
    expect(screen.getByText('No hay KPIs disponibles')).toBeDefined();
  });
});

describe('verticales dashboard', () => {
  it('is an empty placeholder under the clock', () => {
    renderDashboard({ system: 'verticales' });
    expect(screen.queryByRole('region', { name: 'Resumen operativo' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Accesos rápidos' })).toBeNull();
    expect(screen.getByText(/no tiene contenido propio/)).toBeDefined();
  });
});

describe('QuickAccessGrid', () => {
  it('says "No hay accesos rápidos disponibles" when empty', () => {
    render(
      <MemoryRouter>
        <QuickAccessGrid links={[]} />
      </MemoryRouter>,
    );
    expect(screen.getByText('No hay accesos rápidos disponibles')).toBeDefined();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
