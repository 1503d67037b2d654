import { describe, expect, it } from 'vitest';
import { asignarFifo, horaMadrid, instanteMadrid, jsonCanonico } from './fifo.js';

describe('R3 asignarFifo', () => {
  const lotes = [
    { loteId: 'b', fecha: '2026-03-20', pendiente: 40, numero: 'AE2026-00002' },
    { loteId: 'a', fecha: '2026-03-02', pendiente: 80, numero: 'AE2026-00001' },
  ];
  it('escenario 3: consumes the oldest lote first', () => {
    expect(asignarFifo(lotes, 100)).toEqual({
      asignaciones: [
        { loteId: 'a', cantidad: 80, fecha: '2026-03-02', numero: 'AE2026-00001' },
        { loteId: 'b', cantidad: 20, fecha: '2026-03-20', numero: 'AE2026-00002' },
      ],
      resto: 0,
    });
  });
  it('escenario 4: reports what exceeds the saldo', () => {
    expect(asignarFifo(lotes, 125).resto).toBe(5);
  });
  it('ties on fecha go by id', () => {
    const r = asignarFifo(
      [
        { loteId: 'z', fecha: '2026-03-02', pendiente: 5 },
        { loteId: 'y', fecha: '2026-03-02', pendiente: 5 },
      ],
      6,
    );
    expect(r.asignaciones.map((a) => a.loteId)).toEqual(['y', 'z']);
  });
});

describe('R9 canonical JSON and Madrid time', () => {
  it('sorts keys at every level', () => {
    expect(jsonCanonico({ b: 1, a: { d: '2', c: [{ f: 1, e: null }] }, x: undefined })).toBe(
      '{"a":{"c":[{"e":null,"f":1}],"d":"2"},"b":1}',
    );
  });
  it('builds Madrid instants in winter and summer', () => {
    expect(instanteMadrid('2026-03-02', '08:30')).toBe('2026-03-02T08:30:00+01:00');
    expect(instanteMadrid('2026-07-02', '16:00')).toBe('2026-07-02T16:00:00+02:00');
    expect(horaMadrid('2026-07-02T14:00:00Z')).toBe('16:00');
  });
});
