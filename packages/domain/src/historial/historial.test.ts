import { describe, expect, it } from 'vitest';
import { cambiosEntre } from './index.js';

describe('cambiosEntre', () => {
  const campos = ['nombre', 'documento', 'contactos', 'direccion', 'activo'];

  it('lists only the fields whose value changed, with old and new values', () => {
    expect(
      cambiosEntre(
        { nombre: 'A', documento: 'B1', contactos: [], activo: true },
        { nombre: 'B', documento: 'B1', contactos: [], activo: false },
        campos,
      ),
    ).toEqual([
      { campo: 'nombre', anterior: 'A', nuevo: 'B' },
      { campo: 'activo', anterior: true, nuevo: false },
    ]);
  });

  it('compares lists and objects by content, whatever the key order', () => {
    const direccion = { calle: 'MAYOR', altura: 3 };
    expect(
      cambiosEntre(
        { direccion, contactos: [{ nombre: 'Ana' }] },
        { direccion: { altura: 3, calle: 'MAYOR' }, contactos: [{ nombre: 'Ana' }] },
        campos,
      ),
    ).toEqual([]);
    expect(cambiosEntre({ contactos: [{ nombre: 'Ana' }] }, { contactos: [] }, campos)).toEqual([
      { campo: 'contactos', anterior: [{ nombre: 'Ana' }], nuevo: [] },
    ]);
  });

  it('a creation lists its non-empty fields; a deletion what it removed; empty equals empty', () => {
    expect(cambiosEntre(undefined, { nombre: 'A', documento: '', contactos: [] }, campos)).toEqual([
      { campo: 'nombre', anterior: null, nuevo: 'A' },
    ]);
    expect(cambiosEntre({ nombre: 'A', documento: null }, undefined, campos)).toEqual([
      { campo: 'nombre', anterior: 'A', nuevo: null },
    ]);
    expect(cambiosEntre({ documento: '' }, { documento: null }, campos)).toEqual([]);
  });
});
