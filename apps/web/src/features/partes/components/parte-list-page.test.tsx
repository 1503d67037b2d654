import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREFERENCIAS_POR_DEFECTO } from '@tvsistema/domain';
import { PreferenciasContext } from '../../../lib/preferencias-context.js';
import { PROVEEDOR_CONFIG } from '../parte-config.js';
import { createFakeApi, type FakeResponse } from '../../../testing/fake-api.js';
import { aPage, aParte } from '../testing/fixtures.js';
import { renderParte } from '../testing/render-parte.js';
import { SEARCH_DEBOUNCE_MS } from '../../../components/resource/list-toolbar.js';
import { ParteListPage } from './parte-list-page.js';

// No pause between keystrokes: the machine may be busy, and the pause proves nothing here.
const user = userEvent.setup({ delay: null });

const LIST = '/api/proveedores';

const renderList = (
  respond: (query: URLSearchParams) => FakeResponse,
  options: Partial<Parameters<typeof renderParte>[1]> = {},
) => {
  const fake = createFakeApi();
  fake.on('GET', LIST, ({ query }) => respond(query));
  return renderParte(<ParteListPage config={PROVEEDOR_CONFIG} />, {
    path: '/proveedores',
    fake,
    routes: [
      { path: '/proveedores/new', element: <h1>Pantalla nuevo</h1> },
      { path: '/proveedores/:proveedorId/edit', element: <h1>Pantalla editar</h1> },
    ],
    ...options,
  });
};

const twoSuppliers = () =>
  aPage([
    aParte(),
    aParte({
      _id: 'p2',
      nombre: 'Suministros Inca',
      documento: null,
      activo: false,
      contactos: [],
      direccion: { ...aParte().direccion, ciudad: null, municipio: 'INCA' },
    }),
  ]);

