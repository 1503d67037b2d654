import { describe, expect, it } from 'vitest';
import { formatSort, listQuerySchema, pageMetaOf, parseSort } from './list-query.js';

const SORTS = ['nombre', 'fecha'] as const;
const schema = listQuerySchema({ sortFields: SORTS, defaultLimit: 10, maxLimit: 50 });

describe('listQuerySchema', () => {
  it('fills the defaults and treats blank values as absent', () => {
    expect(schema.parse({ searchTerm: '  ', sort: '' })).toEqual({ page: 1, limit: 10 });
    expect(schema.parse({ page: '3', limit: '50', searchTerm: ' grúas ', sort: '-fecha' })).toEqual(
      { page: 3, limit: 50, searchTerm: 'grúas', sort: '-fecha' },
    );
  });

  it('refuses a sort outside the list, naming the fields it accepts', () => {
    const result = schema.safeParse({ sort: 'precio' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [
        ['sort'],
        'El orden debe ser uno de nombre, fecha, con "-" delante o ":desc" detrás para descendente',
      ],
    ]);
  });

  it('keeps the page size within its limits', () => {
    expect(schema.safeParse({ limit: '51' }).success).toBe(false);
    expect(schema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('parseSort / formatSort', () => {
  const byName = { field: 'nombre', direction: 'asc' } as const;
  it('reads the three forms and round-trips', () => {
    expect(parseSort(undefined, SORTS, byName)).toEqual(byName);
    expect(parseSort('fecha:desc', SORTS, byName)).toEqual({ field: 'fecha', direction: 'desc' });
    expect(parseSort('-fecha:desc', SORTS, byName)).toBeUndefined();
    expect(formatSort({ field: 'fecha', direction: 'desc' })).toBe('-fecha');
  });
});

describe('pageMetaOf', () => {
  it('counts the pages', () => {
    expect(pageMetaOf(2, 10, 21)).toEqual({ page: 2, limit: 10, total: 21, totalPages: 3 });
    expect(pageMetaOf(1, 10, 0)).toEqual({ page: 1, limit: 10, total: 0, totalPages: 0 });
  });
});
