import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIMINGS } from '@tvsistema/domain';
import { ApiError } from '../../../lib/api-client.js';
import { expectCampoInvalido } from '../../../testing/invalid-field.js';
import { renderRoute } from '../../../testing/render.js';
import {
  createFakeLocalizacionApi,
  seedLocations,
  type FakeLocalizacionApi,
} from '../testing/fake-localizacion-api.js';
import { CiudadesPage } from './ciudades-page.js';
import { SEARCH_DEBOUNCE_MS } from './location-typeahead.js';

const ROUTE = '/localizacion/ciudades';

let fake: FakeLocalizacionApi;
let ids: ReturnType<typeof seedLocations>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fake = createFakeLocalizacionApi();
  ids = seedLocations(fake);
});

afterEach(() => {
  vi.useRealTimers();
});

const renderPage = (search = '') => {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const { router } = renderRoute(<CiudadesPage />, {
    api: fake.api,
    path: `${ROUTE}${search}`,
    routePath: ROUTE,
  });
  return { user, router, query: () => new URLSearchParams(router.state.location.search) };
};

const panel = (title: string) => screen.getByRole('region', { name: title });
const findPanel = (title: string) => screen.findByRole('region', { name: title });
// The first cell of each body row. The table's own `cells` collection, not a role query per row:
// a role query per row over a 120-row table took seconds under jsdom on a busy CI machine.
const rowNames = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[0]?.textContent);
const breadcrumb = () =>
  within(screen.getByRole('navigation', { name: 'Ruta de localización' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('CiudadesPage: browsing the hierarchy', () => {
  it('goes down level by level, keeping the path in the URL, and back up', async () => {
    const { user, router, query } = renderPage();
    let region = await findPanel('Países');
    await waitFor(() => expect(rowNames(region)).toEqual(['ESPAÑA', 'FRANCIA']));

    await user.click(within(region).getByRole('link', { name: 'ESPAÑA' }));
    region = await findPanel('Provincias de ESPAÑA');
    await waitFor(() =>
      expect(rowNames(region)).toEqual(['ÁVILA', 'ILLES BALEARS (ISLAS BALEARES)']),
    );
    expect(query().get('pais')).toBe(ids.espana);

    await user.click(within(region).getByRole('link', { name: 'ILLES BALEARS' }));
    region = await findPanel('Municipios de ILLES BALEARS');
    await waitFor(() => expect(rowNames(region)).toEqual(['CALVIÀ', 'PALMA']));

    await user.click(within(region).getByRole('link', { name: 'PALMA' }));
    region = await findPanel('Ciudades de PALMA');
    await waitFor(() => expect(rowNames(region)).toEqual(['PALMA', 'SON FERRIOL']));
    // Only the cities of that municipality, within its province.
    expect(fake.listCalls('ciudad').at(-1)?.query).toMatchObject({
      provinciaId: ids.baleares,
      municipioId: ids.palmaMunicipio,
    });

    await user.click(within(region).getByRole('link', { name: 'PALMA' }));
    const calles = await findPanel('Calles de PALMA');
    const codigos = panel('Códigos postales de PALMA');
    await waitFor(() => expect(rowNames(calles)).toEqual(['AVINGUDA JAUME III', 'CALLE MAYOR']));
    await waitFor(() => expect(rowNames(codigos)).toEqual(['07001', '07002']));
    expect(breadcrumb()).toEqual([
      'Países',
      'País: ESPAÑA',
      'Provincia: ILLES BALEARS',
      'Municipio: PALMA',
      'Ciudad: PALMA',
    ]);
    expect(Object.fromEntries(query())).toEqual({
      pais: ids.espana,
      provincia: ids.baleares,
      municipio: ids.palmaMunicipio,
      ciudad: ids.palma,
    });

    // The browser's back button returns one level up.
    await act(() => router.navigate(-1));
    await findPanel('Ciudades de PALMA');

    // The breadcrumb jumps straight to any level above.
    await user.click(screen.getByRole('link', { name: 'País: ESPAÑA' }));
    await findPanel('Provincias de ESPAÑA');
    await user.click(screen.getByRole('link', { name: 'Países' }));
    await findPanel('Países');
    expect(router.state.location.search).toBe('');
  });

  it('restores the path and the search from the URL (reload)', async () => {
    renderPage(`?pais=${ids.espana}&provincia=${ids.baleares}&buscarMunicipio=calv`);
    const region = await findPanel('Municipios de ILLES BALEARS');
    expect(within(region).getByLabelText<HTMLInputElement>('Buscar municipio').value).toBe('calv');
    await waitFor(() => expect(rowNames(region)).toEqual(['CALVIÀ']));
    expect(fake.listCalls('municipio').map((call) => call.query)).toEqual([
      { nombre: 'calv', provinciaId: ids.baleares, page: '1', limit: '100' },
    ]);
  });

  it('searches on the server once typing pauses and keeps the search in the URL', async () => {
    const { user, query } = renderPage(`?pais=${ids.espana}`);
    const region = await findPanel('Provincias de ESPAÑA');
    await waitFor(() => expect(rowNames(region)).toHaveLength(2));
    await user.type(within(region).getByLabelText('Buscar provincia'), 'bal');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(rowNames(region)).toEqual(['ILLES BALEARS (ISLAS BALEARES)']));
    expect(query().get('buscarProvincia')).toBe('bal');
    expect(
      fake
        .listCalls('provincia')
        .filter((call) => call.query.nombre !== undefined)
        .map((call) => call.query),
    ).toEqual([{ nombre: 'bal', paisId: ids.espana, page: '1', limit: '100' }]);
  });

  it('says what to do when a level is empty or nothing matches', async () => {
    const { user } = renderPage(`?pais=${ids.francia}`);
    const region = await findPanel('Provincias de FRANCIA');
    await within(region).findByText(
      'Todavía no hay provincias en FRANCIA. Usa «Nueva provincia» para añadir la primera.',
    );
    await user.type(within(region).getByLabelText('Buscar provincia'), 'zz');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await within(region).findByText(
      'Ningún resultado para «zz». Prueba con otra parte del nombre o usa «Nueva provincia».',
    );
  });

  it('shows a failed load with the server message and retries', async () => {
    fake.failNext(
      'GET',
      /\/paises$/,
      new ApiError(500, 'Error del servidor. Inténtalo de nuevo más tarde.'),
    );
    const { user } = renderPage();
    const region = await findPanel('Países');
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toBe('Error del servidor. Inténtalo de nuevo más tarde.');
    await user.click(within(region).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(rowNames(region)).toEqual(['ESPAÑA', 'FRANCIA']));
  });

  it('says it is loading while the server answers', async () => {
    const release = fake.hold();
    renderPage();
    const region = await findPanel('Países');
    expect(within(region).getByRole('status').textContent).toBe('Cargando países…');
    act(() => release());
    await waitFor(() => expect(rowNames(region)).toEqual(['ESPAÑA', 'FRANCIA']));
    expect(within(region).queryByRole('status')).toBeNull();
  });

  it('explains a path that no longer exists and offers the way back', async () => {
    const { user, router } = renderPage('?pais=borrado');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No se pudo abrir la ruta elegida (país): ID de país inválido',
    );
    await user.click(screen.getByRole('link', { name: 'Volver a la lista de países' }));
    await findPanel('Países');
    expect(router.state.location.search).toBe('');
  });

  it('loads more rows when the server has more', async () => {
    for (let n = 1; n <= 120; n++) {
      fake.add('pais', { nombre: `PAÍS ${String(n).padStart(3, '0')}`, codigo: null });
    }
    const { user } = renderPage();
    const region = await findPanel('Países');
    await waitFor(() => expect(rowNames(region)).toHaveLength(100));
    await user.click(within(region).getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(rowNames(region)).toHaveLength(122));
    expect(within(region).queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });
});

describe('CiudadesPage: create, rename, delete', () => {
  it('creates a record under the chosen parent', async () => {
    const { user } = renderPage(`?pais=${ids.espana}`);
    const region = await findPanel('Provincias de ESPAÑA');
    await user.click(within(region).getByRole('button', { name: 'Nueva provincia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva provincia' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'menorca');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('Provincia "MENORCA" creado exitosamente');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.modalCloseAfterSuccess));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowNames(region)).toContain('MENORCA'));
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      nombre: 'MENORCA',
      paisId: ids.espana,
    });
  });

  it('offers the optional code when creating a país, and sends none when it is left empty', async () => {
    const { user } = renderPage();
    const region = await findPanel('Países');
    await user.click(within(region).getByRole('button', { name: 'Nuevo país' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo país' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'portugal');
    await user.type(within(dialog).getByLabelText('Código (opcional)'), ' pt ');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('País "PORTUGAL" creado exitosamente');
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      nombre: 'PORTUGAL',
      codigo: 'PT',
    });
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.modalCloseAfterSuccess));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Left empty, the code is not sent at all.
    await user.click(within(region).getByRole('button', { name: 'Nuevo país' }));
    const second = await screen.findByRole('dialog', { name: 'Nuevo país' });
    await user.type(within(second).getByLabelText('Nombre'), 'italia');
    await user.click(within(second).getByRole('button', { name: 'Crear' }));
    await within(second).findByText('País "ITALIA" creado exitosamente');
    expect(fake.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      nombre: 'ITALIA',
    });
  });

  it('has no code field when creating a ciudad', async () => {
    const { user } = renderPage(
      `?pais=${ids.espana}&provincia=${ids.baleares}&municipio=${ids.palmaMunicipio}`,
    );
    const ciudades = await findPanel('Ciudades de PALMA');
    await user.click(within(ciudades).getByRole('button', { name: 'Nueva ciudad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva ciudad' });
    expect(within(dialog).getByLabelText('Nombre')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Código (opcional)')).toBeNull();
  });

  it('renames in a modal, with the name rules and the server refusal', async () => {
    const { user } = renderPage(`?pais=${ids.espana}`);
    const region = await findPanel('Provincias de ESPAÑA');
    await user.click(await within(region).findByRole('button', { name: 'Renombrar ÁVILA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renombrar provincia «ÁVILA»' });
    const nombre = within(dialog).getByLabelText<HTMLInputElement>('Nuevo nombre');
    expect(nombre.value).toBe('ÁVILA');

    await user.clear(nombre);
    await user.type(nombre, 'a');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await within(dialog).findByText('El nombre debe tener al menos 2 caracteres');
    // A screen reader hears the field refused, with its message (issue 14).
    expectCampoInvalido(nombre, 'El nombre debe tener al menos 2 caracteres');

    await user.clear(nombre);
    await user.type(nombre, 'illes balears');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ya existe provincia con ese nombre',
    );

    await user.clear(nombre);
    await user.type(nombre, ' àvila  de los caballeros ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)).toMatchObject({
      path: `/api/localizacion/provincias/${ids.avila}`,
      body: { nombre: 'ÀVILA DE LOS CABALLEROS' },
    });
    await within(region).findByText('Se ha renombrado «ÁVILA» a «ÀVILA DE LOS CABALLEROS».');
    await waitFor(() => expect(rowNames(region)).toContain('ÀVILA DE LOS CABALLEROS'));
  });

  it('creates a city with its province and municipality, and changes a postal code', async () => {
    const path = `?pais=${ids.espana}&provincia=${ids.baleares}&municipio=${ids.palmaMunicipio}`;
    const { user } = renderPage(path);
    const ciudades = await findPanel('Ciudades de PALMA');
    await user.click(within(ciudades).getByRole('button', { name: 'Nueva ciudad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva ciudad' });
    await user.type(within(dialog).getByLabelText('Nombre'), "s'arenal");
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('Ciudad "S\'ARENAL" creado exitosamente');
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
      nombre: "S'ARENAL",
      provinciaId: ids.baleares,
      municipioId: ids.palmaMunicipio,
    });
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.modalCloseAfterSuccess));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await within(ciudades).findByRole('link', { name: 'PALMA' }));
    const codigos = await findPanel('Códigos postales de PALMA');
    await user.click(await within(codigos).findByRole('button', { name: 'Renombrar 07002' }));
    const rename = await screen.findByRole('dialog', { name: 'Renombrar código postal «07002»' });
    const valor = within(rename).getByLabelText<HTMLInputElement>('Código postal');
    await user.clear(valor);
    await user.type(valor, '07.0-03');
    expect(valor.value).toBe('070-03');
    await user.click(within(rename).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      valor: '070-03',
      // The version the list showed (optimistic concurrency).
      version: 1,
    });
    await waitFor(() => expect([...rowNames(codigos)].sort()).toEqual(['07001', '070-03'].sort()));
  });

  it('shows what blocks a deletion and keeps "Eliminar" disabled', async () => {
    fake.setUses(ids.baleares, 3);
    const { user } = renderPage(`?pais=${ids.espana}`);
    const region = await findPanel('Provincias de ESPAÑA');
    await user.click(await within(region).findByRole('button', { name: 'Eliminar ILLES BALEARS' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Eliminar provincia «ILLES BALEARS»',
    });
    await within(dialog).findByText('No se puede eliminar «ILLES BALEARS» mientras tenga:');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 municipios', 'Usado en 3 direcciones']);
    const eliminar = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Eliminar' });
    expect(eliminar.disabled).toBe(true);
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes after confirmation when nothing depends on the record', async () => {
    const { user } = renderPage();
    const region = await findPanel('Países');
    await user.click(await within(region).findByRole('button', { name: 'Eliminar FRANCIA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar país «FRANCIA»' });
    await within(dialog).findByText(
      '¿Seguro que quieres eliminar «FRANCIA»? Esta acción no se puede deshacer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await within(region).findByText('Se ha eliminado «FRANCIA».');
    await waitFor(() => expect(rowNames(region)).toEqual(['ESPAÑA']));
  });

  it('shows the message of a deletion the server refuses', async () => {
    fake.failNext(
      'DELETE',
      /\/paises\//,
      new ApiError(409, 'No se puede eliminar el país: tiene 1 provincia'),
    );
    const { user } = renderPage();
    const region = await findPanel('Países');
    await user.click(await within(region).findByRole('button', { name: 'Eliminar FRANCIA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar país «FRANCIA»' });
    const eliminar = await within(dialog).findByRole<HTMLButtonElement>('button', {
      name: 'Eliminar',
    });
    await waitFor(() => expect(eliminar.disabled).toBe(false));
    await user.click(eliminar);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('No se puede eliminar el país: tiene 1 provincia');
    expect(alert.className).toContain('alert-danger');
    expect(rowNames(region)).toEqual(['ESPAÑA', 'FRANCIA']);
  });
});
