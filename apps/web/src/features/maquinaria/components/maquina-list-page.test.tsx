import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, type FakeResponse } from '../../../testing/fake-api.js';
import { aMaquina, aPage } from '../testing/fixtures.js';
import { renderMaquina, type RenderMaquinaOptions } from '../testing/render-maquina.js';
import { MaquinaListPage } from './maquina-list-page.js';

const user = userEvent.setup({ delay: null });
const LIST = '/api/maquinaria';

const renderList = (
  respond: (query: URLSearchParams) => FakeResponse,
  options: Partial<RenderMaquinaOptions> = {},
) => {
  const fake = createFakeApi();
  fake.on('GET', LIST, ({ query }) => respond(query));
  return renderMaquina(<MaquinaListPage />, {
    path: '/maquinaria',
    fake,
    routes: [
      { path: '/maquinaria/nueva', element: <h1>Pantalla nueva</h1> },
      { path: '/maquinaria/:maquinariaId', element: <h1>Pantalla detalle</h1> },
      { path: '/maquinaria/:maquinariaId/editar', element: <h1>Pantalla editar</h1> },
    ],
    ...options,
  });
};

const twoMachines = () =>
  aPage([
    aMaquina({
      avisos: [
        { codigo: 'ce', nivel: 'error', mensaje: 'Falta la declaración CE de conformidad' },
        { codigo: 'itv', nivel: 'aviso', mensaje: 'La ITV caduca el 20/03/2026' },
      ],
    }),
    aMaquina({
      _id: '22222222-2222-4333-8444-555555555555',
      codigoInterno: 'PAR-001',
      tipo: 'plataforma_articulada',
      marca: 'Genie',
      modelo: 'Z-45/25J',
      numeroSerie: 'Z4525J-1',
      estado: 'en_taller',
      horometro: '980.0',
      tarifas: { ...aMaquina().tarifas, dia: '120.00', semana: null, mes: null },
      proximaReserva: null,
    }),
  ]);

const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim());

