import { describe, expect, it } from 'vitest';
import {
  createListState,
  formatSort,
  textFilter,
  toggleSort,
  keepingParams,
  nextListParams,
  parseWithPreferences,
  type ListState,
} from './list-state.js';

// A module the kit does not know: machines sorted by name or price, filtered by state.
type MaquinaSort = 'nombre' | 'precio';
type MaquinaFilters = { estado: 'todas' | 'disponibles' | 'alquiladas' };

const maquinas = createListState<MaquinaSort, MaquinaFilters>({
  sortFields: ['nombre', 'precio'],
  defaultSort: { field: 'nombre', direction: 'asc' },
  pageSizes: [25, 50],
  defaultPageSize: 25,
  filters: { estado: { todas: undefined, disponibles: 'disponible', alquiladas: 'alquilada' } },
});

describe('createListState', () => {
  it('round-trips every field through the URL, filters right after the search', () => {
    const state: ListState<MaquinaSort, MaquinaFilters> = {
      q: 'grúa',
      estado: 'alquiladas',
      page: 2,
      limit: 50,
      view: 'list',
      sort: { field: 'precio', direction: 'desc' },
    };
    const params = maquinas.toParams(state);
    expect(params.toString()).toBe(
      'q=gr%C3%BAa&estado=alquilada&page=2&limit=50&view=list&sort=-precio',
    );
    expect(maquinas.parse(params)).toEqual(state);
  });

  it('leaves defaults out and reads an empty query as the defaults', () => {
    expect(maquinas.defaults).toEqual({
      q: '',
      estado: 'todas',
      page: 1,
      limit: 25,
      view: 'cards',
      sort: { field: 'nombre', direction: 'asc' },
    });
    expect(maquinas.toParams(maquinas.defaults).toString()).toBe('');
    expect(maquinas.parse(new URLSearchParams())).toEqual(maquinas.defaults);
  });

  it('falls back to the default of anything it cannot read', () => {
    expect(
      maquinas.parse(new URLSearchParams('page=0&limit=10&view=mapa&sort=-peso&estado=rota')),
    ).toEqual(maquinas.defaults);
    expect(maquinas.parseSort('-documento')).toEqual({ field: 'nombre', direction: 'asc' });
  });

  it('knows when a search or a filter narrows the list, and how to clear them', () => {
    expect(maquinas.hasFilters(maquinas.defaults)).toBe(false);
    expect(maquinas.hasFilters({ ...maquinas.defaults, q: '  ' })).toBe(false);
    expect(maquinas.hasFilters({ ...maquinas.defaults, estado: 'disponibles' })).toBe(true);
    expect(maquinas.cleared).toEqual({ q: '', estado: 'todas', page: 1 });
  });
});

describe('sorting', () => {
  it('formats the API syntax and toggles a column', () => {
    expect(formatSort<MaquinaSort>({ field: 'precio', direction: 'desc' })).toBe('-precio');
    expect(toggleSort<MaquinaSort>({ field: 'precio', direction: 'asc' }, 'precio')).toEqual({
      field: 'precio',
      direction: 'desc',
    });
    expect(toggleSort<MaquinaSort>({ field: 'precio', direction: 'desc' }, 'nombre')).toEqual({
      field: 'nombre',
      direction: 'asc',
    });
  });
});

describe('createListState with free text filters', () => {
  const compras = createListState<'recepcion', { estado: 'todas' | 'pagada'; desde: string }>({
    sortFields: ['recepcion'],
    defaultSort: { field: 'recepcion', direction: 'desc' },
    pageSizes: [20],
    defaultPageSize: 20,
    filters: {
      estado: { todas: undefined, pagada: 'pagada' },
      desde: textFilter(/^\d{4}-\d{2}-\d{2}$/),
    },
  });

  it('keeps a readable text in the URL, drops an unreadable one and clears it', () => {
    const state = compras.parse(new URLSearchParams('desde=2026-03-01&estado=pagada'));
    expect(state.desde).toBe('2026-03-01');
    expect(compras.toParams(state).toString()).toBe('estado=pagada&desde=2026-03-01');
    expect(compras.hasFilters({ ...state, estado: 'todas' })).toBe(true);
    expect(compras.parse(new URLSearchParams('desde=ayer')).desde).toBe('');
    expect(compras.defaults.desde).toBe('');
    expect(compras.toParams(compras.defaults).toString()).toBe('');
    expect(compras.cleared).toMatchObject({ desde: '', estado: 'todas' });
  });
});

describe('keepingParams', () => {
  it('keeps the tab and the open modal of the page around the list through every list change', () => {
    const enPestana = keepingParams(maquinas, ['vista', 'cliente']);
    const current = new URLSearchParams('vista=clientes&cliente=c1&q=hotel&page=2');
    expect(enPestana.parse(current)).toEqual(maquinas.parse(current));
    expect(nextListParams(enPestana, current, { page: 1 }).toString()).toBe(
      'q=hotel&vista=clientes&cliente=c1',
    );
    expect(
      nextListParams(enPestana, new URLSearchParams('vista=clientes'), { q: 'x' }).toString(),
    ).toBe('q=x&vista=clientes');
    // A list of its own page keeps nothing else.
    expect(nextListParams(maquinas, current, { page: 1 }).toString()).toBe('q=hotel');
  });
});

describe('the user’s preferred view and page size (issue 14)', () => {
  const prefer = { view: 'list', limit: 50 } as const;
  const params = (text = '') => new URLSearchParams(text);

  it('fill in what the URL leaves out; the URL still wins', () => {
    expect(parseWithPreferences(maquinas, params(), prefer)).toMatchObject({
      view: 'list',
      limit: 50,
    });
    expect(parseWithPreferences(maquinas, params('view=cards&limit=25'), prefer)).toMatchObject({
      view: 'cards',
      limit: 25,
    });
    // Without preferences (null) each list keeps its own defaults.
    expect(parseWithPreferences(maquinas, params(), { view: null, limit: null })).toMatchObject({
      view: 'cards',
      limit: 25,
    });
  });

  it('ignore a page size the list does not offer', () => {
    expect(parseWithPreferences(maquinas, params(), { view: null, limit: 20 }).limit).toBe(25);
  });

  it('keep the URL short, and name the list’s own default when the user picks it', () => {
    // Paging on keeps the preferred values out of the URL.
    expect(nextListParams(maquinas, params(), { page: 2 }, prefer).toString()).toBe('page=2');
    // Choosing the list's default (25, cards) must be written, or the preference would take over.
    expect(nextListParams(maquinas, params(), { limit: 25 }, prefer).toString()).toBe('limit=25');
    expect(nextListParams(maquinas, params(), { view: 'cards' }, prefer).toString()).toBe(
      'view=cards',
    );
    // Back to the preferred value: out of the URL again.
    expect(nextListParams(maquinas, params('limit=25'), { limit: 50 }, prefer).toString()).toBe('');
  });
});
