import { describe, expect, it } from 'vitest';
import { isUnderPrefix, normalizePath } from './normalize-path.js';

describe('normalizePath', () => {
  it.each([
    ['/clientes', '/clientes'],
    ['/clientes/', '/clientes'],
    ['/clientes?page=2#top', '/clientes'],
    ['/Clientes//Nuevo', '/clientes/nuevo'],
    ['/a/./b/../c', '/a/c'],
    ['/../..', '/'],
    ['\\obras\\crear', '/obras/crear'],
    ['/%6Fbras', '/obras'],
    ['/obras%2Fcrear', '/obras%2fcrear'],
    ['/100%', '/100%'],
    ['', '/'],
    ['clientes', '/clientes'],
  ])('%j → %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it('reads non-strings as the root', () => {
    expect(normalizePath(undefined)).toBe('/');
    expect(normalizePath({ pathname: '/obras' })).toBe('/');
  });
});

describe('isUnderPrefix', () => {
  it('respects segment boundaries', () => {
    expect(isUnderPrefix('/clientes', '/clientes')).toBe(true);
    expect(isUnderPrefix('/clientes/1', '/clientes')).toBe(true);
    expect(isUnderPrefix('/clientesX', '/clientes')).toBe(false);
    expect(isUnderPrefix('/client', '/clientes')).toBe(false);
  });
});
