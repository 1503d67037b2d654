import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderParte } from './testing/render-parte.js';
import { ProveedorNuevoRedirect, ProveedoresUpOneLevel } from './proveedores-routes.js';

const routes = [
  { path: '/transporte/proveedores', element: <h1>Listado</h1> },
  { path: '/transporte/proveedores/new', element: <h1>Nuevo</h1> },
  { path: '/transporte/proveedores/nuevo', element: <ProveedorNuevoRedirect /> },
];

describe('supplier route helpers (SPEC 2.12)', () => {
  it('sends {base}/nuevo to {base}/new', async () => {
    const { router } = renderParte(<h1>Listado</h1>, {
      path: '/transporte/proveedores/nuevo',
      routePath: '/transporte/proveedores',
      routes: routes.slice(1),
    });
    expect(await screen.findByRole('heading', { name: 'Nuevo' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/transporte/proveedores/new');
  });

  it('sends any other path one level up', async () => {
    const { router } = renderParte(<ProveedoresUpOneLevel />, {
      path: '/transporte/proveedores/p1',
      routePath: '/transporte/proveedores/:proveedorId',
      routes: routes.slice(0, 1),
    });
    expect(await screen.findByRole('heading', { name: 'Listado' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/transporte/proveedores');
  });
});
