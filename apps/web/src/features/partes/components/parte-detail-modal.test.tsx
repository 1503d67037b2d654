import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../../testing/fake-api.js';
import { PROVEEDOR_CONFIG } from '../parte-config.js';
import { aParte } from '../testing/fixtures.js';
import { renderParte } from '../testing/render-parte.js';
import { ParteDetailModal } from './parte-detail-modal.js';

const HISTORY = '/api/proveedores/p1/historial';

const renderModal = (fake = createFakeApi()) =>
  renderParte(
    <ParteDetailModal
      config={PROVEEDOR_CONFIG}
      record={aParte()}
      onHide={() => {}}
      editHref={undefined}
    />,
    { path: '/proveedores', fake },
  );

describe('ParteDetailModal "Historial" tab (issue 11)', () => {
  it('shows who changed which fields and when, with es-ES dates and the form’s labels', async () => {
    const fake = createFakeApi();
    fake.on('GET', HISTORY, () => ({
      body: {
        data: [
          {
            _id: 'h2',
            fecha: '2026-11-23T13:05:00.000Z',
            usuario: 'admin@tvsistema.test',
            accion: 'modificar',
            cambios: [
              { campo: 'nombre', anterior: 'Ferretería Vieja', nuevo: 'Ferretería Balear S.L.' },
              { campo: 'activo', anterior: true, nuevo: false },
              { campo: 'cuentaContableProveedor', anterior: null, nuevo: '400001' },
            ],
          },
          {
            _id: 'h1',
            fecha: '2026-11-01T10:00:00.000Z',
            usuario: null,
            accion: 'crear',
            cambios: [{ campo: 'empresa', anterior: null, nuevo: 'alquileres' }],
          },
        ],
        meta: { page: 1, limit: 10, total: 2, totalPages: 1 },
      },
    }));
    renderModal(fake);
    expect(fake.callsTo('GET', HISTORY)).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Historial' }));

    const list = await screen.findByRole('list', { name: 'Historial de cambios' });
    const [modificacion, creacion] = within(list)
      .getAllByRole('listitem')
      .map((item) => ({ textContent: item.textContent?.replace(/\s+/g, ' ') }));
    expect(modificacion?.textContent).toContain('Modificación');
    expect(modificacion?.textContent).toContain('23/11/2026 14:05');
    expect(modificacion?.textContent).toContain('admin@tvsistema.test');
    expect(modificacion?.textContent).toContain(
      'Nombre/Razón socialFerretería Vieja → pasa a Ferretería Balear S.L.',
    );
    expect(modificacion?.textContent).toContain('ActivoSí → pasa a No');
    expect(modificacion?.textContent).toContain('Cuenta proveedor— → pasa a 400001');
    expect(creacion?.textContent).toContain('Creación');
    expect(creacion?.textContent).toContain('Sistema');
    expect(creacion?.textContent).toContain('EmpresaAlquileres');
  });

  it('says so when there is nothing yet, and offers to retry a failed load', async () => {
    const fake = createFakeApi();
    fake.on('GET', HISTORY, () => ({
      status: 503,
      body: { message: 'Base de datos no disponible.' },
    }));
    renderModal(fake);
    await userEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(await screen.findByText('Base de datos no disponible.')).toBeTruthy();
    fake.on('GET', HISTORY, () => ({
      body: { data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0 } },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Sin cambios registrados.')).toBeTruthy();
  });
});

describe('ParteDetailModal contact links (issue 14)', () => {
  it('dials the stored phone without its spaces, and writes to its e-mail', () => {
    renderModal();
    expect(screen.getByRole('link', { name: '971 123 456' }).getAttribute('href')).toBe(
      'tel:971123456',
    );
    expect(screen.getByRole('link', { name: 'marta@ferreteria.es' }).getAttribute('href')).toBe(
      'mailto:marta@ferreteria.es',
    );
  });
});
