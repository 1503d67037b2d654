import { describe, expect, it } from 'vitest';
import { alternarEstado, estadosDe, OBRA_LIST_STATE, toListParams } from './obra-list-state.js';

// §5.5 Estado chips: the default is every estado but Finalizada and Cancelada; "Todas" clears.

describe('estado chips', () => {
  it('starts with the open works and asks the API for them', () => {
    const state = OBRA_LIST_STATE.parse(new URLSearchParams());
    expect(estadosDe(state.estado)).toEqual([
      'presupuestada',
      'planificada',
      'en_curso',
      'pausada',
    ]);
    expect(toListParams(state).estado).toBe('presupuestada,planificada,en_curso,pausada');
    expect(OBRA_LIST_STATE.hasFilters(state)).toBe(false);
  });

  it('toggles a chip into the URL, back to the default, and Todas asks for every estado', () => {
    const conFinalizadas = alternarEstado('', 'finalizada');
    expect(conFinalizadas).toBe('presupuestada,planificada,en_curso,pausada,finalizada');
    expect(alternarEstado(conFinalizadas, 'finalizada')).toBe('');
    expect(alternarEstado('en_curso', 'en_curso')).toBe('todas');
    const todas = OBRA_LIST_STATE.parse(new URLSearchParams('estado=todas'));
    expect(toListParams(todas).estado).toBeUndefined();
    expect(OBRA_LIST_STATE.parse(new URLSearchParams('estado=en_curso,x')).estado).toBe('en_curso');
  });
});
