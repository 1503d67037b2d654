import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@tvsistema/domain';
import { createFakeApi } from '../../../testing/fake-api.js';
import { NARROW_LIST_QUERY } from '../../../components/resource/resource-results.js';
import { aCamion, aConductor, aPage, aVencimiento } from '../testing/fixtures.js';
import { renderFlota } from '../testing/render-flota.js';
import { CamionListPage } from './camion-list-page.js';

const user = userEvent.setup({ delay: null });
const LIST = '/api/camiones';

const renderList = (
  path = '/transporte/camiones?view=list',
  roles: Role[] = ['administracion'],
) => {
  const fake = createFakeApi();
  fake.on('GET', LIST, ({ query }) =>
    query.get('vencimientos') === '30'
      ? { body: aPage([]) }
      : {
          body: aPage([
            aCamion(),
            aCamion({
              _id: '33333333-3333-4333-8333-333333333333',
              matricula: '2093HBL',
              matriculaTexto: '2093 HBL',
              apto: false,
              motivosNoApto: ['ITV caducada desde el 15/11/2026'],
              vencimientos: [],
            }),
          ]),
        },
  );
  fake.on('GET', '/api/conductores', () => ({ body: aPage([]) }));
  return renderFlota(<CamionListPage />, {
    path,
    routePath: '/transporte/camiones',
    fake,
    roles,
  });
};