describe('MaquinaListPage (inventario.md §5.1)', () => {
  it('shows title, subtitle, loading, then the table with its columns, badges and formats', async () => {
    const { fake } = renderList(() => ({ body: twoMachines() }));
    expect(screen.getByRole('heading', { name: 'Maquinaria' })).toBeTruthy();
    expect(screen.getByText('Parque de maquinaria de alquiler')).toBeTruthy();
    expect(screen.getByText('Cargando maquinaria…')).toBeTruthy();
    expect(
      screen.getByPlaceholderText('Buscar por código, marca, modelo o nº de serie…'),
    ).toBeTruthy();

    const row = (await screen.findByRole('link', { name: 'MEX-001' })).closest('tr') as HTMLElement;
    expect(headers()).toEqual([
      'Código',
      'Máquina',
      'Nº de serie',
      'Año',
      'Horómetro',
      'Estado',
      'Tarifa día',
      'Próxima reserva',
      'Avisos',
      'Acciones',
    ]);
    const inRow = within(row);
    expect(inRow.getByText('Miniexcavadora · Kubota U17-3')).toBeTruthy();
    expect(inRow.getByText('U17-35124')).toBeTruthy();
    expect(inRow.getByText('1.845,5 h')).toBeTruthy();
    expect(inRow.getByText('Disponible').className).toContain('bg-success');
    expect(inRow.getByText('95,00 €')).toBeTruthy();
    expect(inRow.getByText('10/03 – 20/03 · A2026-00012')).toBeTruthy();
    const avisos = inRow.getByRole('button', { name: /2 avisos/ });
    expect(within(avisos).getByText('2').className).toContain('bg-danger');
    const other = screen.getByRole('link', { name: 'PAR-001' }).closest('tr') as HTMLElement;
    expect(within(other).getByText('En taller')).toBeTruthy();
    expect(within(other).getByText('980,0 h')).toBeTruthy();
    expect(screen.getByText('Mostrando 1–2 de 2 máquinas')).toBeTruthy();

    // The default request: active machines, by code, 20 per page.
    expect(Object.fromEntries(fake.callsTo('GET', LIST)[0]?.query ?? [])).toEqual({
      page: '1',
      limit: '20',
      estado: 'activas',
      sort: 'codigoInterno',
    });
  });

  it('lists the avisos in a tooltip on hover or focus', async () => {
    renderList(() => ({ body: twoMachines() }));
    const button = await screen.findByRole('button', { name: /2 avisos/ });
    fireEvent.focus(button);
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText('Falta la declaración CE de conformidad')).toBeTruthy();
    expect(within(tooltip).getByText('La ITV caduca el 20/03/2026')).toBeTruthy();
  });

  it('filters by tipo, estado, avisos and both "Libre entre" dates, in the URL and the request', async () => {
    const { fake, router } = renderList(() => ({ body: twoMachines() }));
    await screen.findByRole('link', { name: 'MEX-001' });
    const estado = screen.getByRole('combobox', { name: 'Estado' }) as HTMLSelectElement;
    expect(estado.selectedOptions[0]?.textContent).toBe('Activas (sin bajas)');
    expect(Array.from(estado.options).map((o) => o.textContent)).toEqual([
      'Activas (sin bajas)',
      'Disponible',
      'Alquilada',
      'En taller',
      'Baja',
      'Todas',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'Miniexcavadora');
    await user.selectOptions(estado, 'Baja');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Avisos' }), 'Revisión vencida');
    await waitFor(() =>
      expect(Object.fromEntries(fake.calls.at(-1)?.query ?? [])).toMatchObject({
        tipo: 'miniexcavadora',
        estado: 'baja',
        aviso: 'revision_vencida',
      }),
    );

    // One date alone is not asked for: both or none.
    fireEvent.change(screen.getByLabelText('Libre desde'), { target: { value: '2026-04-01' } });
    expect(await screen.findByText('Indica las dos fechas del periodo o ninguna')).toBeTruthy();
    expect(fake.calls.at(-1)?.query.get('libreDesde')).toBeNull();
    fireEvent.change(screen.getByLabelText('Libre hasta'), { target: { value: '2026-04-15' } });
    await waitFor(() => expect(fake.calls.at(-1)?.query.get('libreHasta')).toBe('2026-04-15'));
    expect(fake.calls.at(-1)?.query.get('libreDesde')).toBe('2026-04-01');
    expect(screen.queryByText('Indica las dos fechas del periodo o ninguna')).toBeNull();
    expect(router.state.location.search).toContain('libreDesde=2026-04-01');
  });

  it('sorts by a column header and by the sort select', async () => {
    const { fake } = renderList(() => ({ body: twoMachines() }));
    await screen.findByRole('link', { name: 'MEX-001' });
    await user.click(screen.getByRole('button', { name: /Horómetro/ }));
    await waitFor(() => expect(fake.calls.at(-1)?.query.get('sort')).toBe('horometro'));
    await user.click(screen.getByRole('button', { name: /Horómetro/ }));
    await waitFor(() => expect(fake.calls.at(-1)?.query.get('sort')).toBe('-horometro'));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Ordenar por' }),
      'Tarifa día (mayor)',
    );
    await waitFor(() => expect(fake.calls.at(-1)?.query.get('sort')).toBe('-tarifaDia'));
  });

  it('shows cards with the tipo icon, estado, horómetro, rates and avisos', async () => {
    renderList(() => ({ body: twoMachines() }), { path: '/maquinaria?view=cards' });
    const card = (await screen.findByRole('heading', { name: 'MEX-001' })).closest(
      '.card',
    ) as HTMLElement;
    const inCard = within(card);
    expect(inCard.getByText('Disponible')).toBeTruthy();
    expect(inCard.getByText('Miniexcavadora · Kubota U17-3')).toBeTruthy();
    expect(inCard.getByText('1.845,5 h')).toBeTruthy();
    expect(inCard.getByText('95,00 €/día · 380,00 €/sem. · 1.100,00 €/mes')).toBeTruthy();
    expect(inCard.getByText(/^2 avisos: Falta la declaración CE/)).toBeTruthy();
    const other = screen.getByRole('heading', { name: 'PAR-001' }).closest('.card') as HTMLElement;
    expect(within(other).getByText('120,00 €/día')).toBeTruthy();
    expect(within(other).getByText('Sin avisos')).toBeTruthy();
    expect(within(other).getByText('Sin reservas')).toBeTruthy();
  });

  it('"Ver" opens the detail and "Editar" the form; "Nueva máquina" and Editar need maquinaria.edit', async () => {
    const { router } = renderList(() => ({ body: twoMachines() }));
    await screen.findByRole('link', { name: 'MEX-001' });
    expect(screen.getByRole('link', { name: 'Nueva máquina' }).getAttribute('href')).toBe(
      '/maquinaria/nueva',
    );
    expect(screen.getByRole('link', { name: 'Editar MEX-001' }).getAttribute('href')).toBe(
      '/maquinaria/11111111-2222-4333-8444-555555555555/editar',
    );
    await user.click(screen.getByRole('button', { name: 'Ver detalles de MEX-001' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/maquinaria/11111111-2222-4333-8444-555555555555',
      ),
    );
  });

  it('an empleado sees no "Nueva máquina" nor Editar', async () => {
    renderList(() => ({ body: twoMachines() }), { roles: ['empleado'] });
    await screen.findByRole('link', { name: 'MEX-001' });
    expect(screen.queryByRole('link', { name: 'Nueva máquina' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar MEX-001' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
  });

  it('shows the empty state with "Nueva máquina"', async () => {
    renderList(() => ({ body: aPage([]) }));
    expect(
      await screen.findByText(
        'Aún no hay máquinas - Da de alta tu primera máquina para poder alquilarla.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Nueva máquina' })).toHaveLength(2);
  });

  it('shows the filtered empty state, whose "Limpiar filtros" clears search and filters', async () => {
    const { router } = renderList(() => ({ body: aPage([]) }), {
      path: '/maquinaria?q=zz&estado=baja',
    });
    expect(
      await screen.findByText('Ninguna máquina coincide con la búsqueda o el filtro.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('falls back to "No se pudo cargar la maquinaria" with Reintentar', async () => {
    let fail = true;
    renderList(() => (fail ? { status: 502 } : { body: twoMachines() }));
    expect(await screen.findByText('No se pudo cargar la maquinaria')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'MEX-001' })).toBeTruthy();
  });

  it('"Exportar CSV" asks for the filtered list', async () => {
    const requests: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string) => {
      requests.push(url);
      return Promise.resolve(new Response('\uFEFFCódigo\r\n', { status: 200 }));
    }) as typeof fetch;
    // The download's object URL, put back afterwards: files share this worker's window.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    try {
      renderList(() => ({ body: twoMachines() }), { path: '/maquinaria?q=kubota&tipo=dumper' });
      await screen.findByRole('link', { name: 'MEX-001' });
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0]).toBe(
        '/api/maquinaria/export?searchTerm=kubota&tipo=dumper&estado=activas&sort=codigoInterno',
      );
    } finally {
      globalThis.fetch = original;
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});
