import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@tvsistema/domain';
import { landing, renderWithContexts, signedInAs } from '../../testing/fake-contexts.js';
import { RequireAccess, type RequireAccessProps } from './require-access.js';

const page = (rules: Omit<RequireAccessProps, 'children'> = {}) => (
  <RequireAccess {...rules}>
    <h1>Presupuestos</h1>
  </RequireAccess>
);

const PATH = '/presupuestos/7?tab=lineas';
const RETURN_TO = 'returnTo=%2Fpresupuestos%2F7%3Ftab%3Dlineas';
const targets = [landing('/select-system'), landing('/unauthorized')];

const locationOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('RequireAccess (SPEC 2.5), each step', () => {
  it('1. shows "Verificando autenticación..." while authentication loads', () => {
    renderWithContexts(page(), { auth: { isLoading: true }, path: PATH, routes: targets });
    expect(screen.getByText('Verificando autenticación...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Presupuestos' })).toBeNull();
  });

  it('2. signed out: stores returnPath and replaces history with /select-system?returnTo=', async () => {
    const { router } = renderWithContexts(page({ permission: 'presupuestos.view' }), {
      path: PATH,
      routes: targets,
    });
    await screen.findByText('En /select-system');
    expect(locationOf(router)).toBe(`/select-system?${RETURN_TO}`);
    expect(localStorage.getItem(STORAGE_KEYS.returnPath)).toBe(PATH);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('3. signed in without the user object yet: "Cargando datos del usuario..."', () => {
    renderWithContexts(page(), {
      auth: { ...signedInAs(['alquileres']), user: undefined },
      currentSystem: 'alquileres',
      path: PATH,
    });
    expect(screen.getByText('Cargando datos del usuario...')).toBeTruthy();
  });

  it('4. a role outside the allowed ones goes to /unauthorized?returnTo=', async () => {
    const { router } = renderWithContexts(page({ permission: 'presupuestos.view' }), {
      auth: signedInAs(['transportes']),
      currentSystem: null,
      path: PATH,
      routes: targets,
    });
    await screen.findByText('En /unauthorized');
    expect(locationOf(router)).toBe(`/unauthorized?${RETURN_TO}`);
  });

  it('4. explicit allowed roles work too', async () => {
    renderWithContexts(page({ allowedRoles: ['administracion'] }), {
      auth: signedInAs(['alquileres']),
      currentSystem: 'alquileres',
      path: PATH,
      routes: targets,
    });
    expect(await screen.findByText('En /unauthorized')).toBeTruthy();
  });

  it('5. a required system the user cannot reach: /unauthorized', async () => {
    renderWithContexts(page({ requiredSystem: 'verticales' }), {
      auth: signedInAs(['alquileres']),
      currentSystem: 'alquileres',
      path: PATH,
      routes: targets,
    });
    expect(await screen.findByText('En /unauthorized')).toBeTruthy();
  });

  it('5. a reachable required system that is not current: /select-system?returnTo=', async () => {
    const { router } = renderWithContexts(page({ requiredSystem: 'transportes' }), {
      auth: signedInAs(['administracion']),
      currentSystem: 'alquileres',
      path: PATH,
      routes: targets,
    });
    await screen.findByText('En /select-system');
    expect(locationOf(router)).toBe(`/select-system?${RETURN_TO}`);
  });

  it('6. no system chosen (and none to detect from the path): /select-system', async () => {
    renderWithContexts(page({ permission: 'presupuestos.view' }), {
      auth: signedInAs(['alquileres']),
      path: PATH,
      routes: targets,
    });
    expect(await screen.findByText('En /select-system')).toBeTruthy();
  });

  it('6. a page that needs no system shows without one', () => {
    renderWithContexts(page({ requireSystem: false }), {
      auth: signedInAs(['alquileres']),
      path: PATH,
    });
    expect(screen.getByRole('heading', { name: 'Presupuestos' })).toBeTruthy();
  });

  it('7. a current system the roles do not reach: /unauthorized', async () => {
    renderWithContexts(page(), {
      auth: signedInAs(['alquileres']),
      currentSystem: 'transportes',
      path: '/dashboard',
      routePath: '/dashboard',
      routes: targets,
    });
    expect(await screen.findByText('En /unauthorized')).toBeTruthy();
  });

  it('8. otherwise shows the page', () => {
    renderWithContexts(page({ permission: 'presupuestos.view' }), {
      auth: signedInAs(['alquileres']),
      currentSystem: 'alquileres',
      path: PATH,
    });
    expect(screen.getByRole('heading', { name: 'Presupuestos' })).toBeTruthy();
  });
});

describe('RequireAccess: system from the path and pages of another system', () => {
  it('adopts the system the path names instead of asking for one (SPEC 2.4)', async () => {
    const onSetSystem = vi.fn();
    renderWithContexts(
      <RequireAccess permission="camiones.view">
        <h1>Camiones</h1>
      </RequireAccess>,
      {
        auth: signedInAs(['transportes']),
        onSetSystem,
        path: '/transporte/camiones',
        routes: targets,
      },
    );
    expect(await screen.findByRole('heading', { name: 'Camiones' })).toBeTruthy();
    expect(onSetSystem).toHaveBeenCalledWith('transportes');
  });

  it('does not adopt a detected system the roles cannot reach', async () => {
    const onSetSystem = vi.fn();
    renderWithContexts(page(), {
      auth: signedInAs(['alquileres']),
      onSetSystem,
      path: '/obras',
      routePath: '/obras',
      routes: targets,
    });
    expect(await screen.findByText('En /select-system')).toBeTruthy();
    expect(onSetSystem).not.toHaveBeenCalled();
  });

  it('waits ("Navegando...") on a page the current system does not allow', async () => {
    renderWithContexts(page({ permission: 'clientes.view' }), {
      auth: signedInAs(['transportes']),
      currentSystem: 'transportes',
      path: '/clientes',
      routePath: '/clientes',
    });
    await waitFor(() => expect(screen.getByText('Navegando...')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Presupuestos' })).toBeNull();
  });

  it('waits for the navigation rules, not /unauthorized, when the role lacks the page too (finanzas scenario 20)', async () => {
    const { router } = renderWithContexts(page({ permission: 'notas.view' }), {
      auth: signedInAs(['transportes']),
      currentSystem: 'transportes',
      path: '/notas',
      routePath: '/notas',
      routes: targets,
    });
    await waitFor(() => expect(screen.getByText('Navegando...')).toBeTruthy());
    expect(locationOf(router)).toBe('/notas');
  });

  it('still refuses a page the current system allows but the role does not (/facturas/informes)', async () => {
    const { router } = renderWithContexts(page({ permission: 'facturacion.fiscal' }), {
      auth: signedInAs(['transportes']),
      currentSystem: 'transportes',
      path: '/facturas/informes',
      routePath: '/facturas/informes',
      routes: targets,
    });
    await screen.findByText('En /unauthorized');
    expect(locationOf(router)).toBe('/unauthorized?returnTo=%2Ffacturas%2Finformes');
  });
});
