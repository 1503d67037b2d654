import { describe, expect, it } from 'vitest';
import { LOCATION_ACTIONS, LOCATION_ENTITIES, MESSAGES } from './messages.js';

/**
 * The catalogue as a reviewer reads it: every text, and each message function called with
 * placeholder arguments (‹1›, ‹2›…) so its wording is part of the snapshot too. Functions whose
 * wording depends on their arguments (genders, plurals) are tested below by behaviour.
 */
const rendered = (value: unknown): unknown => {
  if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, (_, index) => `‹${index + 1}›`);
    const signature = `ƒ(${args.join(', ')})`;
    try {
      const text = String((value as (...a: string[]) => unknown)(...args));
      // Functions over a closed set (location levels) have no text for a placeholder.
      return text.includes('undefined') ? signature : `${signature} → ${text}`;
    } catch {
      return signature;
    }
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rendered(item)]));
  return value;
};

describe('MESSAGES (SPEC 8)', () => {
  // One reviewed snapshot instead of hand-typed copies of each group: a changed text shows as a
  // diff of the catalogue in review (update with `vitest -u`). SPEC 8's texts are exact.
  it('has the reviewed catalogue', () => {
    expect(rendered(MESSAGES)).toMatchSnapshot();
  });

  it('builds the location messages for every action and level', () => {
    const l = MESSAGES.localizacion;
    expect(LOCATION_ENTITIES.map((e) => l.actionFailed('cargar', e))).toEqual([
      'Error al cargar país',
      'Error al cargar provincia',
      'Error al cargar municipio',
      'Error al cargar ciudad',
      'Error al cargar calle',
      'Error al cargar código postal',
    ]);
    expect(LOCATION_ACTIONS.map((a) => l.actionFailed(a, 'provincia'))).toEqual([
      'Error al cargar provincia',
      'Error al crear provincia',
      'Error al actualizar provincia',
      'Error al eliminar provincia',
      'Error al obtener provincia',
    ]);
    expect(l.invalidId('codigoPostal')).toBe('ID de código postal inválido');
    expect(l.invalidId('pais')).toBe('ID de país inválido');
    expect(l.created('pais', 'ESPAÑA')).toBe('País "ESPAÑA" creado exitosamente');
    expect(l.created('codigoPostal', '07001')).toBe('Código postal "07001" creado exitosamente');
    expect(l.unknownError).toBe('Error desconocido');
  });

  it("confirms updates and deletions in the creation message's form", () => {
    const l = MESSAGES.localizacion;
    expect(l.updated('municipio', 'PALMA')).toBe('Municipio "PALMA" actualizado exitosamente');
    expect(l.deleted('codigoPostal', '07001')).toBe('Código postal "07001" eliminado exitosamente');
  });

  it('names the parent of a duplicate with the right gender', () => {
    const l = MESSAGES.localizacion;
    expect(l.duplicate('pais', 'ESPAÑA', null)).toBe('Ya existe un país "ESPAÑA"');
    expect(l.duplicate('provincia', 'BALEARES', 'pais')).toBe(
      'Ya existe una provincia "BALEARES" en este país',
    );
    expect(l.duplicate('municipio', 'PALMA', 'provincia')).toBe(
      'Ya existe un municipio "PALMA" en esta provincia',
    );
    expect(l.duplicate('ciudad', 'PALMA', 'municipio')).toBe(
      'Ya existe una ciudad "PALMA" en este municipio',
    );
    expect(l.duplicate('codigoPostal', '07001', 'ciudad')).toBe(
      'Ya existe un código postal "07001" en esta ciudad',
    );
  });

  it('says why a deletion is refused, with counts', () => {
    const l = MESSAGES.localizacion;
    expect(
      l.notDeletable(
        'provincia',
        'ILLES BALEARS',
        [
          { entidad: 'municipio', total: 67 },
          { entidad: 'ciudad', total: 67 },
        ],
        0,
      ),
    ).toBe('No se puede eliminar la provincia "ILLES BALEARS": tiene 67 municipios y 67 ciudades.');
    expect(l.notDeletable('calle', 'MAYOR', [], 3)).toBe(
      'No se puede eliminar la calle "MAYOR": está en uso en 3 direcciones.',
    );
    expect(
      l.notDeletable(
        'ciudad',
        'PALMA',
        [
          { entidad: 'calle', total: 1 },
          { entidad: 'codigoPostal', total: 21 },
        ],
        1,
      ),
    ).toBe(
      'No se puede eliminar la ciudad "PALMA": tiene 1 calle y 21 códigos postales, y está en uso en 1 dirección.',
    );
    expect(
      l.notDeletable(
        'municipio',
        'X',
        [
          { entidad: 'ciudad', total: 0 },
          { entidad: 'calle', total: 2 },
        ],
        0,
      ),
    ).toBe('No se puede eliminar el municipio "X": tiene 2 calles.');
  });
});