describe('CamionListPage (flota-obras.md §5.1)', () => {
  it('lists the fleet with its columns, the No apto badge and the due count', async () => {
    renderList();
    expect(screen.getByRole('heading', { name: 'Flota de Vehículos' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim()),
    ).toEqual([
      'Matrícula',
      'Tipo',
      'Marca y modelo',
      'Conductor',
      'Km',
      'Próxima ITV',
      'Vencimientos',
      'Estado',
      'Acciones',
    ]);
    expect(within(table).getAllByText('612.340 km')).toHaveLength(2);
    expect(within(table).getAllByText('04/12/2026')).toHaveLength(2);
    expect(within(table).getByText('No apto')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nuevo Vehículo' })).toBeTruthy();
  });

  it('cards (§5.1): the plate-style matrícula with its tipo, and the two nearest due items coloured (yellow próximo, red vencido)', async () => {
    const fake = createFakeApi();
    fake.on('GET', LIST, () => ({
      body: aPage([
        aCamion({
          vencimientos: [
            aVencimiento({
              concepto: 'Seguro',
              diasRestantes: -2,
              fecha: '2026-11-21',
              estado: 'vencido',
            }),
            aVencimiento(),
            aVencimiento({ concepto: 'Tacógrafo', fecha: '2027-01-04' }),
          ],
        }),
      ]),
    }));
    renderFlota(<CamionListPage />, {
      path: '/transporte/camiones',
      routePath: '/transporte/camiones',
      fake,
      roles: ['administracion'],
    });
    const tarjeta = (await screen.findByRole('heading', { name: '4417 KTM' })).closest(
      '.card',
    ) as HTMLElement;
    expect(tarjeta.querySelector('h2 [title="Cabeza tractora"]')).toBeTruthy();
    const seguro = within(tarjeta).getByText('Seguro: vencida hace 2 días');
    expect(seguro.className).toContain('bg-danger');
    expect(within(tarjeta).getByText('ITV: vence el 04/12/2026 (en 12 días)').className).toContain(
      'bg-warning',
    );
    expect(within(tarjeta).queryByText(/Tacógrafo/)).toBeNull();
  });

  /** A vehicle without autorización and a complete one, in the cards or the table. */
  const renderLegacy = (path: string) => {
    const fake = createFakeApi();
    fake.on('GET', LIST, () => ({
      body: aPage([
        aCamion({ autorizacion: null }),
        aCamion({ _id: '33333333-3333-4333-8333-333333333333', matriculaTexto: '2093 HBL' }),
      ]),
    }));
    renderFlota(<CamionListPage />, {
      path,
      routePath: '/transporte/camiones',
      fake,
      roles: ['administracion'],
    });
  };

  it('cards: a vehicle lacking data required since it was written carries a "Faltan datos" badge', async () => {
    renderLegacy('/transporte/camiones');
    const tarjeta = (nombre: string) =>
      screen.getByRole('heading', { name: nombre }).closest('.card') as HTMLElement;
    await screen.findByRole('heading', { name: '4417 KTM' });
    const badge = within(tarjeta('4417 KTM')).getByText(
      'Falta un dato obligatorio: autorización de transporte.',
    );
    expect(badge.closest('.badge')?.className).toContain('bg-warning');
    expect(within(tarjeta('2093 HBL')).queryByText(/Falta/)).toBeNull();
  });

  it('table: the same badge in the Estado column', async () => {
    renderLegacy('/transporte/camiones?view=list');
    const fila = async (matricula: string) =>
      (await screen.findByRole('link', { name: matricula })).closest('tr') as HTMLElement;
    expect(
      within(await fila('4417 KTM')).getByText(
        'Falta un dato obligatorio: autorización de transporte.',
      ),
    ).toBeTruthy();
    expect(within(await fila('2093 HBL')).queryByText(/Falta/)).toBeNull();
  });

  it('"Vencimientos próximos" asks for vencimientos=30, and says when nothing is due', async () => {
    const { fake } = renderList('/transporte/camiones?view=list');
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Vencimientos próximos' }));
    expect(await screen.findByText('Sin vencimientos en los próximos 30 días')).toBeTruthy();
    expect(fake.callsTo('GET', LIST).some((c) => c.query.get('vencimientos') === '30')).toBe(true);
  });

  it('transportes sees no "Nuevo Vehículo" and the Conductores tab lists drivers', async () => {
    renderList('/transporte/camiones', ['transportes']);
    await screen.findAllByText('4417 KTM');
    expect(screen.queryByRole('link', { name: 'Nuevo Vehículo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Conductores' }));
    expect(
      await screen.findByText(
        'Aún no hay conductores - Añade a tus conductores para asignarlos a vehículos y albaranes.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo Conductor' })).toBeNull();
  });
});

describe('Conductores tab (flota-obras.md §5.1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderConductores = () => {
    const fake = createFakeApi();
    fake.on('GET', LIST, () => ({ body: aPage([aCamion()]) }));
    fake.on('GET', '/api/conductores', ({ query }) => ({
      body: aPage(query.get('searchTerm') ? [] : [aConductor()]),
    }));
    renderFlota(<CamionListPage />, {
      path: '/transporte/camiones?vista=conductores',
      routePath: '/transporte/camiones',
      fake,
      roles: ['administracion'],
    });
    return fake;
  };

  it('a search with no match says so, apart from the first-use text, and "Limpiar filtros" brings the drivers back', async () => {
    renderConductores();
    expect(await screen.findByRole('table')).toBeTruthy();
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por nombre o documento…' }),
      'zz',
    );
    expect(
      await screen.findByText('Ningún conductor coincide con la búsqueda o el filtro.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Aún no hay conductores/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(await screen.findByRole('cell', { name: 'Miquel Ferrer Vidal' })).toBeTruthy();
    expect(
      (
        screen.getByRole('searchbox', {
          name: 'Buscar por nombre o documento…',
        }) as HTMLInputElement
      ).value,
    ).toBe('');
  });

  it('below 768 px each driver is a card with its details and "Editar" in view', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: media === NARROW_LIST_QUERY,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderConductores();
    const tarjetas = await screen.findByRole('list', { name: 'Resultados' });
    expect(screen.queryByRole('table')).toBeNull();
    const tarjeta = within(tarjetas).getByRole('listitem');
    expect(within(tarjeta).getByRole('heading', { name: 'Miquel Ferrer Vidal' })).toBeTruthy();
    expect(tarjeta.textContent).toContain('41234567Y');
    expect(tarjeta.textContent).toContain('B, C');
    expect(tarjeta.textContent).toContain('4417 KTM');
    expect(tarjeta.textContent).toContain('CAP: ');
    await user.click(within(tarjeta).getByRole('button', { name: 'Editar Miquel Ferrer Vidal' }));
    expect(await screen.findByRole('dialog', { name: 'Editar Conductor' })).toBeTruthy();
  });
});
