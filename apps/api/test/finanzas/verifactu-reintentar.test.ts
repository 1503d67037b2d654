import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createFinanzasTest,
  dataOf,
  emitida,
  linea,
  type FinanzasTest,
} from './finanzas-helpers.js';

// finanzas.md §5 and rule 13: "Reintentar envío" sends a record the AEAT has not answered
// (pendiente, error de conexión) now, through the same worker as the periodic rounds; here with
// the simulated AEAT (VERIFACTU_ENVIO unset), which accepts it.

let t: FinanzasTest;
beforeAll(async () => {
  t = await createFinanzasTest('2026-03-02T10:15:00+01:00');
});
afterAll(async () => {
  await t?.close();
});

const registroDe = async (facturaId: string) =>
  dataOf<{ orden: number; estado: string; csvAeat: string | null }[]>(
    await t.api.get(`/api/verifactu/registros?empresa=alquileres&facturaId=${facturaId}`),
  )[0];

test('Reintentar envío: refused for an answered record, sends one with a connection error', async () => {
  const hotel = await t.crearCliente('Hotel Cala Major, S.A.', { documento: 'A07334410' });
  const factura = await emitida(t, hotel, [linea('100')]);
  const registro = await registroDe(factura._id);
  expect(registro?.estado).toBe('aceptado');
  const orden = registro?.orden ?? 0;

  const aceptado = await t.api.post(`/api/verifactu/registros/${orden}/reintentar`, {});
  expect(aceptado.statusCode).toBe(409);
  expect(aceptado.json()).toMatchObject({
    message: 'Solo se reintenta el envío de un registro pendiente o con error de conexión.',
  });

  // The AEAT did not answer a second envío (as the worker records a timeout).
  await t.database.db.execute(
    sql`insert into verifactu_envios (registro_orden, intento, estado, descripcion_error)
        values (${orden}, 2, 'error_conexion', 'La AEAT no respondió.')`,
  );
  expect((await registroDe(factura._id))?.estado).toBe('error_conexion');

  const reintento = await t.api.post(`/api/verifactu/registros/${orden}/reintentar`, {});
  expect(reintento.statusCode, reintento.body).toBe(202);
  expect(reintento.json()).toEqual({ data: { orden } });
  expect(await registroDe(factura._id)).toMatchObject({
    estado: 'aceptado',
    csvAeat: `SIM${String(orden).padStart(13, '0')}`,
  });

  expect((await t.api.post('/api/verifactu/registros/999999/reintentar', {})).statusCode).toBe(404);
});

test('the records list answers orden as a number on both engines', async () => {
  const [primero] = dataOf<{ orden: unknown; registroAnteriorOrden: unknown }[]>(
    await t.api.get('/api/verifactu/registros?empresa=alquileres&sort=orden'),
  );
  expect(typeof primero?.orden).toBe('number');
  expect(primero?.registroAnteriorOrden).toBeNull();
});
