import { describe, expect, it } from 'vitest';
import { listsFor, pathSearch, readPath, searchSearch } from './ciudades-url.js';

const params = (search: string) => new URLSearchParams(search);

describe('cities screen URL state', () => {
  it('reads the path only as deep as it is unbroken', () => {
    expect(readPath(params('pais=p1&provincia=pr1&ciudad=c1'))).toEqual({
      pais: 'p1',
      provincia: 'pr1',
      municipio: null,
      ciudad: null,
    });
    expect(listsFor(readPath(params('')))).toEqual(['pais']);
    expect(listsFor(readPath(params('pais=p1&provincia=pr1')))).toEqual(['municipio']);
    expect(listsFor(readPath(params('pais=p&provincia=pr&municipio=m&ciudad=c')))).toEqual([
      'calle',
      'codigoPostal',
    ]);
  });

  it('drops deeper choices and searches when choosing a new level', () => {
    const current = params(
      'pais=p1&provincia=pr1&buscarPais=es&buscarProvincia=bal&buscarMunicipio=pa',
    );
    expect(pathSearch(current, 'pais', 'p2')).toBe('?pais=p2&buscarPais=es');
    // Back up to the same país: its provincia search is still the one that applies.
    expect(pathSearch(current, 'pais', 'p1')).toBe('?pais=p1&buscarPais=es&buscarProvincia=bal');
    expect(pathSearch(current, null)).toBe('?buscarPais=es');
    expect(pathSearch(current, 'provincia', 'pr2')).toBe(
      '?pais=p1&provincia=pr2&buscarPais=es&buscarProvincia=bal',
    );
  });

  it('sets and clears one list search', () => {
    expect(searchSearch(params('pais=p1'), 'provincia', 'bal')).toBe(
      '?pais=p1&buscarProvincia=bal',
    );
    expect(searchSearch(params('pais=p1&buscarProvincia=bal'), 'provincia', '  ')).toBe('?pais=p1');
  });
});
