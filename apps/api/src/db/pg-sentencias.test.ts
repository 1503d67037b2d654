import { describe, expect, it } from 'vitest';
import { conNombre, statementNameOf } from './pg-sentencias.js';

describe('conNombre', () => {
  it('names a statement with parameters after its text, the same text the same name', () => {
    const consulta = { text: 'select * from camiones where id = $1', rowMode: 'array' };
    const nombrada = conNombre(consulta, ['x']);
    expect(nombrada).toEqual({ ...consulta, name: statementNameOf(consulta.text) });
    expect(statementNameOf(consulta.text)).toMatch(/^tvs_[0-9a-f]{24}$/);
    expect(statementNameOf('select 2')).not.toBe(statementNameOf(consulta.text));
    // Values inside the config count too.
    expect(conNombre({ text: 'select $1', values: [1] }, undefined)).toHaveProperty('name');
  });

  it('leaves alone text without parameters, named statements, bulk writes and submittables', () => {
    expect(conNombre('select $1', [1])).toBe('select $1');
    const sinParametros = { text: 'begin' };
    expect(conNombre(sinParametros, [])).toBe(sinParametros);
    const conSuNombre = { text: 'select $1', name: 'propio' };
    expect(conNombre(conSuNombre, [1])).toBe(conSuNombre);
    const masiva = { text: 'insert into t values ($1) …' };
    expect(
      conNombre(
        masiva,
        Array.from({ length: 65 }, (_, i) => i),
      ),
    ).toBe(masiva);
    expect(
      conNombre(
        masiva,
        Array.from({ length: 64 }, (_, i) => i),
      ),
    ).toHaveProperty('name');
    const cursor = { text: 'select $1', submit: () => undefined };
    expect(conNombre(cursor, [1])).toBe(cursor);
  });
});
