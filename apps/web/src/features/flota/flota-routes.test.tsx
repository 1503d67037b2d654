import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createFakeApi } from '../../testing/fake-api.js';
import { aCamion, aPage } from './testing/fixtures.js';
import { renderFlota } from './testing/render-flota.js';
import { flotaRoutes } from './index.js';

// flota-obras.md §7 and scenario 19: the fleet and a vehicle need camiones.view, nuevo and
// editar camiones.edit; /camiones/* goes (replace) to the same path under /transporte.
const ID = aCamion()._id;

const renderRoute = (path: string, roles: Parameters<typeof renderFlota>[1]['roles']) => {
  const fake = createFakeApi();
  fake.on('GET', '/api/camiones', () => ({ body: aPage([aCamion()]) }));
  fake.on('GET', `/api/camiones/${ID}`, () => ({ body: { data: aCamion() } }));
  fake.on('GET', `/api/camiones/${ID}/asignaciones`, () => ({ body: { data: [] } }));
  fake.on('GET', '/api/conductores', () => ({ body: aPage([]) }));
  return renderFlota(<p>Inicio</p>, {
    path,
    routePath: '/inicio',
    roles,
    fake,
    routes: [...flotaRoutes, { path: '/unauthorized', element: <h1>No autorizado</h1> }],
  });
};

describe('flota routes (flota-obras.md §7)', () => {
  it('transportes reaches the fleet but not /transporte/camiones/nuevo', async () => {
    renderRoute('/transporte/camiones', ['transportes']);
    expect(
      await screen.findByRole('heading', { name: 'Flota de Vehículos' }, { timeout: 5000 }),
    ).toBeTruthy();
    const { router } = renderRoute('/transporte/camiones/nuevo', ['transportes']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('/camiones/{id} lands on /transporte/camiones/{id}', async () => {
    const { router } = renderRoute(`/camiones/${ID}`, ['operaciones', 'transportes']);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/transporte/camiones/${ID}`));
    expect(
      await screen.findByText('Volvo FH 500 · Cabeza tractora', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('arquitecto may not open the fleet', async () => {
    const { router } = renderRoute('/transporte/camiones', ['arquitecto']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