describe('ParteListPage (suppliers)', () => {
  it('shows the title of the system, a loading state, then the cards', async () => {
    renderList(() => ({ body: twoSuppliers() }));

    expect(
      screen.getByRole('heading', { name: 'Gestión de Proveedores - Alquileres' }),
    ).toBeTruthy();
    expect(screen.getByText('Cargando proveedores…')).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: 'Ferretería Balear S.L.' })).closest(
      '.card',
    );
    expect(card).toBeTruthy();
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('Activo')).toBeTruthy();
    expect(inCard.getByText('B07123458')).toBeTruthy();
    expect(inCard.getByText('Marta Pons · 971 123 456 · marta@ferreteria.es')).toBeTruthy();
    expect(inCard.getByText('PALMA, ILLES BALEARS')).toBeTruthy();
    expect(screen.getByText('Inactivo')).toBeTruthy();
    expect(screen.getByText('Mostrando 1–2 de 2 proveedores')).toBeTruthy();
  });

  it('asks the API for the first page of the empresa of the system, sorted by name', async () => {
    const { fake } = renderList(() => ({ body: twoSuppliers() }), { system: 'transportes' });
    await screen.findByText('Suministros Inca');
    expect(
      screen.getByRole('heading', { name: 'Gestión de Proveedores - Transportes' }),
    ).toBeTruthy();
    const query = fake.callsTo('GET', LIST)[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      empresa: 'transporte',
      page: '1',
      limit: '10',
      sort: 'nombre',
    });
  });

  it('shows the empty state text when there are no suppliers at all', async () => {
    renderList(() => ({ body: aPage([]) }));
    expect(
      await screen.findByText(
        'Aún no hay proveedores - Crea tu primer proveedor para empezar a facturar y comprar.',
      ),
    ).toBeTruthy();
  });

  it("shows the server's message with Reintentar, which asks again", async () => {
    let fail = true;
    renderList(() =>
      fail
        ? { status: 500, body: { message: 'Base de datos no disponible' } }
        : { body: twoSuppliers() },
    );
    expect(await screen.findByText('Base de datos no disponible')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Suministros Inca')).toBeTruthy();
  });

  it('falls back to "No se pudo cargar proveedores" when the server says nothing', async () => {
    renderList(() => ({ status: 502 }));
    expect(await screen.findByText('No se pudo cargar proveedores')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('says so when no system is active', () => {
    renderList(() => ({ body: twoSuppliers() }), { system: null });
    expect(screen.getByText('No hay un sistema activo seleccionado')).toBeTruthy();
  });

  it('switches to the list view with its columns, and keeps the view in the URL', async () => {
    const { router } = renderList(() => ({ body: twoSuppliers() }));
    await screen.findByText('Suministros Inca');

    await user.click(screen.getByRole('button', { name: 'Vista de lista' }));

    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim());
    expect(headers).toEqual(['Nombre', 'Documento', 'Contacto', 'Ubicación', 'Estado', 'Acciones']);
    const row = within(table).getByText('Suministros Inca').closest('tr') as HTMLElement;
    expect(within(row).getByText('INCA, ILLES BALEARS')).toBeTruthy();
    expect(within(row).getByText('Inactivo')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=list');
  });

  it('sorts by a column: ascending first, descending on the second click', async () => {
    const { fake, router } = renderList(() => ({ body: twoSuppliers() }), {
      path: '/proveedores?view=list',
    });
    await screen.findByText('Suministros Inca');

    await user.click(screen.getByRole('button', { name: /Documento/ }));
    await waitFor(() => expect(fake.calls.at(-1)?.query.get('sort')).toBe('documento'));
    await user.click(screen.getByRole('button', { name: /Documento/ }));
    await waitFor(() => expect(fake.calls.at(-1)?.query.get('sort')).toBe('-documento'));
    expect(router.state.location.search).toBe('?view=list&sort=-documento');
    expect(screen.getByRole('columnheader', { name: /Documento/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('restores search, filter, page, size and view from the URL and sends them to the API', async () => {
    const { fake } = renderList(
      () => ({ body: aPage([aParte()], { page: 2, limit: 20, total: 41 }) }),
      {
        path: '/proveedores?q=ferre&activo=true&page=2&limit=20&view=list',
      },
    );
    await screen.findByText('Ferretería Balear S.L.');

    expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe(
      'ferre',
    );
    expect((screen.getByRole('combobox', { name: 'Estado' }) as HTMLSelectElement).value).toBe(
      'activos',
    );
    expect(
      (screen.getByRole('combobox', { name: 'Elementos por página' }) as HTMLSelectElement).value,
    ).toBe('20');
    expect(screen.getByRole('table')).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('GET', LIST)[0]?.query ?? [])).toEqual({
      empresa: 'alquileres',
      page: '2',
      limit: '20',
      searchTerm: 'ferre',
      activo: 'true',
      sort: 'nombre',
    });
    expect(screen.getByText('Mostrando 21–40 de 41 proveedores')).toBeTruthy();
  });

  it('debounces the search box into the URL and back to page 1', async () => {
    const { router, fake } = renderList(() => ({ body: twoSuppliers() }), {
      path: '/proveedores?page=2',
    });
    await screen.findByText('Suministros Inca');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'inca');

    await waitFor(() => expect(router.state.location.search).toBe('?q=inca'));
    // One request for the typed term, not one per keystroke.
    const searched = () => fake.callsTo('GET', LIST).filter((call) => call.query.get('searchTerm'));
    await waitFor(() =>
      expect(searched().map((call) => call.query.get('searchTerm'))).toEqual(['inca']),
    );
    expect(searched()[0]?.query.get('page')).toBe('1');
  });

  it('keeps the user on the page a link opened while a typed search was still waiting', async () => {
    // The edit screen's code is still arriving (a lazy screen that never resolves here): the
    // router keeps the list on screen meanwhile, and its search must not bring the user back.
    const LoadingScreen = lazy(() => new Promise<never>(() => {}));
    const { router } = renderList(() => ({ body: twoSuppliers() }), {
      routes: [{ path: '/proveedores/:proveedorId/edit', element: <LoadingScreen /> }],
    });
    await screen.findByText('Suministros Inca');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'inca');
    await user.click(screen.getByRole('link', { name: 'Editar Suministros Inca' }));
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 200));

    expect(router.state.location.pathname).toBe('/proveedores/p2/edit');
    expect(router.state.location.search).toBe('');
  });

  it('changes the page size and the filter, each from page 1', async () => {
    const { router } = renderList(() => ({ body: twoSuppliers() }), {
      path: '/proveedores?page=3',
    });
    await screen.findByText('Suministros Inca');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Elementos por página' }), '50');
    expect(router.state.location.search).toBe('?limit=50');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'inactivos');
    expect(router.state.location.search).toBe('?activo=false&limit=50');
  });

  it('pages forward and back through the pagination', async () => {
    const { router, fake } = renderList((query) => ({
      body: aPage(
        [aParte({ _id: `p${query.get('page')}`, nombre: `Proveedor ${query.get('page')}` })],
        {
          page: Number(query.get('page')),
          total: 35,
        },
      ),
    }));
    await screen.findByText('Proveedor 1');

    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Proveedor 3')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Proveedor 4')).toBeTruthy();
    expect(fake.callsTo('GET', LIST).map((call) => call.query.get('page'))).toEqual([
      '1',
      '3',
      '4',
    ]);

    await router.navigate(-1);
    expect(await screen.findByText('Proveedor 3')).toBeTruthy();
  });

  it('opens the detail modal with identification, contact, address and observations', async () => {
    renderList(() => ({ body: twoSuppliers() }));
    await user.click(
      await screen.findByRole('button', { name: 'Ver detalles de Ferretería Balear S.L.' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Proveedor' });
    const modal = within(dialog);
    expect(modal.getByText('Identificación')).toBeTruthy();
    expect(modal.getByText('B07123458')).toBeTruthy();
    expect(modal.getByText('Alquileres')).toBeTruthy();
    expect(modal.getByText('Contacto')).toBeTruthy();
    expect(modal.getByRole('link', { name: 'marta@ferreteria.es' }).getAttribute('href')).toBe(
      'mailto:marta@ferreteria.es',
    );
    expect(modal.getByText('Dirección')).toBeTruthy();
    expect(modal.getByText('CALLE ARAGÓN 12')).toBeTruthy();
    expect(modal.getByText('Paga a 30 días')).toBeTruthy();
    expect(modal.getByText('400001')).toBeTruthy();

    const [closeX, closeButton] = modal.getAllByRole('button', { name: 'Cerrar' });
    expect(closeX).toBeTruthy();
    await user.click(closeButton as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers "Nuevo Proveedor" and edit links to editors only', async () => {
    const { router } = renderList(() => ({ body: twoSuppliers() }));
    await screen.findByText('Suministros Inca');
    await user.click(screen.getByRole('link', { name: 'Editar Suministros Inca' }));
    expect(await screen.findByRole('heading', { name: 'Pantalla editar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/proveedores/p2/edit');
  });

  it('hides "Nuevo Proveedor" and edit for users without proveedores.edit', async () => {
    renderList(() => ({ body: twoSuppliers() }), { roles: ['empleado'] });
    await screen.findByText('Suministros Inca');
    expect(screen.queryByRole('link', { name: /Nuevo Proveedor/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Editar/ })).toBeNull();
  });

  it('links "Nuevo Proveedor" to {base}/new', async () => {
    const { router } = renderList(() => ({ body: twoSuppliers() }));
    await user.click(screen.getByRole('link', { name: 'Nuevo Proveedor' }));
    expect(await screen.findByRole('heading', { name: 'Pantalla nuevo' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/proveedores/new');
  });

  it('shows the success message a form left in the navigation state, once', async () => {
    const fake = createFakeApi();
    fake.on('GET', LIST, () => ({ body: twoSuppliers() }));
    const { router } = renderParte(<ParteListPage config={PROVEEDOR_CONFIG} />, {
      path: '/proveedores',
      fake,
      routes: [{ path: '/otra', element: <p>Otra</p> }],
    });
    await screen.findByText('Suministros Inca');
    await router.navigate('/otra');
    await router.navigate('/proveedores?view=list', { state: { flash: 'Proveedor creado' } });
    expect(await screen.findByText('Proveedor creado')).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.search).toBe('?view=list');
  });

  it('exports the filtered list as CSV with the bearer token', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response('\uFEFFNombre\n', { headers: { 'Content-Type': 'text/csv' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderList(() => ({ body: twoSuppliers() }), { path: '/proveedores?q=ferre&activo=false' });
      await screen.findByText('Suministros Inca');
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

      await waitFor(() => expect(click).toHaveBeenCalled());
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe(
        '/api/proveedores/export?empresa=alquileres&searchTerm=ferre&activo=false&sort=nombre',
      );
      expect((init?.headers as Record<string, string>).Authorization).toBe(
        'Bearer token-de-prueba',
      );
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toMatch(/^proveedores-alquileres-\d{4}-\d{2}-\d{2}\.csv$/);
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('follows the URL when back or a link changes the search term', async () => {
    const { router } = renderList(() => ({ body: twoSuppliers() }), { path: '/proveedores?q=uno' });
    await screen.findByText('Suministros Inca');
    await router.navigate('/proveedores?q=dos');
    await waitFor(() =>
      expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe(
        'dos',
      ),
    );
    await router.navigate(-1);
    await waitFor(() =>
      expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe(
        'uno',
      ),
    );
  });

  it('moves a page past the end to the last page', async () => {
    const { router } = renderList(
      (query) => ({
        body: aPage(Number(query.get('page')) > 4 ? [] : [aParte()], {
          page: Number(query.get('page')),
          total: 35,
        }),
      }),
      { path: '/proveedores?page=9' },
    );
    await waitFor(() => expect(router.state.location.search).toBe('?page=4'));
    expect(await screen.findByText('Ferretería Balear S.L.')).toBeTruthy();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const { router } = renderList(
      (query) => ({
        body: query.get('searchTerm') ? aPage([]) : twoSuppliers(),
      }),
      { path: '/proveedores?q=zzz&activo=false' },
    );
    expect(
      await screen.findByText('Ningún proveedor coincide con la búsqueda o el filtro.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Aún no hay proveedores/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(await screen.findByText('Suministros Inca')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it("shows the export failure with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() =>
        Promise.resolve(
          new Response(JSON.stringify({ message: 'Exportación no disponible' }), { status: 503 }),
        ),
      ),
    );
    try {
      renderList(() => ({ body: twoSuppliers() }));
      await screen.findByText('Suministros Inca');
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      expect(await screen.findByText('Exportación no disponible')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens the details from a name in the list view', async () => {
    renderList(() => ({ body: twoSuppliers() }), { path: '/proveedores?view=list' });
    await user.click(await screen.findByRole('button', { name: 'Suministros Inca' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Detalles del Proveedor')).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'Suministros Inca' })).toBeTruthy();
  });
});

describe('ParteListPage with the user’s preferences (issue 14)', () => {
  const preferred = { ...PREFERENCIAS_POR_DEFECTO, vistaListas: 'list', tamanoPagina: 50 } as const;
  const renderPreferring = (path: string) => {
    const fake = createFakeApi();
    fake.on('GET', LIST, () => ({ body: twoSuppliers() }));
    return renderParte(
      <PreferenciasContext value={{ preferencias: preferred, aplicar: () => undefined }}>
        <ParteListPage config={PROVEEDOR_CONFIG} />
      </PreferenciasContext>,
      { path, fake },
    );
  };

  it('opens in the preferred view and page size when the URL names neither', async () => {
    const { fake, router } = renderPreferring('/proveedores');
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(fake.callsTo('GET', LIST)[0]?.query.get('limit')).toBe('50');
    expect(
      (screen.getByRole('combobox', { name: 'Elementos por página' }) as HTMLSelectElement).value,
    ).toBe('50');
    // The URL stays as short as it was.
    expect(router.state.location.search).toBe('');
  });

  it('lets the URL win, and writes the list’s own default when the user picks it', async () => {
    const { fake, router } = renderPreferring('/proveedores?view=cards&limit=20');
    await screen.findByRole('heading', { name: 'Ferretería Balear S.L.' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(fake.callsTo('GET', LIST)[0]?.query.get('limit')).toBe('20');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Elementos por página' }),
      '10 por página',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?limit=10&view=cards'));
  });
});
