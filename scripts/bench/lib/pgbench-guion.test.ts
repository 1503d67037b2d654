// The pgbench baseline sends what the API sent: these are the rules that make it the same SQL.
import { describe, expect, it } from 'vitest';
import {
  comoTexto,
  guionPgbench,
  latenciasDelLog,
  sentenciaConLiterales,
} from './pgbench-guion.js';

describe('sentenciaConLiterales', () => {
  it('writes each parameter in as an untyped literal, $10 not taken for $1', () => {
    const params = ['a', '2', '3', '4', '5', '6', '7', '8', '9', 'diez'];
    expect(sentenciaConLiterales('select * from t where a = $1 and j = $10 limit $2', params)).toBe(
      "select * from t where a = 'a' and j = 'diez' limit '2'",
    );
  });

  it('escapes quotes and backslashes, and sends null as NULL', () => {
    expect(sentenciaConLiterales('select $1, $2, $3', ["O'Brien", null, 'c:\\x'])).toBe(
      "select 'O''Brien', NULL,  E'c:\\\\x'",
    );
  });
});

describe('comoTexto', () => {
  it('writes arrays, dates, booleans and JSON as node-postgres sends them', () => {
    expect(
      [['a"b', null, 'c'], new Date('2026-11-29T10:00:00.000Z'), true, { e: 'x' }, 3, null].map(
        comoTexto,
      ),
    ).toEqual(['{"a\\"b",NULL,"c"}', '2026-11-29T10:00:00.000Z', 'true', '{"e":"x"}', '3', null]);
  });
});

describe('guionPgbench', () => {
  it('draws one request per transaction and sends its statements in order', () => {
    expect(
      guionPgbench([
        [
          { texto: 'select 1;', params: [], preparada: false },
          { texto: 'select $1', params: ['x'], preparada: false },
        ],
        [],
        [{ texto: 'select 3', params: [], preparada: false }],
      ]),
    ).toBe(
      [
        '\\set tvs_peticion random(0, 1)',
        '\\if :tvs_peticion = 0',
        'select 1;',
        "select 'x';",
        '\\elif :tvs_peticion = 1',
        'select 3;',
        '\\endif',
        '',
      ].join('\n'),
    );
  });

  it('prepares a named statement once per connection and executes it with each request’s values', () => {
    const lista = 'select * from partes where nombre like $1 limit $2';
    expect(
      guionPgbench([
        [{ texto: lista, params: ['ab%', '10'], preparada: true }],
        [{ texto: lista, params: [null, '20'], preparada: true }],
      ]),
    ).toBe(
      [
        '\\if :tvs_preparado = 0',
        `PREPARE tvs_s0 AS ${lista};`,
        '\\set tvs_preparado 1',
        '\\endif',
        '\\set tvs_peticion random(0, 1)',
        '\\if :tvs_peticion = 0',
        "EXECUTE tvs_s0('ab%', '10');",
        '\\elif :tvs_peticion = 1',
        "EXECUTE tvs_s0(NULL, '20');",
        '\\endif',
        '',
      ].join('\n'),
    );
  });

  it('refuses a mix without SQL (the capture saw nothing)', () => {
    expect(() => guionPgbench([[], []])).toThrow('Ninguna petición');
  });
});

describe('latenciasDelLog', () => {
  it('reads microseconds as ms, without failed transactions nor those of the warm-up', () => {
    const log = [
      '0 0 90000 0 1732870000 100',
      '0 1 1523 0 1732870002 500000',
      '1 0 80000 0 1732870001 999999',
      '1 1 failed 0 1732870002 123999',
      '1 2 40000 0 1732870003 2',
      '',
    ];
    expect(latenciasDelLog(log.join('\n'), 1_732_870_002_000)).toEqual([1.523, 40]);
    expect(latenciasDelLog(log.join('\n'))).toEqual([90, 1.523, 80, 40]);
  });
});
