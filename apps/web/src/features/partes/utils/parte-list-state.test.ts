import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_STATE,
  listStateToParams,
  parseListState,
  toggleSort,
  toListParams,
  type ListState,
} from './parte-list-state.js';
import { addressLines, contactSummary, locationSummary } from './format.js';
import { aParte } from '../testing/fixtures.js';

describe('list state in the URL', () => {
  it('round-trips every field', () => {
    const state: ListState = {
      q: 'ferre',
      activo: 'inactivos',
      page: 3,
      limit: 30,
      view: 'list',
      sort: { field: 'documento', direction: 'desc' },
    };
    const params = listStateToParams(state);
    expect(params.toString()).toBe(
      'q=ferre&activo=false&page=3&limit=30&view=list&sort=-documento',
    );
    expect(parseListState(params)).toEqual(state);
  });

  it('keeps defaults out of the URL', () => {
    expect(listStateToParams(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(parseListState(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
  });

  it('falls back to defaults for values it cannot use', () => {
    expect(
      parseListState(new URLSearchParams('page=-2&limit=25&view=grid&sort=precio&activo=x')),
    ).toEqual(DEFAULT_LIST_STATE);
  });

  it('turns the state into the API query', () => {
    expect(
      toListParams({ ...DEFAULT_LIST_STATE, q: '  ana ', activo: 'activos' }, 'transporte'),
    ).toEqual({
      empresa: 'transporte',
      page: 1,
      limit: 10,
      searchTerm: 'ana',
      activo: true,
      sort: 'nombre',
    });
    expect(toListParams(DEFAULT_LIST_STATE, 'alquileres').activo).toBeUndefined();
  });

  it('sorts a new column ascending and flips the current one', () => {
    const byNombre = { field: 'nombre', direction: 'asc' } as const;
    expect(toggleSort(byNombre, 'nombre')).toEqual({ field: 'nombre', direction: 'desc' });
    expect(toggleSort({ field: 'nombre', direction: 'desc' }, 'documento')).toEqual({
      field: 'documento',
      direction: 'asc',
    });
  });
});

describe('summaries', () => {
  it('describe the first contact and the place', () => {
    const parte = aParte();
    expect(contactSummary(parte.contactos)).toBe('Marta Pons · 971 123 456 · marta@ferreteria.es');
    expect(locationSummary(parte.direccion)).toBe('PALMA, ILLES BALEARS');
    expect(addressLines(parte.direccion)).toEqual([
      'CALLE ARAGÓN 12',
      'PALMA, ILLES BALEARS, ESPAÑA',
    ]);
    expect(contactSummary([])).toBe('');
  });
});
