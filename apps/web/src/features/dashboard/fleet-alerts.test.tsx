import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TIPOS_VENCIMIENTO, type VencimientoItem } from '@tvsistema/domain';
import { FleetAlerts, mantenimientoCount } from './fleet-alerts.js';

// flota-obras.md §5.4 and scenario 9: the transportes dashboard's alert card.

const item = (extra: Partial<VencimientoItem>): VencimientoItem => ({
  ambito: 'camion',
  refId: 'a',
  etiqueta: '1111 BBB',
  tipo: 'itv',
  concepto: 'ITV',
  fecha: '2026-12-04',
  kmRestantes: null,
  fechaEstimada: null,
  diasRestantes: 12,
  estado: 'proximo',
  ...extra,
});

/** The window's counts per tipo, as the API's meta.porTipo answers them (zeros included). */
const porTipo = (counts: Partial<Record<VencimientoItem['tipo'], number>>) => ({
  ...(Object.fromEntries(TIPOS_VENCIMIENTO.map((tipo) => [tipo, 0])) as Record<
    VencimientoItem['tipo'],
    number
  >),
  ...counts,
});

describe('FleetAlerts', () => {
  it('scenario 9: three items, the overdue one in red, and "Ver todos los vencimientos (3)"', () => {
    const items = [
      item({ etiqueta: '2222 BBB', fecha: '2026-11-15', diasRestantes: -7, estado: 'vencido' }),
      item({
        tipo: 'tacografo_revision',
        concepto: 'Revisión del tacógrafo',
        fecha: '2026-11-30',
        diasRestantes: 8,
      }),
      item({ tipo: 'seguro', concepto: 'Seguro', fecha: '2026-12-15', diasRestantes: 23 }),
    ];
    render(
      <MemoryRouter>
        <FleetAlerts
          due={{ items, total: 3, porTipo: porTipo({ itv: 1, tacografo_revision: 1, seguro: 1 }) }}
        />
      </MemoryRouter>,
    );
    const lista = screen.getByRole('list', { name: 'Vencimientos próximos' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'ITV · 2222 BBB · vencida hace 7 días',
      'Revisión del tacógrafo · 1111 BBB · vence el 30/11/2026 (en 8 días)',
      'Seguro · 1111 BBB · vence el 15/12/2026 (en 23 días)',
    ]);
    expect(within(lista).getAllByRole('listitem')[0]?.className).toContain('text-danger');
    expect(
      screen.getByRole('link', { name: 'Ver todos los vencimientos (3)' }).getAttribute('href'),
    ).toBe('/transporte/camiones?vencimientos=30');
    expect(
      mantenimientoCount({
        items,
        total: 3,
        porTipo: porTipo({ itv: 1, tacografo_revision: 1, seguro: 1 }),
      }),
    ).toBe(2);
  });

  it('nothing due: "Sin vencimientos en los próximos 30 días"', () => {
    render(
      <MemoryRouter>
        <FleetAlerts due={{ items: [], total: 0, porTipo: porTipo({}) }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Sin vencimientos en los próximos 30 días')).toBeTruthy();
  });
});
