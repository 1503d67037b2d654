import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { aPage, aParte } from './testing/fixtures.js';
import { ListProbe } from './testing/probes.js';
import { renderParte } from './testing/render-parte.js';
// The screens behind the lazy routes (issue 13), rendered directly: the same client config.
import { ClienteFormScreen as ClienteFormPage } from './parte-form-screens.js';
import { ClientesListScreen as ClientesListPage } from './parte-list-screens.js';

// No pause between keystrokes: the machine may be busy, and the pause proves nothing here.
const user = userEvent.setup({ delay: null });

vi.mock('../localizacion/index.js', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  AddressPicker: (): ReactNode => <p>Selector de dirección</p>,
}));

const aCliente = () =>
  aParte({
    _id: 'c1',
    nombre: 'Hotel Son Vida',
    empresa: 'transporte',
    cuentaContableProveedor: undefined,
    cuentaContableCompra: undefined,
    cuentaContableCliente: '430001',
    cuentaContableVenta: '700001',
    cuentaContableRetencion: '473001',
  });

describe('clients', () => {
  it('lists the clients of the transportes empresa under their own title and URLs', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/clientes', () => ({ body: aPage([aCliente()]) }));
    const { router } = renderParte(<ClientesListPage />, {
      path: '/transporte/clientes',
      system: 'transportes',
      fake,
      routes: [
        { path: '/transporte/clientes/:clienteId/editar', element: <h1>Editar cliente</h1> },
      ],
    });

    expect(screen.getByRole('heading', { name: 'Gestión de Clientes - Transportes' })).toBeTruthy();
    expect(await screen.findByText('Hotel Son Vida')).toBeTruthy();
    expect(fake.callsTo('GET', '/api/clientes')[0]?.query.get('empresa')).toBe('transporte');
    expect(screen.getByRole('link', { name: 'Nuevo Cliente' }).getAttribute('href')).toBe(
      '/transporte/clientes/nuevo',
    );

    await user.click(screen.getByRole('button', { name: 'Ver detalles de Hotel Son Vida' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Detalles del Cliente')).toBeTruthy();
    expect(dialog.getByText('430001')).toBeTruthy();
    await user.click(dialog.getByRole('link', { name: 'Editar' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/transporte/clientes/c1/editar'),
    );
  });

  it('shows the clients empty state', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/clientes', () => ({ body: aPage([]) }));
    renderParte(<ClientesListPage />, { path: '/clientes', fake });
    expect(
      await screen.findByText(
        'Aún no hay clientes - Crea tu primer cliente para empezar a presupuestar y facturar.',
      ),
    ).toBeTruthy();
  });

  it('edits the client accounting set, not the supplier one, and posts to /api/clientes', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/clientes', () => ({ body: aPage([]) }));
    fake.on('POST', '/api/clientes', () => ({ status: 201, body: { data: aCliente() } }));
    renderParte(<ClienteFormPage mode="create" />, {
      path: '/clientes/nuevo',
      fake,
      routes: [{ path: '/clientes', element: <ListProbe /> }],
    });

    expect(screen.getByRole('heading', { name: 'Nuevo Cliente' })).toBeTruthy();
    expect(screen.getByLabelText('Cuenta cliente')).toBeTruthy();
    expect(screen.getByLabelText('Cuenta venta')).toBeTruthy();
    expect(screen.getByLabelText('Cuenta retención')).toBeTruthy();
    expect(screen.queryByLabelText('Cuenta proveedor')).toBeNull();
    expect(screen.queryByLabelText('Cuenta compra')).toBeNull();

    await user.type(screen.getByLabelText(/Nombre\/Razón social/), 'Hotel Son Vida');
    await user.type(screen.getByLabelText('Cuenta venta'), '12');
    await user.tab();
    expect(
      await screen.findByText('La cuenta contable debe tener entre 3 y 12 dígitos'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Cuenta venta'), '3456');
    await user.click(screen.getByRole('button', { name: 'Crear Cliente' }));

    expect(await screen.findByText('Cliente creado', {}, { timeout: 2000 })).toBeTruthy();
    expect(fake.callsTo('POST', '/api/clientes')[0]?.body).toMatchObject({
      nombre: 'Hotel Son Vida',
      empresa: 'alquileres',
      cuentaContableVenta: '123456',
    });
  });

  it('uses the client texts for a duplicate documento and a missing record', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/clientes', () => ({ body: aPage([aCliente()]) }));
    const { unmount } = renderParte(<ClienteFormPage mode="create" />, {
      path: '/clientes/nuevo',
      fake,
    });
    await user.type(screen.getByLabelText('Documento'), 'B07123458');
    await user.tab();
    expect(
      await screen.findByText('Ya existe un cliente con este documento en esta empresa'),
    ).toBeTruthy();
    unmount();

    renderParte(<ClienteFormPage mode="edit" />, { path: '/clientes/editar' });
    expect(screen.getByText('Identificador de cliente inválido.')).toBeTruthy();
  });
});
