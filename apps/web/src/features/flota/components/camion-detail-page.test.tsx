import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../../testing/fake-api.js';
import { aCamion } from '../testing/fixtures.js';
import { renderFlota } from '../testing/render-flota.js';
import { CamionDetailPage } from './camion-detail-page.js';

const user = userEvent.setup({ delay: null });
const ID = '11111111-1111-4111-8111-111111111111';

const renderDetail = (roles: string[] = ['administracion']) => {
  const fake = createFakeApi();
  fake.on('GET', `/api/camiones/${ID}`, () => ({ body: { data: aCamion() } }));
  fake.on('GET', `/api/camiones/${ID}/asignaciones`, () => ({
    body: {
      data: [{ conductorId: 'c', nombre: 'Joan Pons Amengual', desde: '2026-08-14', hasta: null }],
    },
  }));
  fake.on('GET', `/api/camiones/${ID}/kilometraje`, () => ({
    body: { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 } },
  }));
  fake.on('POST', `/api/camiones/${ID}/kilometraje`, () => ({
    status: 409,
    body: {
      message:
        'Aumento de kilometraje inusual: 9.500 km en 2 días. Revisa la lectura o confírmala.',
      errors: [
        'km: Aumento de kilometraje inusual: 9.500 km en 2 días. Revisa la lectura o confírmala.',
      ],
    },
  }));
  return renderFlota(<CamionDetailPage />, {
    path: `/transporte/camiones/${ID}`,
    routePath: '/transporte/camiones/:camionId',
    fake,
    roles: roles as never,
  });
};

describe('CamionDetailPage (flota-obras.md §5.3)', () => {
  it('shows the plate, the badges, the state actions and the Resumen due items', async () => {
    renderDetail();
    expect(await screen.findByText('Volvo FH 500 · Cabeza tractora')).toBeTruthy();
    expect(screen.getByText('Apto')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar a taller' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dar de baja' })).toBeTruthy();
    expect(screen.getByText('ITV: vence el 04/12/2026 (en 12 días)')).toBeTruthy();
    expect(await screen.findByText('Joan Pons Amengual', { selector: 'dt' })).toBeTruthy();
  });

  it('transportes records a reading and is asked to confirm an unusual jump; no edit buttons', async () => {
    renderDetail(['transportes']);
    await screen.findByText('Volvo FH 500 · Cabeza tractora');
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dar de baja' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Kilometraje' }));
    expect(await screen.findByText('Sin lecturas de kilometraje')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Registrar lectura' }));
    await user.type(screen.getByLabelText('Km'), '131000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'Aumento de kilometraje inusual: 9.500 km en 2 días. Revisa la lectura o confírmala.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Confirmo la lectura' })).toBeTruthy();
  });

  it('an unknown vehicle says "Vehículo no encontrado" with the way back', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/camiones/${ID}`, () => ({
      status: 404,
      body: { message: 'Vehículo no encontrado' },
    }));
    renderFlota(<CamionDetailPage />, {
      path: `/transporte/camiones/${ID}`,
      routePath: '/transporte/camiones/:camionId',
      fake,
    });
    expect(await screen.findByText('Vehículo no encontrado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la flota' })).toBeTruthy();
  });
});
