import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createFakeApi } from '../../testing/fake-api.js';
import { aMaquina, aPage, MAQUINA_ID } from './testing/fixtures.js';
import { renderMaquina } from './testing/render-maquina.js';
import { maquinariaRoutes } from './index.js';

// inventario.md §7: /maquinaria and its detail need maquinaria.view; nueva and editar need
// maquinaria.edit (SPEC 6: alquileres has no machinery screens).
const renderRoute = (path: string, roles: Parameters<typeof renderMaquina>[1]['roles']) => {
  const fake = createFakeApi();
  fake.on('GET', '/api/maquinaria', () => ({ body: aPage([aMaquina()]) }));
  fake.on('GET', `/api/maquinaria/${MAQUINA_ID}`, () => ({ body: { data: aMaquina() } }));
  return renderMaquina(<p>Inicio</p>, {
    path,
    routePath: '/inicio',
    roles,
    fake,
    routes: [...maquinariaRoutes, { path: '/unauthorized', element: <h1>No autorizado</h1> }],
  });
};

describe('maquinaria routes (inventario.md §7)', () => {
  it('administración reaches the list', async () => {
    renderRoute('/maquinaria', ['administracion']);
    expect(
      await screen.findByRole('heading', { name: 'Maquinaria' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('administración opens /maquinaria/nueva', async () => {
    renderRoute('/maquinaria/nueva', ['administracion']);
    expect(
      await screen.findByRole('heading', { name: 'Nueva máquina' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('an empleado sees the detail but not the edit form', async () => {
    renderRoute(`/maquinaria/${MAQUINA_ID}`, ['empleado']);
    expect(
      await screen.findByRole('heading', { level: 1, name: /MEX-001/ }, { timeout: 5000 }),
    ).toBeTruthy();
    const { router } = renderRoute(`/maquinaria/${MAQUINA_ID}/editar`, ['empleado']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('alquileres may not open /maquinaria', async () => {
    const { router } = renderRoute('/maquinaria', ['alquileres']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
