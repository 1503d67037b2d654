import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Celda, CeldaAcciones, TablaApilada } from './tabla-apilada.js';

// Issue 14: below 768 px (resource.css) a TablaApilada shows each row as a block of "column:
// value" lines with its actions underneath; the markup that layout reads is checked here.

describe('TablaApilada', () => {
  it('names its region, labels each cell with its column and keeps the row actions', () => {
    render(
      <TablaApilada label="Pagos">
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Importe</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <Celda etiqueta="Fecha">02/03/2026</Celda>
            <Celda etiqueta="Importe">120,00 €</Celda>
            <CeldaAcciones>
              <button type="button">Eliminar</button>
            </CeldaAcciones>
          </tr>
        </tbody>
      </TablaApilada>,
    );
    const region = screen.getByRole('region', { name: 'Pagos' });
    const tabla = within(region).getByRole('table', { name: 'Pagos' });
    expect(tabla.classList.contains('tabla-apilada')).toBe(true);
    const celdas = within(tabla).getAllByRole('cell');
    expect(celdas.map((c) => [c.dataset.label, c.textContent])).toEqual([
      ['Fecha', '02/03/2026'],
      ['Importe', '120,00 €'],
      [undefined, 'Eliminar'],
    ]);
    expect(celdas[2]?.classList.contains('tabla-apilada-acciones')).toBe(true);
    expect(within(celdas[2] as HTMLElement).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
  });
});
