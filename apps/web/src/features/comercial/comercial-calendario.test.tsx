import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { createFakeApi } from '../../testing/fake-api.js';
import { aPage } from './testing/fixtures.js';
import { renderComercial } from './testing/render-comercial.js';

// /alquileres "Calendario" (comercial.md §5): filters, machines grouped by tipo, bars in their
// rental's state colour, preparation, the late part up to today, maintenance, free days that open
// a new rental of that machine, and the andamios' free pieces per day.
import './components/alquiler-list-page.js';
import './components/form-pages.js';

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };

const sumar = (fecha: string, dias: number) => {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};
const dmy = (f: string) => `${f.slice(8)}/${f.slice(5, 7)}/${f.slice(0, 4)}`;
const HOY = diaEnMadrid();
const LUNES = sumar(HOY, -((new Date(`${HOY}T00:00:00Z`).getUTCDay() + 6) % 7));
const MEX = '0b5f5d0e-1a2b-4c3d-8e9f-000000000401';
const DUM = '0b5f5d0e-1a2b-4c3d-8e9f-000000000402';
const A12 = '0b5f5d0e-1a2b-4c3d-8e9f-000000000201';
const A10 = '0b5f5d0e-1a2b-4c3d-8e9f-000000000210';

const bloqueo = (o: Record<string, unknown>) => ({
  origenTipo: 'alquiler',
  vencido: false,
  preparacionHasta: null,
  estadoAlquiler: 'reservado',
  ...o,
});

const filasMaquinas = () => [
  {
    maquina: {
      _id: MEX,
      codigoInterno: 'MEX-001',
      tipo: 'miniexcavadora',
      marca: 'Kubota',
      modelo: 'U17',
    },
    bloqueos: [
      // Out since before the window, due back on Monday, still out: late up to today.
      bloqueo({
        origenId: A10,
        numero: 'A2026-00010',
        etiqueta: 'A2026-00010 · Construcciones Llevant',
        desde: sumar(LUNES, -10),
        hasta: sumar(LUNES, -1),
        vencido: true,
        estadoAlquiler: 'en_curso',
      }),
      // Days 8–10 of the window booked, then two days of preparation.
      bloqueo({
        origenId: A12,
        numero: 'A2026-00012',
        etiqueta: 'A2026-00012 · Hotel Cala Major',
        desde: sumar(LUNES, 7),
        hasta: sumar(LUNES, 9),
        preparacionHasta: sumar(LUNES, 11),
        estadoAlquiler: 'reservado',
      }),
    ],
  },
  {
    maquina: { _id: DUM, codigoInterno: 'DUM-001', tipo: 'dumper', marca: 'Ausa', modelo: 'D350' },
    bloqueos: [
      bloqueo({
        origenTipo: 'mantenimiento',
        origenId: '0b5f5d0e-1a2b-4c3d-8e9f-000000000999',
        numero: '',
        etiqueta: 'Revisión 500 h',
        desde: sumar(LUNES, 2),
        hasta: sumar(LUNES, 3),
        estadoAlquiler: null,
      }),
    ],
  },
];

const abrirCalendario = async (fake: ReturnType<typeof createFakeApi>) => {
  fake.on('GET', '/api/alquileres', () => ({ body: aPage([]) }));
  renderComercial('/alquileres', { fake });
  await user.click(await screen.findByRole('button', { name: 'Calendario' }, LAZY));
  return screen.findByRole('region', { name: 'Calendario de ocupación' });
};

