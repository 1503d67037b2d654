import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nuevoComponente } from '../comercial/comercial-helpers.js';
import {
  crearAlquiler,
  createLogisticaTest,
  dataOf,
  lineaAndamio,
  type LogisticaTest,
} from './logistica-helpers.js';

// logistica.md R19 for rental albaranes: rows sharing Referencia form one albarán, header columns
// must agree, a bad row refuses its whole albarán, emission (R2) is simulated while validating and
// done through §3 on confirm; borrador by default. Clock 2026-04-15, user empleado.

const BASE = '/api/albaranes/importaciones';
const CAB = [
  'Referencia',
  'Tipo',
  'Nº de alquiler',
  'Fecha',
  'Código de artículo',
  'Cantidad',
  'Estado del material',
];

let t: LogisticaTest;
let mar: { _id: string; codigo: string };
let alquiler: { _id: string; numero: string };

type Linea = { tipo: string; [k: string]: unknown };
const lineas = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Linea);
const csv = (filas: string[][]) =>
  Buffer.from(`${[CAB, ...filas].map((f) => f.join(';')).join('\r\n')}\r\n`, 'utf-8');

const importar = async (filas: string[][], estadoInicial: 'borrador' | 'emitido') => {
  const s = await t.api.upload(
    BASE,
    {},
    { nombre: 'alquiler.csv', contenido: csv(filas) },
    'empleado',
  );
  expect(s.statusCode, s.body).toBe(201);
  const subida = dataOf<{ _id: string; mapeoSugerido: Record<string, string> }>(s);
  const v = await t.api.post(
    `${BASE}/${subida._id}/validar`,
    { mapeo: subida.mapeoSugerido, opciones: { estadoInicial }, recordar: false },
    'empleado',
  );
  expect(v.statusCode, v.body).toBe(200);
  return {
    id: subida._id,
    mapeo: subida.mapeoSugerido,
    resumen: lineas(v.body).at(-1) as unknown as {
      version: number;
      resumen: Record<string, number>;
    },
  };
};

beforeAll(async () => {
  t = await createLogisticaTest('2026-03-01');
  mar = await nuevoComponente(t, {
    codigo: 'MAR-200-073',
    stockInicial: 500,
    precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.0000' },
  });
  alquiler = await crearAlquiler(t, [
    lineaAndamio(mar._id, 80),
    lineaAndamio(mar._id, 40, '2026-03-20'),
  ]);
  t.setHoy('2026-04-15');
});
afterAll(async () => {
  await t?.close();
});

describe('importación de albaranes de alquiler (R19)', () => {
  test('rows by Referencia, header agreement, a bad row refuses its albarán; emitted through §3', async () => {
    const a = alquiler.numero;
    const { id, mapeo, resumen } = await importar(
      [
        ['ENT-1', 'E', a, '02/03/2026', 'MAR-200-073', '50', ''],
        ['ENT-1', 'E', a, '02/03/2026', 'MAR-200-073', '30', ''],
        ['ENT-2', 'E', 'A2099-99999', '03/03/2026', 'MAR-200-073', '5', ''],
        ['ENT-3', 'E', a, '03/03/2026', 'MAR-200-073', '5', ''],
        ['ENT-3', 'E', a, '04/03/2026', 'MAR-200-073', '5', ''],
        ['ENT-4', 'E', a, '03/03/2026', 'NOPE', '5', ''],
        ['ENT-5', 'E', a, '05/03/2026', 'MAR-200-073', '600', ''],
      ],
      'emitido',
    );
    expect(mapeo).toMatchObject({
      alquilerNumero: 'Nº de alquiler',
      articuloCodigo: 'Código de artículo',
    });
    expect(resumen.resumen).toMatchObject({
      validas: 2,
      conErrores: 5,
      duplicadas: 0,
      albaranes: 1,
    });
    const errores = await t.api.get(`${BASE}/${id}/filas?estado=error`, 'empleado');
    const porFila = Object.fromEntries(
      errores
        .json<{ data: { fila: number; errores: { mensaje: string }[] }[] }>()
        .data.map((f) => [f.fila, f.errores.map((e) => e.mensaje)]),
    );
    expect(porFila[4]).toEqual(['No existe el alquiler «A2099-99999»']);
    expect(porFila[5]).toEqual(['La fila 6 del mismo albarán tiene errores']);
    expect(porFila[6]).toEqual([
      'La fila 6 no coincide con la fila 5 en «Fecha» para la referencia ENT-3',
    ]);
    expect(porFila[7]).toEqual(['No existe ningún artículo con el código «NOPE»']);
    expect(porFila[8]).toEqual([
      'Stock insuficiente en MAR-200-073: disponibles 420, solicitadas 600',
    ]);

    const c = await t.api.post(`${BASE}/${id}/confirmar`, { version: resumen.version }, 'empleado');
    expect(c.statusCode, c.body).toBe(200);
    expect(lineas(c.body).at(-1)).toMatchObject({
      tipo: 'resultado',
      resultado: {
        creados: 1,
        primerNumero: 'AE2026-00001',
        ultimoNumero: 'AE2026-00001',
        omitidas: 5,
      },
    });
    const lista = await t.api.get(`/api/albaranes?importacionId=${id}`, 'empleado');
    expect(lista.json().data).toEqual([
      expect.objectContaining({
        numero: 'AE2026-00001',
        estado: 'emitido',
        unidades: 80,
        referenciaExterna: 'ENT-1',
      }),
    ]);
    const andamio = dataOf<{ stock: Record<string, number> }>(
      await t.api.get(`/api/andamios/${mar._id}`),
    );
    expect(andamio.stock).toMatchObject({ disponible: 420, alquilado: 80 });
  });

  test('borrador by default; an existing reference is a duplicate', async () => {
    const a = alquiler.numero;
    const { id, resumen } = await importar(
      [
        ['ENT-6', 'entrega', a, '06/03/2026', 'MAR-200-073', '10', ''],
        ['ENT-1', 'entrega', a, '06/03/2026', 'MAR-200-073', '10', ''],
      ],
      'borrador',
    );
    expect(resumen.resumen).toMatchObject({
      validas: 1,
      conErrores: 0,
      duplicadas: 1,
      albaranes: 1,
    });
    const c = await t.api.post(`${BASE}/${id}/confirmar`, { version: resumen.version }, 'empleado');
    expect(lineas(c.body).at(-1)).toMatchObject({
      tipo: 'resultado',
      resultado: { creados: 1, primerNumero: null },
    });
    const lista = await t.api.get(`/api/albaranes?importacionId=${id}`, 'empleado');
    expect(lista.json().data).toEqual([
      expect.objectContaining({ numero: null, estado: 'borrador', referenciaExterna: 'ENT-6' }),
    ]);
  });
});
