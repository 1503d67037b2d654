import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderParte } from './testing/render-parte.js';
import {
  ProveedoresListPage,
  ProveedorNuevoRedirect,
  ProveedoresUpOneLevel,
} from './proveedores-routes.js';

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

  it('shows the list title while the code of the list screen is still arriving (issue 13)', async () => {
    renderParte(<ProveedoresListPage basePath="/transporte/proveedores" />, {
      path: '/transporte/proveedores',
      system: 'transportes',
    });
    // Before the lazy screen has loaded: the title, in the skeleton, and no heading yet.
    const title = 'Gestión de Proveedores - Transportes';
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    // The screen's own heading replaces it; the skeleton's text is gone.
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getAllByText(title)).toHaveLength(1);
  });
});
