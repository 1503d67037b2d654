import { describe, expect, test } from 'vitest';
import { estadoDeLinea, estadoDerivado } from '../../src/modules/comercial/alquiler-estado.js';
import type {
  AlquilerLineaRow,
  MovimientoRow,
} from '../../src/modules/comercial/comercial.repository.js';

// comercial.md §3.2: the rental's state derived from logística's movements. Portes (a concepto on
// the entrega) are a service, never material left on site: a recogida does not "return" them.

const linea = (id: string, clase: string, cantidad: string) =>
  ({ id, clase, cantidad, fechaFin: '2026-03-31' }) as unknown as AlquilerLineaRow;
const mov = (lineaId: string, tipo: string, cantidad: number, fecha: string) =>
  ({
    lineaId,
    tipo,
    cantidad,
    fecha,
    fechaFinCobro: null,
    firmado: true,
  }) as unknown as MovimientoRow;

describe('estadoDerivado', () => {
  const lineas = [
    linea('m', 'andamio', '250'),
    linea('ida', 'concepto', '1'),
    linea('vuelta', 'concepto', '1'),
  ];
  const estado = (movimientos: MovimientoRow[]) =>
    estadoDerivado(
      lineas,
      lineas.map((l) => estadoDeLinea(l, movimientos, '2026-04-15')),
      movimientos,
    );

  test('everything back, the portes of the entrega never returned → finalizado', () => {
    expect(
      estado([
        mov('m', 'entrega', 250, '2026-03-02'),
        mov('ida', 'entrega', 1, '2026-03-02'),
        mov('m', 'recogida', 250, '2026-03-31'),
      ]),
    ).toBe('finalizado');
  });

  test('material still on site → devuelto_parcial, whatever the portes', () => {
    expect(
      estado([
        mov('m', 'entrega', 250, '2026-03-02'),
        mov('ida', 'entrega', 1, '2026-03-02'),
        mov('m', 'recogida', 200, '2026-03-31'),
      ]),
    ).toBe('devuelto_parcial');
  });
});
