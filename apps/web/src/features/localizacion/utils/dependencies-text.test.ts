import { describe, expect, it } from 'vitest';
import { blockingLines } from './dependencies-text.js';

describe('blockingLines', () => {
  it('names every blocking child level and the addresses that use the record', () => {
    expect(
      blockingLines({
        hijos: [
          { entidad: 'calle', total: 1 },
          { entidad: 'codigos-postales', total: 12 },
          { entidad: 'provincias', total: 0 },
        ],
        usos: 3,
      }),
    ).toEqual(['1 calle', '12 códigos postales', 'Usado en 3 direcciones']);
  });

  it('is empty when nothing blocks', () => {
    expect(blockingLines({ hijos: [{ entidad: 'municipio', total: 0 }], usos: 0 })).toEqual([]);
  });

  it('keeps an unknown entity name as the server sent it', () => {
    expect(blockingLines({ hijos: [{ entidad: 'obras', total: 2 }], usos: 1 })).toEqual([
      '2 obras',
      'Usado en 1 dirección',
    ]);
  });
});