describe('/alquileres "Calendario" (§5)', () => {
  it('machines grouped by tipo; each booking one bar "A… · cliente" in its state colour, its preparation striped, the late part up to today, maintenance grey; a free day opens a new rental of that machine', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/alquileres/calendario', () => ({ body: aPage(filasMaquinas()) }));
    const region = await abrirCalendario(fake);
    const q = fake.callsTo('GET', '/api/alquileres/calendario')[0]?.query;
    expect(q?.get('clase')).toBe('maquina');
    expect(q?.get('desde')).toBe(LUNES);
    expect(q?.get('hasta')).toBe(sumar(LUNES, 13));
    expect(q?.get('limit')).toBe('50');

    // Grouped by tipo: Dumper before Miniexcavadora, each group a header row.
    const filas = within(region)
      .getAllByRole('row')
      .map((r) => r.textContent ?? '');
    const i = (texto: string) => filas.findIndex((f) => f.startsWith(texto));
    expect(i('Dumper')).toBeGreaterThan(0);
    expect(i('DUM-001')).toBe(i('Dumper') + 1);
    expect(i('Miniexcavadora')).toBe(i('DUM-001') + 1);
    expect(i('MEX-001')).toBe(i('Miniexcavadora') + 1);

    const barra = within(region).getByRole('link', { name: 'A2026-00012 · Hotel Cala Major' });
    expect(barra.getAttribute('href')).toBe(`/alquileres/${A12}`);
    const celda = barra.closest('td') as HTMLTableCellElement;
    expect(celda.colSpan).toBe(3);
    expect(celda.className).toContain('estado-reservado');
    const preparacion = within(region).getByText('Preparación tras A2026-00012').closest('td');
    expect(preparacion?.colSpan).toBe(2);
    expect(preparacion?.className).toContain('calendario-preparacion');

    // A2026-00010 ended the day before the window and is still out: hatched up to today.
    const retraso = within(region)
      .getByText(`Retraso de A2026-00010: sin devolver desde el ${dmy(LUNES)}`)
      .closest('td');
    expect(retraso?.className).toContain('calendario-retraso');
    expect(retraso?.colSpan).toBe(
      Math.round((Date.parse(HOY) - Date.parse(LUNES)) / 86_400_000) + 1,
    );

    const mantenimiento = within(region).getByRole('link', { name: 'Revisión 500 h' });
    expect(mantenimiento.getAttribute('href')).toBe(`/maquinaria/${DUM}`);
    expect(mantenimiento.closest('td')?.className).toContain('calendario-mantenimiento');
    expect(mantenimiento.closest('td')?.colSpan).toBe(2);

    const libre = within(region).getByRole('link', {
      name: `Nuevo alquiler de MEX-001 desde el ${dmy(sumar(LUNES, 13))}`,
    });
    // Only the design's two parameters (§5).
    expect(libre.getAttribute('href')).toBe(
      `/alquileres/nuevo?maquinaId=${MEX}&desde=${sumar(LUNES, 13)}`,
    );
    // The bar's cells and the free ones cover the window exactly.
    const mex = within(region)
      .getAllByRole('row')
      .find((r) => r.textContent?.startsWith('MEX-001')) as HTMLTableRowElement;
    const span = [...mex.cells].slice(1).reduce((s, c) => s + c.colSpan, 0);
    expect(span).toBe(14);
  });

  it('Tipo, the weeks, ‹ › and the search go to the API (a filter starts at page 1 again); a user without maquinaria.view gets maintenance without its machine link', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/alquileres/calendario', () => ({
      body: { data: filasMaquinas(), meta: { page: 1, limit: 50, total: 120, totalPages: 3 } },
    }));
    fake.on('GET', '/api/alquileres', () => ({ body: aPage([]) }));
    renderComercial('/alquileres', { fake, roles: ['alquileres'] });
    await user.click(await screen.findByRole('button', { name: 'Calendario' }, LAZY));
    await screen.findByRole('region', { name: 'Calendario de ocupación' });
    const ultima = () => fake.callsTo('GET', '/api/alquileres/calendario').at(-1)?.query;
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(ultima()?.get('page')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Tipo'), 'miniexcavadora');
    await waitFor(() => expect(ultima()?.get('tipo')).toBe('miniexcavadora'));
    expect(ultima()?.get('page')).toBe('1');
    await user.selectOptions(screen.getByLabelText('Semanas'), '4');
    await waitFor(() => expect(ultima()?.get('hasta')).toBe(sumar(LUNES, 27)));
    await user.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    await waitFor(() => expect(ultima()?.get('desde')).toBe(sumar(LUNES, 7)));
    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    await waitFor(() => expect(ultima()?.get('desde')).toBe(LUNES));
    await user.type(screen.getByLabelText('Buscar'), 'MEX');
    await waitFor(() => expect(ultima()?.get('q')).toBe('MEX'));
    expect(
      screen.getAllByRole('link', { name: /^Nuevo alquiler de MEX-001/ }).length,
    ).toBeGreaterThan(0);
    // Maintenance without maquinaria.view: its text, no link.
    expect(screen.getByText('Revisión 500 h').closest('a')).toBeNull();
  });

  it('"Andamios": Categoría instead of Tipo, the free pieces per day, red at 0 and amber under 10 %', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/alquileres/calendario', (req) =>
      req.query.get('clase') === 'andamio'
        ? {
            body: aPage([
              {
                componente: { _id: 'c1', codigo: 'MAR-200-073', nombre: 'Marco 200×73' },
                capacidad: 250,
                dias: [
                  { fecha: LUNES, libres: 0 },
                  { fecha: sumar(LUNES, 1), libres: 20 },
                  { fecha: sumar(LUNES, 2), libres: 200 },
                ],
                bloqueos: [],
              },
            ]),
          }
        : { body: aPage(filasMaquinas()) },
    );
    await abrirCalendario(fake);
    await user.click(screen.getByRole('button', { name: 'Andamios' }));
    expect(screen.getByRole('button', { name: 'Andamios' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const region = await screen.findByRole('region', { name: 'Calendario de ocupación' });
    await within(region).findByText('MAR-200-073');
    expect(screen.queryByLabelText('Tipo')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Categoría'), 'marco');
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/alquileres/calendario').at(-1)?.query.get('categoria')).toBe(
        'marco',
      ),
    );
    const fila = within(region)
      .getAllByRole('row')
      .find((r) => r.textContent?.startsWith('MAR-200-073')) as HTMLTableRowElement;
    expect(fila.cells[1]?.textContent).toBe('0');
    expect(fila.cells[1]?.className).toContain('libres-cero');
    expect(fila.cells[2]?.className).toContain('libres-pocos');
    expect(fila.cells[3]?.className).not.toContain('libres-');
  });

  it('a free day opens "Nuevo alquiler" from that day with that machine chosen in the picker, by keyboard: Tab reaches it, Enter opens it', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/alquileres/calendario', () => ({ body: aPage(filasMaquinas()) }));
    fake.on('GET', '/api/alquileres', () => ({ body: aPage([]) }));
    fake.on('GET', '/api/inventario/maquinas/opciones', () => ({
      body: {
        data: [
          {
            _id: MEX,
            codigoInterno: 'MEX-001',
            marca: 'Kubota',
            modelo: 'U17',
            tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
            libre: true,
            conflictos: [],
          },
        ],
      },
    }));
    fake.on('GET', '/api/inventario/componentes/opciones', () => ({ body: { data: [] } }));
    fake.on('GET', '/api/inventario/conceptos/opciones', () => ({ body: { data: [] } }));
    fake.on('GET', '/api/alquileres/opciones/clientes', () => ({ body: { data: [] } }));
    fake.on('POST', '/api/inventario/disponibilidad', () => ({
      body: { ok: true, pesoTotalKg: '0', lineas: [] },
    }));
    const { router } = renderComercial('/alquileres', { fake });
    await user.click(await screen.findByRole('button', { name: 'Calendario' }, LAZY));
    const region = await screen.findByRole('region', { name: 'Calendario de ocupación' });
    // From A2026-00012's bar, Tab skips its preparation days to the next free day.
    within(region).getByRole('link', { name: 'A2026-00012 · Hotel Cala Major' }).focus();
    await user.tab();
    const dia = sumar(LUNES, 12);
    expect(document.activeElement).toBe(
      within(region).getByRole('link', { name: `Nuevo alquiler de MEX-001 desde el ${dmy(dia)}` }),
    );
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Nuevo alquiler' }, LAZY);
    expect(router.state.location.pathname).toBe('/alquileres/nuevo');
    expect(router.state.location.search).toBe(`?maquinaId=${MEX}&desde=${dia}`);
    expect((screen.getByLabelText('Inicio previsto') as HTMLInputElement).value).toBe(dia);
    expect((screen.getByLabelText('Buscar máquina…') as HTMLInputElement).value).toBe('MEX-001');
    await screen.findByRole('option', { name: 'MEX-001 — Kubota U17 · Disponible' });
    const q = fake.callsTo('GET', '/api/inventario/maquinas/opciones').at(-1)?.query;
    expect(q?.get('q')).toBe('MEX-001');
    expect(q?.get('desde')).toBe(dia);
    expect((screen.getByLabelText('Máquina') as HTMLSelectElement).value).toBe(MEX);
    await user.click(screen.getByRole('button', { name: 'Añadir máquina' }));
    expect((screen.getByLabelText('Desde, línea 1') as HTMLInputElement).value).toBe(dia);
  });

  it("the free day's URL opened alone (a new tab): the machine's code is read from its record for those who see machines; others start with the picker empty", async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/inventario/maquinas/opciones', () => ({ body: { data: [] } }));
    fake.on('GET', '/api/inventario/componentes/opciones', () => ({ body: { data: [] } }));
    fake.on('GET', '/api/inventario/conceptos/opciones', () => ({ body: { data: [] } }));
    fake.on('GET', '/api/alquileres/opciones/clientes', () => ({ body: { data: [] } }));
    fake.on('GET', `/api/maquinaria/${MEX}`, () => ({
      body: { data: { _id: MEX, codigoInterno: 'MEX-001' } },
    }));
    const url = `/alquileres/nuevo?maquinaId=${MEX}&desde=2026-03-10`;
    const admin = renderComercial(url, { fake });
    await screen.findByRole('heading', { name: 'Nuevo alquiler' }, LAZY);
    expect((screen.getByLabelText('Buscar máquina…') as HTMLInputElement).value).toBe('MEX-001');
    expect((screen.getByLabelText('Inicio previsto') as HTMLInputElement).value).toBe('2026-03-10');
    admin.unmount();
    renderComercial(url, { fake, roles: ['alquileres'] });
    await screen.findByRole('heading', { name: 'Nuevo alquiler' }, LAZY);
    expect((screen.getByLabelText('Buscar máquina…') as HTMLInputElement).value).toBe('');
    expect(fake.callsTo('GET', `/api/maquinaria/${MEX}`)).toHaveLength(1);
  });
});
