import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfPages } from '../helpers/pdf-text.js';
import {
  lineas as lineasFacturables,
  registrarMovimientoLogistico,
  alquilerParaLogistica,
  pendientes,
  type EventoLogistico,
} from '../../src/modules/comercial/index.js';
import { registrarDevolucion, registrarEntrega } from '../../src/modules/inventario/index.js';
import {
  alquilerBody,
  createComercialTest,
  dataOf,
  lineaMaquina,
  nuevaMaquina,
  nuevoComponente,
  type ComercialTest,
  type Registro,
} from './comercial-helpers.js';

// comercial.md §2.4–2.7, §3.2, R16–R24 through /api/alquileres and the ports (logística's side
// stubbed: each test calls the port as logística will, in its own transaction): scenarios 7, 8,
// 10–15, 17 and 18.

let t: ComercialTest;
beforeAll(async () => {
  t = await createComercialTest('2026-03-01', { LOG_LEVEL: process.env['DEBUG_LOG'] ?? 'silent' });
});
afterAll(async () => {
  await t?.close();
});

type Linea = Registro & {
  base: string;
  cantidadEntregada: number;
  cantidadFuera: number;
  fechaPrimeraEntrega: string | null;
  retrasoDias: number;
  estadoLinea: string;
  maquinaId: string | null;
  componenteId: string | null;
};
type Alquiler = Registro & {
  numero: string;
  estado: string;
  lineas: Linea[];
  fianza: { importe: string; estado: string };
};

const crear = async (body: unknown) => {
  const r = await t.api.post('/api/alquileres', body);
  if (r.statusCode !== 201) throw new Error(`crear alquiler: ${r.body}`);
  return dataOf<Alquiler>(r);
};
const leer = async (id: string) => dataOf<Alquiler>(await t.api.get(`/api/alquileres/${id}`));

let albaranes = 0;
/** logística's side: one albarán event through the port (and inventario's ledger when asked). */
const evento = async (
  a: Alquiler,
  e: Omit<EventoLogistico, 'alquilerId' | 'albaran' | 'hoy'> & {
    albaran?: EventoLogistico['albaran'];
    tipo?: 'entrega' | 'recogida';
  },
  { inventario = false }: { inventario?: boolean } = {},
) => {
  albaranes += 1;
  const tipo = e.tipo ?? 'entrega';
  const albaran = e.albaran ?? {
    _id: `00000000-0000-4000-9000-${String(albaranes).padStart(12, '0')}`,
    numero: `${tipo === 'entrega' ? 'AE' : 'AR'}2026-${String(albaranes).padStart(5, '0')}`,
    tipo,
  };
  await t.database.db.transaction(async (tx) => {
    if (inventario && e.evento === 'emitido') {
      const origen = { tipo: 'alquiler' as const, id: a._id, numero: a.numero };
      const maquinas = (e.lineas ?? []).filter((l) => l.clase === 'maquina');
      if (tipo === 'entrega')
        await registrarEntrega(tx, {
          origen,
          fecha: e.fecha,
          albaran,
          maquinas: maquinas.map((m) => ({ maquinaId: m.articuloId })),
          hoy: e.fecha,
        });
      else
        await registrarDevolucion(tx, {
          origen,
          fecha: e.fecha,
          albaran,
          maquinas: maquinas.map((m) => ({ maquinaId: m.articuloId, horometro: '10' })),
          hoy: e.fecha,
        });
    }
    await registrarMovimientoLogistico(tx, { ...e, alquilerId: a._id, albaran, hoy: e.fecha });
  });
  return albaran;
};
const periodo = async (a: Alquiler, desde: string, hasta: string) =>
  t.database.db.transaction((tx) =>
    lineasFacturables(tx, { origenTipo: 'alquiler', origenId: a._id, desde, hasta }, hasta),
  );

describe('availability (R8–R11)', () => {
  test('scenario 7: A2026-00001 holds MEX-001 03/03–12/03; another rental asking 12/03–20/03 → 409 naming it; 13/03–20/03 → 201', async () => {
    const mex = await nuevaMaquina(t);
    const primero = await crear(
      alquilerBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')]),
    );
    expect(primero).toMatchObject({ numero: 'A2026-00001', estado: 'reservado' });
    const r = await t.api.post(
      '/api/alquileres',
      alquilerBody(t, [lineaMaquina(mex._id, '2026-03-12', '2026-03-20')]),
    );
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Hay material no disponible en las fechas indicadas.');
    expect(r.json().errors[0]).toBe(
      'lineas[0].maquinaId: MEX-001 está reservada del 03/03/2026 al 12/03/2026 (A2026-00001)',
    );
    const ok = await t.api.post(
      '/api/alquileres',
      alquilerBody(t, [lineaMaquina(mex._id, '2026-03-13', '2026-03-20')]),
    );
    expect(ok.statusCode).toBe(201);
  });

  test('scenario 8: 10 concurrent POST /api/alquileres asking MEX-002 on overlapping dates → one 201 and nine 409', async () => {
    const mex = await nuevaMaquina(t);
    const respuestas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api.post(
          '/api/alquileres',
          alquilerBody(t, [
            lineaMaquina(mex._id, `2026-04-${String(10 + i).padStart(2, '0')}`, '2026-04-25'),
          ]),
        ),
      ),
    );
    const codigos = respuestas.map((r) => r.statusCode).sort();
    expect(codigos).toEqual([201, ...Array<number>(9).fill(409)]);
  });

  test('the address of the obra is required (municipio at least)', async () => {
    const mex = await nuevaMaquina(t);
    const r = await t.api.post('/api/alquileres', {
      ...alquilerBody(t, [lineaMaquina(mex._id, '2026-05-03', '2026-05-12')]),
      direccionObra: {},
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toContain('direccionObra: La dirección de la obra es obligatoria');
  });
});

describe('states through logística’s port (§2.7, §3.2)', () => {
  test('scenario 10: entrega emitted → still reservado, lot from the albarán date; signed → en_curso; part of the scaffolding back → devuelto_parcial; the rest → finalizado; annulling that recogida → devuelto_parcial', async () => {
    const mex = await nuevaMaquina(t);
    const mar = await nuevoComponente(t);
    const a = await crear(
      alquilerBody(t, [
        lineaMaquina(mex._id, '2026-06-01', '2026-06-30'),
        {
          clase: 'andamio',
          componenteId: mar._id,
          cantidad: '200',
          fechaInicio: '2026-06-01',
          fechaFin: '2026-06-30',
        },
      ]),
    );
    const entrega = await evento(a, {
      evento: 'emitido',
      fecha: '2026-06-02',
      lineas: [
        { clase: 'maquina', articuloId: mex._id, cantidad: 1 },
        { clase: 'andamio', articuloId: mar._id, cantidad: 200 },
      ],
    });
    let leido = await leer(a._id);
    expect(leido.estado).toBe('reservado');
    expect(leido.lineas[0]).toMatchObject({
      cantidadEntregada: 1,
      fechaPrimeraEntrega: '2026-06-02',
    });
    await evento(a, { evento: 'firmado', fecha: '2026-06-02', albaran: entrega });
    expect((await leer(a._id)).estado).toBe('en_curso');
    await evento(a, {
      evento: 'emitido',
      tipo: 'recogida',
      fecha: '2026-06-20',
      lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: 80 }],
    });
    expect((await leer(a._id)).estado).toBe('devuelto_parcial');
    const ultima = await evento(a, {
      evento: 'emitido',
      tipo: 'recogida',
      fecha: '2026-06-30',
      lineas: [
        { clase: 'maquina', articuloId: mex._id, cantidad: 1 },
        { clase: 'andamio', articuloId: mar._id, cantidad: 120 },
      ],
    });
    leido = await leer(a._id);
    expect(leido.estado).toBe('finalizado');
    expect(leido.lineas.map((l) => l.estadoLinea)).toEqual(['devuelta', 'devuelta']);
    await evento(a, { evento: 'anulado', fecha: '2026-06-30', albaran: ultima });
    expect((await leer(a._id)).estado).toBe('devuelto_parcial');
    const paraLogistica = await t.database.db.transaction((tx) =>
      alquilerParaLogistica(tx, a._id, '2026-06-30'),
    );
    expect(paraLogistica).toMatchObject({
      numero: a.numero,
      permiteRecogida: true,
      permiteEntrega: false,
    });
  });

  test('scenario 15: a reservado rental cancelled with "Obra aplazada" → cancelado and its bloqueos released; with an entrega emitted → 409', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-07-01', '2026-07-10')]));
    const r = await t.api.post(`/api/alquileres/${a._id}/cancelar`, {
      version: a.version,
      motivo: 'Obra aplazada',
    });
    expect(r.statusCode).toBe(200);
    expect(dataOf<Alquiler>(r)).toMatchObject({
      estado: 'cancelado',
      motivoCancelacion: 'Obra aplazada',
    });
    expect(
      (
        await t.api.post(
          '/api/alquileres',
          alquilerBody(t, [lineaMaquina(mex._id, '2026-07-01', '2026-07-10')]),
        )
      ).statusCode,
    ).toBe(201);

    const otra = await nuevaMaquina(t);
    const b = await crear(alquilerBody(t, [lineaMaquina(otra._id, '2026-02-20', '2026-03-10')]));
    await evento(b, {
      evento: 'emitido',
      fecha: '2026-02-21',
      lineas: [{ clase: 'maquina', articuloId: otra._id, cantidad: 1 }],
    });
    const v = (await leer(b._id)).version;
    const refusal = await t.api.post(`/api/alquileres/${b._id}/cancelar`, {
      version: v,
      motivo: 'Obra aplazada',
    });
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json().message).toBe(
      'No se puede cancelar un alquiler con material entregado. Registra la devolución o finaliza el alquiler.',
    );
    const fin = await t.api.post(`/api/alquileres/${b._id}/finalizar`, { version: v });
    expect(fin.json().message).toBe('No se puede finalizar: queda 1 unidad pendiente de devolver.');
  });
});

describe('edits after delivery and invoicing (R20, R22)', () => {
  test('R22: a delivered line cannot be removed nor start later, and the client cannot change; R20: an invoiced line stays and keeps its price, rate basis and IVA, and the rental its billing mode', async () => {
    const mex = await nuevaMaquina(t);
    const mar = await nuevoComponente(t);
    const a = await crear(
      alquilerBody(t, [
        lineaMaquina(mex._id, '2026-02-20', '2026-03-20'),
        {
          clase: 'andamio',
          componenteId: mar._id,
          cantidad: '100',
          fechaInicio: '2026-02-20',
          fechaFin: '2026-03-20',
        },
      ]),
    );
    await evento(a, {
      evento: 'emitido',
      fecha: '2026-02-21',
      lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: 60 }],
    });
    const leido = await leer(a._id);
    const [maq, and] = leido.lineas as [Linea, Linea];
    const linea = (l: Linea, extra: Record<string, unknown> = {}) => ({
      _id: l._id,
      clase: l.maquinaId ? 'maquina' : 'andamio',
      ...(l.maquinaId
        ? { maquinaId: l.maquinaId }
        : { componenteId: l.componenteId, cantidad: '100' }),
      fechaInicio: '2026-02-20',
      fechaFin: '2026-03-20',
      ...extra,
    });
    const put = (lineas: unknown[], extra: Record<string, unknown> = {}) =>
      t.api.put(`/api/alquileres/${a._id}`, {
        ...alquilerBody(t, lineas),
        version: leido.version,
        ...extra,
      });
    const quitar = await put([linea(maq)]);
    expect(quitar.statusCode).toBe(409);
    expect(quitar.json().message).toBe('No se puede quitar una línea con material entregado.');
    const menos = await put([linea(maq), linea(and, { cantidad: '50' })]);
    expect(menos.statusCode).toBe(409);
    expect(menos.json().errors).toEqual([
      'lineas[1].cantidad: Una línea con material entregado no puede cambiar su inicio ni su artículo, ni bajar de lo entregado.',
    ]);
    const otro = await t.crearCliente('Otro cliente R22');
    const cliente = await put([linea(maq), linea(and)], { clienteId: otro });
    expect(cliente.json().message).toBe('El cliente no puede cambiar con material entregado.');

    await t.database.db.transaction((tx) =>
      tx.execute(
        sql`update alquiler_lineas set facturado_hasta = '2026-02-28' where id = ${maq._id}`,
      ),
    );
    const precio = await put([linea(maq, { precioDia: '90.00' }), linea(and)]);
    expect(precio.statusCode).toBe(409);
    expect(precio.json().message).toBe(
      'La línea ya tiene periodos facturados; su precio no puede cambiar.',
    );
    const modoTarifa = await put([linea(maq, { modoTarifa: 'dia' }), linea(and)]);
    expect(modoTarifa.statusCode).toBe(409);
    expect(modoTarifa.json().errors).toEqual([
      'lineas[0].modoTarifa: La línea ya tiene periodos facturados; su precio no puede cambiar.',
    ]);
    // The invoiced periods carry the line's IVA: changing it is refused with what to do.
    const ivaFacturada =
      'La línea ya tiene periodos facturados; su IVA no puede cambiar. Rectifica primero las facturas de esos periodos.';
    const iva = await put([linea(maq, { tipoIva: 10 }), linea(and)]);
    expect(iva.statusCode).toBe(409);
    expect(iva.json()).toMatchObject({
      message: ivaFacturada,
      errors: [`lineas[0].tipoIva: ${ivaFacturada}`],
    });
    const exenta = await put([linea(maq, { tipoIva: 0, motivoIva0: 'exenta' }), linea(and)]);
    expect(exenta.statusCode).toBe(409);
    expect(exenta.json().errors).toEqual([`lineas[0].tipoIva: ${ivaFacturada}`]);
    // Nor can an invoiced line go (an invoice names it), delivered or not.
    const quitarFacturada = await put([linea(and)]);
    expect(quitarFacturada.statusCode).toBe(409);
    expect(quitarFacturada.json().message).toBe(
      'No se puede quitar una línea con periodos facturados. Rectifica primero las facturas de esos periodos.',
    );
    // The line not invoiced may still change its IVA, and nothing was written by the refusals.
    expect((await leer(a._id)).lineas[0]).toMatchObject({ tipoIva: 21 });
    // R20: nor does the billing mode once a period is invoiced.
    const actual = (leido as Alquiler & { facturacion: string }).facturacion;
    const modo = await put([linea(maq), linea(and)], {
      facturacion: actual === 'al_finalizar' ? 'mensual_vencido' : 'al_finalizar',
    });
    expect(modo.statusCode).toBe(409);
    expect(modo.json().errors).toEqual([
      'facturacion: La forma de facturación no puede cambiar: el alquiler ya tiene periodos facturados.',
    ]);
    const ok = await put([linea(maq), linea(and, { cantidad: '120', tipoIva: 10 })]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.lineas.map((l: { tipoIva: number }) => l.tipoIva)).toEqual([21, 10]);
  });
});

describe('billing (R17–R19) through finanzas’ port', () => {
  test('scenario 11: MEX-001 delivered 20/01/2026 and returned 10/03, mensual_vencido → enero 760,00, febrero 1.005,00, marzo 435,00; 2.200,00 in all', async () => {
    t.setHoy('2026-01-15');
    try {
      const mex = await nuevaMaquina(t);
      const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-01-20', '2026-03-10')]));
      expect(a).toMatchObject({ facturacion: 'mensual_vencido' });
      await evento(a, {
        evento: 'emitido',
        fecha: '2026-01-20',
        lineas: [{ clase: 'maquina', articuloId: mex._id, cantidad: 1 }],
      });
      await evento(a, {
        evento: 'emitido',
        tipo: 'recogida',
        fecha: '2026-03-10',
        lineas: [{ clase: 'maquina', articuloId: mex._id, cantidad: 1 }],
      });
      const bases = [];
      for (const [desde, hasta] of [
        ['2026-01-01', '2026-01-31'],
        ['2026-02-01', '2026-02-28'],
        ['2026-03-01', '2026-03-31'],
      ] as const)
        bases.push((await periodo(a, desde, hasta)).map((l) => l.base));
      expect(bases).toEqual([['760.00'], ['1005.00'], ['435.00']]);
      const [enero] = await periodo(a, '2026-01-01', '2026-01-31');
      expect(enero).toMatchObject({
        cantidad: '1',
        unidad: 'periodo',
        precioUnitario: '760.00',
        descuentoPct: '0',
        naturaleza: 'alquiler',
      });
      const propuestos = await t.database.db.transaction((tx) =>
        pendientes(tx, { empresa: 'alquileres', hasta: '2026-01-31' }, '2026-02-01'),
      );
      expect(propuestos.find((p) => p.origenId === a._id)).toMatchObject({
        desde: '2026-01-20',
        hasta: '2026-01-31',
        baseEstimada: '760.00',
      });
    } finally {
      t.setHoy('2026-03-01');
    }
  });

  test('scenario 12: 200 MAR-200-073 delivered 01/04/2026, 80 back 15/05 and 120 on 31/05 → abril 240,00, mayo 210,00, finalizado', async () => {
    const mar = await nuevoComponente(t);
    const a = await crear(
      alquilerBody(t, [
        {
          clase: 'andamio',
          componenteId: mar._id,
          cantidad: '200',
          fechaInicio: '2026-04-01',
          fechaFin: '2026-05-31',
        },
      ]),
    );
    const entrega = await evento(a, {
      evento: 'emitido',
      fecha: '2026-04-01',
      lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: 200 }],
    });
    await evento(a, { evento: 'firmado', fecha: '2026-04-01', albaran: entrega });
    await evento(a, {
      evento: 'emitido',
      tipo: 'recogida',
      fecha: '2026-05-15',
      lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: 80 }],
    });
    await evento(a, {
      evento: 'emitido',
      tipo: 'recogida',
      fecha: '2026-05-31',
      lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: 120 }],
    });
    expect((await periodo(a, '2026-04-01', '2026-04-30')).map((l) => l.base)).toEqual(['240.00']);
    expect((await periodo(a, '2026-05-01', '2026-05-31')).map((l) => l.base)).toEqual(['210.00']);
    expect((await leer(a._id)).estado).toBe('finalizado');
  });

  test('scenario 13: MEX-001 delivered 02/03, fechaFin 12/03, today 16/03 → listed conRetraso with 4 días; a booking from 25/03 refused until it returns; returned 18/03 it bills 17 días = 1.045,00', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-03-02', '2026-03-12')]));
    await evento(
      a,
      {
        evento: 'emitido',
        fecha: '2026-03-02',
        lineas: [{ clase: 'maquina', articuloId: mex._id, cantidad: 1 }],
      },
      { inventario: true },
    );
    // Booked before the machine was late: it then shows R17's conflict.
    const siguiente = await crear(
      alquilerBody(t, [lineaMaquina(mex._id, '2026-03-14', '2026-03-20')]),
    );
    t.setHoy('2026-03-16');
    try {
      expect(
        ((await leer(siguiente._id)) as unknown as { conflictos: string[] }).conflictos,
      ).toEqual([
        `Conflicto: ${mex.codigoInterno} no ha sido devuelta (${a.numero}, 4 días de retraso)`,
      ]);
      // The office moves that booking elsewhere (the ledger cannot hold the late days over it).
      const cancelado = await t.api.post(`/api/alquileres/${siguiente._id}/cancelar`, {
        version: siguiente.version,
        motivo: 'Máquina sin devolver',
      });
      expect(cancelado.statusCode).toBe(200);
      const lista = (await t.api.get('/api/alquileres?conRetraso=true&limit=100')).json<{
        data: { _id: string; retrasoDias: number }[];
      }>().data;
      expect(lista.find((r) => r._id === a._id)?.retrasoDias).toBe(4);
      expect((await leer(a._id)).lineas[0]?.retrasoDias).toBe(4);
      const despues = await t.api.post(
        '/api/alquileres',
        alquilerBody(t, [lineaMaquina(mex._id, '2026-03-25', '2026-03-30')]),
      );
      expect(despues.statusCode).toBe(409);
      await evento(
        a,
        {
          evento: 'emitido',
          tipo: 'recogida',
          fecha: '2026-03-18',
          lineas: [{ clase: 'maquina', articuloId: mex._id, cantidad: 1 }],
        },
        { inventario: true },
      );
      const lineas = await periodo(a, '2026-03-01', '2026-03-31');
      expect(lineas.map((l) => l.base)).toEqual(['1045.00']);
      t.setHoy('2026-03-18');
      expect(
        (
          await t.api.post(
            '/api/alquileres',
            alquilerBody(t, [lineaMaquina(mex._id, '2026-03-25', '2026-03-30')]),
          )
        ).statusCode,
      ).toBe(201);
    } finally {
      t.setHoy('2026-03-01');
    }
  });

  test('scenario 14: MEX-001 planned 02/03–12/03, delivered 02/03, baja 09/03, recogida 13/03 (fin de cobro 13/03) → 8 días = 475,00, never late', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-03-02', '2026-03-12')]));
    const entrega = await evento(a, {
      evento: 'emitido',
      fecha: '2026-03-02',
      lineas: [{ clase: 'maquina', articuloId: mex._id, cantidad: 1 }],
    });
    await evento(a, { evento: 'firmado', fecha: '2026-03-02', albaran: entrega });
    t.setHoy('2026-03-09');
    try {
      const v = (await leer(a._id)).version;
      const baja = await t.api.post(`/api/alquileres/${a._id}/baja`, {
        version: v,
        fecha: '2026-03-09',
      });
      expect(baja.statusCode).toBe(200);
      t.setHoy('2026-03-13');
      // R17: under baja past its end, the machine is "Pendiente de recogida", not late, in the
      // record and in the list.
      const pendiente = await leer(a._id);
      expect(pendiente.lineas[0]).toMatchObject({ retrasoDias: 0, cantidadBaja: 1 });
      expect(pendiente).toMatchObject({ pendienteRecogida: true, retraso: { dias: 0 } });
      const fila = () =>
        t.api
          .get(`/api/alquileres?searchTerm=${pendiente.numero}`)
          .then((r) => r.json<{ data: { pendienteRecogida: boolean; retrasoDias: number }[] }>());
      expect((await fila()).data[0]).toMatchObject({ pendienteRecogida: true, retrasoDias: 0 });
      await evento(a, {
        evento: 'emitido',
        tipo: 'recogida',
        fecha: '2026-03-13',
        fechaFinCobro: '2026-03-13',
        lineas: [{ clase: 'maquina', articuloId: mex._id, cantidad: 1 }],
      });
      expect((await periodo(a, '2026-03-01', '2026-03-31')).map((l) => l.base)).toEqual(['475.00']);
      expect(await leer(a._id)).toMatchObject({ pendienteRecogida: false });
      expect((await fila()).data[0]).toMatchObject({ pendienteRecogida: false });
    } finally {
      t.setHoy('2026-03-01');
    }
  });
});

describe('cargos (R24)', () => {
  test('R24: MEX delivered 02/03 at 1.845,5 h and back 11/03 at 1.938,0 h, 8 h a day included at 18,00 €/h → a cargo "Horas extra …: 12,5 h × 18,00 €" of 225,00 billed in March', async () => {
    const mex = await nuevaMaquina(t, {
      tarifas: {
        dia: '95.00',
        semana: '380.00',
        mes: '1100.00',
        horasIncluidasDia: 8,
        horaExtra: '18.00',
      },
    });
    const sinTarifa = await nuevaMaquina(t);
    const a = await crear(
      alquilerBody(t, [
        lineaMaquina(mex._id, '2026-03-02', '2026-03-11'),
        lineaMaquina(sinTarifa._id, '2026-03-02', '2026-03-11'),
      ]),
    );
    const maquinas = [mex._id, sinTarifa._id].map((id) => ({
      clase: 'maquina' as const,
      articuloId: id,
      cantidad: 1,
    }));
    await evento(a, { evento: 'emitido', fecha: '2026-03-02', lineas: maquinas });
    await evento(a, {
      evento: 'emitido',
      tipo: 'recogida',
      fecha: '2026-03-11',
      lineas: maquinas,
      horas: [
        { maquinaId: mex._id, entrega: 1845.5, devolucion: 1938.0 },
        // No extra-hour rate: however many hours, no charge.
        { maquinaId: sinTarifa._id, entrega: 100, devolucion: 900 },
      ],
    });
    const cargos = (await periodo(a, '2026-03-01', '2026-03-31')).filter((l) =>
      l.descripcion.startsWith('Horas extra'),
    );
    expect(cargos.map((l) => [l.descripcion, l.base, l.tipoIva])).toEqual([
      [`Horas extra ${mex.codigoInterno}: 12,5 h × 18,00 €`, '225.00', 21],
    ]);
  });
});

describe('prices (R7)', () => {
  test('R7: "Actualizar precios" on a reservado rental brings in today\'s tariff; once en curso it is refused', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')]));
    await t.database.db.execute(
      sql`update maquinas set tarifa_dia = 100, tarifa_semana = 400 where id = ${mex._id}`,
    );
    expect((await leer(a._id)).lineas[0]?.base).toBe('665.00');
    const r = await t.api.post(`/api/alquileres/${a._id}/actualizar-precios`, {
      version: (await leer(a._id)).version,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(dataOf<Alquiler>(r).lineas[0]?.base).toBe('700.00');
    const entrega = await evento(a, {
      evento: 'emitido',
      fecha: '2026-03-03',
      lineas: [{ clase: 'maquina', articuloId: mex._id, cantidad: 1 }],
    });
    await evento(a, { evento: 'firmado', fecha: '2026-03-03', albaran: entrega });
    const enCurso = await t.api.post(`/api/alquileres/${a._id}/actualizar-precios`, {
      version: (await leer(a._id)).version,
    });
    expect(enCurso.statusCode).toBe(409);
    expect(enCurso.json().message).toBe('Solo se actualizan los precios de alquileres reservados.');
  });
});

describe('fianza (R21), versions and files', () => {
  test('scenario 18: a fianza of 1.500,00 in efectivo → 400 naming fianza.formaPago; on PUT …/fianza "formaPago: …"; 950,00 in efectivo is accepted', async () => {
    const mex = await nuevaMaquina(t);
    const lineas = [lineaMaquina(mex._id, '2026-08-01', '2026-08-05')];
    const r = await t.api.post(
      '/api/alquileres',
      alquilerBody(t, lineas, { fianza: { importe: '1500.00', formaPago: 'efectivo' } }),
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toContain(
      'fianza.formaPago: No se admiten pagos en efectivo de 1.000 € o más (Ley 7/2012, art. 7)',
    );
    const a = await crear(alquilerBody(t, lineas, { fianza: { importe: '1500.00' } }));
    expect(a.fianza).toMatchObject({ importe: '1500.00', estado: 'pendiente' });
    const put = await t.api.put(`/api/alquileres/${a._id}/fianza`, {
      version: a.version,
      estado: 'cobrada',
      formaPago: 'efectivo',
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toEqual([
      'formaPago: No se admiten pagos en efectivo de 1.000 € o más (Ley 7/2012, art. 7)',
    ]);
    const otra = await nuevaMaquina(t);
    const ok = await crear(
      alquilerBody(t, [lineaMaquina(otra._id, '2026-08-01', '2026-08-05')], {
        fianza: { importe: '950.00', formaPago: 'efectivo' },
      }),
    );
    const cobro = await t.api.put(`/api/alquileres/${ok._id}/fianza`, {
      version: ok.version,
      estado: 'cobrada',
    });
    expect(dataOf<Alquiler>(cobro).fianza).toMatchObject({
      estado: 'cobrada',
      formaPago: 'efectivo',
    });
    const devolucion = await t.api.put(`/api/alquileres/${ok._id}/fianza`, {
      version: dataOf<Alquiler>(cobro).version,
      estado: 'devuelta',
    });
    expect(devolucion.json().message).toBe(
      'La fianza solo se devuelve con el alquiler finalizado o cancelado.',
    );
  });

  test('scenario 16: a PUT carrying version 3 of a rental at version 4 → 409 and nothing changes', async () => {
    const mex = await nuevaMaquina(t);
    const body = alquilerBody(t, [lineaMaquina(mex._id, '2026-09-01', '2026-09-05')]);
    let a = await crear(body);
    for (const obra of ['Obra 2', 'Obra 3', 'Obra 4'])
      a = dataOf<Alquiler>(
        await t.api.put(`/api/alquileres/${a._id}`, {
          ...body,
          obraNombre: obra,
          version: a.version,
        }),
      );
    expect(a.version).toBe(4);
    const r = await t.api.put(`/api/alquileres/${a._id}`, {
      ...body,
      obraNombre: 'Obra 5',
      version: 3,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
    );
    expect((await leer(a._id)) as unknown).toMatchObject({ obraNombre: 'Obra 4' });
  });

  test('Cambiar fin re-reserves: prolonging into another rental → 409; shortening frees the days', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-10-01', '2026-10-10')]));
    await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-10-15', '2026-10-20')]));
    const largo = await t.api.post(`/api/alquileres/${a._id}/cambiar-fin`, {
      version: a.version,
      fechaFin: '2026-10-16',
    });
    expect(largo.statusCode).toBe(409);
    const corto = await t.api.post(`/api/alquileres/${a._id}/cambiar-fin`, {
      version: a.version,
      fechaFin: '2026-10-05',
    });
    expect(dataOf<Alquiler & { fechaFin: string }>(corto).fechaFin).toBe('2026-10-05');
    // §3.2: the history names the change "Acortado" (then "Prorrogado"), with the new end.
    const historial = async () =>
      (await t.api.get(`/api/alquileres/${a._id}/historial?limit=1`)).json<{
        data: { accion: string; cambios: { campo: string; nuevo: unknown }[] }[];
      }>().data[0];
    expect(await historial()).toMatchObject({
      accion: 'acortar',
      cambios: expect.arrayContaining([
        { campo: 'fechaFin', anterior: '2026-10-10', nuevo: '2026-10-05' },
      ]),
    });
    const prorrogado = await t.api.post(`/api/alquileres/${a._id}/cambiar-fin`, {
      version: dataOf<Alquiler>(corto).version,
      fechaFin: '2026-10-08',
    });
    expect(prorrogado.statusCode, prorrogado.body).toBe(200);
    expect(await historial()).toMatchObject({ accion: 'prorrogar' });
    const acortado = await t.api.post(`/api/alquileres/${a._id}/cambiar-fin`, {
      version: dataOf<Alquiler>(prorrogado).version,
      fechaFin: '2026-10-05',
    });
    expect(acortado.statusCode, acortado.body).toBe(200);
    expect(
      (
        await t.api.post(
          '/api/alquileres',
          alquilerBody(t, [lineaMaquina(mex._id, '2026-10-06', '2026-10-10')]),
        )
      ).statusCode,
    ).toBe(201);
  });

  test('scenario 17: empleado uploads a 1 MB PDF → 201 and a history row; an .exe renamed .pdf → 415; 26 MB → 413; a transportes-only user → 404', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-11-01', '2026-11-05')]));
    const url = `/api/alquileres/${a._id}/archivos`;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024, 0x20)]);
    const subida = await t.api.upload(
      url,
      { carpeta: 'entregas' },
      { nombre: 'albaran.pdf', contenido: pdf },
      'empleado',
    );
    expect(subida.statusCode).toBe(201);
    const historial = (await t.api.get(`/api/alquileres/${a._id}/historial`)).json<{
      data: { cambios: { campo: string; nuevo: unknown }[] }[];
    }>().data;
    expect(historial[0]?.cambios).toEqual([
      { campo: 'archivo', anterior: null, nuevo: 'albaran.pdf' },
    ]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 0)]);
    expect(
      (await t.api.upload(url, {}, { nombre: 'factura.pdf', contenido: exe }, 'empleado'))
        .statusCode,
    ).toBe(415);
    const grande = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(26 * 1024 * 1024, 0x20)]);
    expect(
      (await t.api.upload(url, {}, { nombre: 'grande.pdf', contenido: grande }, 'empleado'))
        .statusCode,
    ).toBe(413);
    const ajeno = await t.api.get(url, 'transportes');
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json().message).toBe('Alquiler no encontrado');
    expect(
      (await t.api.get(url, 'empleado')).json<{ data: { archivos: unknown[] } }>().data.archivos,
    ).toHaveLength(1);
  });

  test('the archive in folders (§2 Archivo, §6): default "otros", a duplicate name becomes "(2)", a bad folder 400, one folder listed with the counts of all, delete 204 with its history row, the 201st file 409', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-11-10', '2026-11-12')]));
    const url = `/api/alquileres/${a._id}/archivos`;
    const pdf = { nombre: 'acta.pdf', contenido: Buffer.from('%PDF-1.7\n% acta\n') };
    type Subido = { _id: string; nombre: string; carpeta: string };
    const subir = async (campos: Record<string, string>) => {
      const r = await t.api.upload(url, campos, pdf);
      expect(r.statusCode, r.body).toBe(201);
      return dataOf<Subido>(r);
    };
    expect(await subir({})).toMatchObject({ nombre: 'acta.pdf', carpeta: 'otros' });
    expect(await subir({ carpeta: 'entregas/obra-son-castello' })).toMatchObject({
      nombre: 'acta.pdf',
      carpeta: 'entregas/obra-son-castello',
    });
    const segundo = await subir({ carpeta: 'entregas/obra-son-castello' });
    expect(segundo.nombre).toBe('acta (2).pdf');
    const mala = await t.api.upload(url, { carpeta: 'Entregas/Ñ' }, pdf);
    expect(mala.statusCode).toBe(400);
    expect(mala.json().errors).toEqual([
      'carpeta: La carpeta solo admite minúsculas sin acentos, números y guiones (hasta 40 por nivel y 3 niveles, separados por «/»).',
    ]);

    const una = (
      await t.api.get(`${url}?carpeta=${encodeURIComponent('entregas/obra-son-castello')}`)
    ).json<{
      data: {
        alquiler: { numero: string; cliente: string };
        carpetas: { carpeta: string; total: number }[];
        archivos: Subido[];
      };
    }>().data;
    expect(una.alquiler).toEqual({ numero: a.numero, cliente: expect.any(String) });
    expect(una.alquiler.cliente).not.toBe('');
    expect(una.carpetas).toEqual([
      { carpeta: 'entregas/obra-son-castello', total: 2 },
      { carpeta: 'otros', total: 1 },
    ]);
    expect(una.archivos.map((f) => f.nombre)).toEqual(['acta.pdf', 'acta (2).pdf']);

    const borrado = await t.api.delete(`${url}/${segundo._id}`);
    expect(borrado.statusCode).toBe(204);
    expect((await t.api.get(`${url}/${segundo._id}/descarga`)).statusCode).toBe(404);
    const historial = (await t.api.get(`/api/alquileres/${a._id}/historial`)).json<{
      data: { cambios: { campo: string; anterior: unknown; nuevo: unknown }[] }[];
    }>().data;
    expect(historial[0]?.cambios).toEqual([
      { campo: 'archivo', anterior: 'acta (2).pdf', nuevo: null },
    ]);

    // R23: 200 files at most (the other 198 written straight into the table).
    await t.database.db.execute(sql`
      insert into archivos (recurso, registro_id, empresa, nombre, mime, tamano, sha256, carpeta)
      select 'alquiler', ${a._id}, 'alquileres', 'relleno-' || n || '.pdf', 'application/pdf', 10, 'x', 'otros'
      from generate_series(1, 198) n`);
    const lleno = await t.api.upload(url, {}, pdf);
    expect(lleno.statusCode).toBe(409);
    expect(lleno.json().message).toBe(
      'El alquiler ya tiene 200 archivos; elimina alguno antes de subir más.',
    );
  });

  test('the client lookup finds active clients of alquileres by name, accents and case aside', async () => {
    const r = await t.api.get('/api/alquileres/opciones/clientes?q=LLEVÁNT');
    expect(r.statusCode).toBe(200);
    expect(r.json<{ data: { nombre: string }[] }>().data.map((c) => c.nombre)).toEqual([
      'Construcciones Llevant, S.L.',
    ]);
  });

  test('permissions: operaciones reaches alquileres (view and edit), transportes does not; the calendar shows a booking and refuses more than 92 days; the contract PDF', async () => {
    const mex = await nuevaMaquina(t, {
      tarifas: {
        dia: '95.00',
        semana: '380.00',
        mes: '1100.00',
        horasIncluidasDia: 8,
        horaExtra: '18.00',
      },
    });
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2026-12-01', '2026-12-05')]));
    expect((await t.api.get(`/api/alquileres/${a._id}`, 'operaciones')).statusCode).toBe(200);
    expect((await t.api.get('/api/alquileres', 'transportes')).statusCode).toBe(403);
    const cal = await t.api.get(
      '/api/alquileres/calendario?clase=maquina&desde=2026-11-01&hasta=2027-02-28',
    );
    expect(cal.statusCode).toBe(400);
    expect(cal.json().errors).toEqual([
      'hasta: El intervalo del calendario no puede superar 92 días',
    ]);
    const ok = await t.api.get(
      `/api/alquileres/calendario?clase=maquina&desde=2026-11-23&hasta=2026-12-31&q=${encodeURIComponent(mex.codigoInterno)}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(JSON.stringify(ok.json())).toContain(a.numero);
    const contrato = await t.api.get(`/api/alquileres/${a._id}/pdf`);
    expect(contrato.headers['content-type']).toBe('application/pdf');
    expect(contrato.headers['content-disposition']).toBe(`inline; filename="${a.numero}.pdf"`);
    expect(contrato.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // §5: the arrendador (the emisor's data: no emisor stored here, so its defaults) and each
    // machine's serial number, included hours and extra-hour price.
    const texto = (await pdfPages(contrato.rawPayload)).join('\n');
    expect(texto).toContain(`CONTRATO DE ALQUILER ${a.numero}`);
    expect(texto).toMatch(/Arrendador[\s\S]*Razón social[\s\S]*Alquileres[\s\S]*Arrendatario/);
    expect(texto).toContain('Horas de uso incluidas');
    expect(texto).toMatch(new RegExp(`${mex.codigoInterno} — Kubota U17-3α[\\s\\S]*COM-\\d+`));
    expect(texto).toContain('8 h/día');
    expect(texto).toContain('18,00 €/h');
  });
});

describe('the calendar (§5, §6)', () => {
  test('each rental bar carries its rental state and label; a cancelled rental leaves the calendar; tipo filters the machines', async () => {
    const mex = await nuevaMaquina(t, { diasPreparacion: 2 });
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2027-05-03', '2027-05-07')]));
    const url = (extra = '') =>
      `/api/alquileres/calendario?clase=maquina&desde=2027-05-01&hasta=2027-05-31&q=${encodeURIComponent(mex.codigoInterno)}${extra}`;
    type Fila = {
      maquina: { _id: string; tipo: string };
      bloqueos: {
        origenTipo: string;
        numero: string;
        etiqueta: string;
        desde: string;
        hasta: string;
        preparacionHasta: string | null;
        estadoAlquiler: string | null;
      }[];
    };
    const filas = (await t.api.get(url())).json<{ data: Fila[] }>().data;
    expect(filas).toHaveLength(1);
    expect(filas[0]?.bloqueos).toEqual([
      expect.objectContaining({
        origenTipo: 'alquiler',
        numero: a.numero,
        etiqueta: expect.stringContaining(a.numero),
        desde: '2027-05-03',
        hasta: '2027-05-07',
        preparacionHasta: '2027-05-09',
        estadoAlquiler: 'reservado',
      }),
    ]);
    const tipo = filas[0]?.maquina.tipo as string;
    const otroTipo = tipo === 'dumper' ? 'generador' : 'dumper';
    expect((await t.api.get(url(`&tipo=${tipo}`))).json<{ data: Fila[] }>().data).toHaveLength(1);
    expect((await t.api.get(url(`&tipo=${otroTipo}`))).json<{ data: Fila[] }>().data).toEqual([]);
    await t.api.post(`/api/alquileres/${a._id}/cancelar`, {
      version: a.version,
      motivo: 'Obra aplazada',
    });
    expect((await t.api.get(url())).json<{ data: Fila[] }>().data[0]?.bloqueos).toEqual([]);
  });
});

describe('fianza retention (R21), list dates (§5, §6) and the archive under concurrency (R23)', () => {
  type ConFianza = Alquiler & {
    fianza: {
      importe: string;
      estado: string;
      importeDevuelto: string | null;
      importeRetenido: string | null;
      motivoRetencion: string | null;
      fechaDevolucion: string | null;
    };
  };
  /** A cancelled rental whose 1.500,00 fianza was collected: ready for its devolución. */
  const conFianzaCobrada = async (desde: string, hasta: string) => {
    const mex = await nuevaMaquina(t);
    const a = await crear(
      alquilerBody(t, [lineaMaquina(mex._id, desde, hasta)], { fianza: { importe: '1500.00' } }),
    );
    const cobro = await t.api.put(`/api/alquileres/${a._id}/fianza`, {
      version: a.version,
      estado: 'cobrada',
      formaPago: 'transferencia',
    });
    expect(cobro.statusCode, cobro.body).toBe(200);
    const cancelado = await t.api.post(`/api/alquileres/${a._id}/cancelar`, {
      version: dataOf<Alquiler>(cobro).version,
      motivo: 'La obra se aplaza',
    });
    expect(cancelado.statusCode, cancelado.body).toBe(200);
    return dataOf<ConFianza>(cancelado);
  };

  test('a partial retention needs its motivo and amounts adding up to the fianza, and leaves it retenida; a total one too; nothing kept is devuelta', async () => {
    const a = await conFianzaCobrada('2027-01-04', '2027-01-08');
    const url = `/api/alquileres/${a._id}/fianza`;
    const sinMotivo = await t.api.put(url, {
      version: a.version,
      estado: 'retenida',
      importeDevuelto: '1200.00',
      importeRetenido: '300.00',
    });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().errors).toEqual(['motivoRetencion: Indica el motivo de la retención']);
    const descuadre = await t.api.put(url, {
      version: a.version,
      estado: 'retenida',
      importeDevuelto: '1200.00',
      importeRetenido: '200.00',
      motivoRetencion: 'Rotura del latiguillo',
    });
    expect(descuadre.statusCode).toBe(400);
    expect(descuadre.json().errors).toEqual([
      'importeDevuelto: El importe devuelto más el retenido debe sumar el importe de la fianza',
    ]);
    expect((await leer(a._id)).fianza.estado).toBe('cobrada');
    const parcial = await t.api.put(url, {
      version: a.version,
      estado: 'devuelta',
      fechaDevolucion: '2026-03-01',
      importeDevuelto: '1200.00',
      importeRetenido: '300.00',
      motivoRetencion: 'Rotura del latiguillo',
    });
    expect(parcial.statusCode, parcial.body).toBe(200);
    expect(dataOf<ConFianza>(parcial).fianza).toMatchObject({
      estado: 'retenida',
      fechaDevolucion: '2026-03-01',
      importeDevuelto: '1200.00',
      importeRetenido: '300.00',
      motivoRetencion: 'Rotura del latiguillo',
    });

    const total = await conFianzaCobrada('2027-01-11', '2027-01-15');
    const retenida = await t.api.put(`/api/alquileres/${total._id}/fianza`, {
      version: total.version,
      estado: 'retenida',
      importeDevuelto: '0',
      importeRetenido: '1500.00',
      motivoRetencion: 'Máquina no devuelta',
    });
    expect(dataOf<ConFianza>(retenida).fianza).toMatchObject({
      estado: 'retenida',
      importeDevuelto: '0.00',
      importeRetenido: '1500.00',
    });

    const entera = await conFianzaCobrada('2027-01-18', '2027-01-22');
    const devuelta = await t.api.put(`/api/alquileres/${entera._id}/fianza`, {
      version: entera.version,
      estado: 'devuelta',
    });
    expect(dataOf<ConFianza>(devuelta).fianza).toMatchObject({
      estado: 'devuelta',
      importeDevuelto: '1500.00',
      importeRetenido: '0.00',
      motivoRetencion: null,
    });
  });

  test('a devolución of a fianza never collected → 409 asking for the cobro first (pendiente), or saying there is none (no_requerida); nothing changes', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(
      alquilerBody(t, [lineaMaquina(mex._id, '2027-03-01', '2027-03-05')], {
        fianza: { importe: '800.00' },
      }),
    );
    const cancelado = dataOf<ConFianza>(
      await t.api.post(`/api/alquileres/${a._id}/cancelar`, {
        version: a.version,
        motivo: 'La obra se aplaza',
      }),
    );
    expect(cancelado.fianza.estado).toBe('pendiente');
    for (const estado of ['devuelta', 'retenida'] as const) {
      const r = await t.api.put(`/api/alquileres/${a._id}/fianza`, {
        version: cancelado.version,
        estado,
        importeDevuelto: estado === 'devuelta' ? '800.00' : '0',
        importeRetenido: estado === 'devuelta' ? '0' : '800.00',
        motivoRetencion: 'Sin cobro',
      });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe(
        'La fianza no se ha cobrado: registra el cobro antes de la devolución.',
      );
    }
    const despues = await leer(a._id);
    expect(despues.version).toBe(cancelado.version);
    expect((despues as ConFianza).fianza).toMatchObject({
      estado: 'pendiente',
      fechaDevolucion: null,
      importeDevuelto: null,
    });

    const otra = await nuevaMaquina(t);
    const sin = await crear(
      alquilerBody(t, [lineaMaquina(otra._id, '2027-03-01', '2027-03-05')], {
        fianza: { importe: '0' },
      }),
    );
    expect(sin.fianza.estado).toBe('no_requerida');
    const sinCancelado = dataOf<ConFianza>(
      await t.api.post(`/api/alquileres/${sin._id}/cancelar`, {
        version: sin.version,
        motivo: 'La obra se aplaza',
      }),
    );
    const r = await t.api.put(`/api/alquileres/${sin._id}/fianza`, {
      version: sinCancelado.version,
      estado: 'devuelta',
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('El alquiler no tiene fianza: no hay importe que devolver.');
  });

  test('"Activos entre" (§5): rentals whose period meets desde–hasta, both ends included, in the list and its CSV; "Emitido desde"/"hasta" on quotes by fechaEmision; hasta before desde → 400', async () => {
    const obra = `Obra fechas ${Date.now()}`;
    const mex = await nuevaMaquina(t);
    const numeros: string[] = [];
    for (const [desde, hasta] of [
      ['2027-02-01', '2027-02-05'],
      ['2027-02-10', '2027-02-15'],
      ['2027-02-20', '2027-02-25'],
    ] as const)
      numeros.push(
        (await crear(alquilerBody(t, [lineaMaquina(mex._id, desde, hasta)], { obraNombre: obra })))
          .numero,
      );
    const lista = async (filtros: string) => {
      const r = await t.api.get(
        `/api/alquileres?searchTerm=${encodeURIComponent(obra)}&sort=fechaInicio&${filtros}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{ data: { numero: string }[] }>().data.map((a) => a.numero);
    };
    expect(await lista('desde=2027-02-05&hasta=2027-02-10')).toEqual(numeros.slice(0, 2));
    expect(await lista('desde=2027-02-16')).toEqual(numeros.slice(2));
    expect(await lista('hasta=2027-02-09')).toEqual(numeros.slice(0, 1));
    const csv = await t.api.get(
      `/api/alquileres/export?searchTerm=${encodeURIComponent(obra)}&desde=2027-02-16`,
    );
    expect(csv.body).toContain(numeros[2]);
    expect(csv.body).not.toContain(numeros[0]);
    const mal = await t.api.get('/api/alquileres?desde=2027-02-10&hasta=2027-02-09');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().errors).toEqual(['hasta: La fecha final no puede ser anterior a la inicial']);

    const emitidos: string[] = [];
    try {
      for (const hoy of ['2026-03-02', '2026-03-05']) {
        t.setHoy(hoy);
        const creado = await t.api.post('/api/presupuestos', {
          ...alquilerBody(t, [lineaMaquina(mex._id, '2026-04-01', '2026-04-03')]),
          obraNombre: obra,
          fechaInicio: '2026-04-01',
          fechaFin: '2026-04-03',
        });
        expect(creado.statusCode, creado.body).toBe(201);
        const p = dataOf<Registro>(creado);
        const enviado = await t.api.post(`/api/presupuestos/${p._id}/enviar`, {
          version: p.version,
        });
        expect(enviado.statusCode, enviado.body).toBe(200);
        emitidos.push(dataOf<{ numero: string } & Registro>(enviado).numero);
      }
    } finally {
      t.setHoy('2026-03-01');
    }
    const presupuestos = async (filtros: string) => {
      const r = await t.api.get(
        `/api/presupuestos?searchTerm=${encodeURIComponent(obra)}&sort=fechaEmision&${filtros}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{ data: { numero: string }[] }>().data.map((p) => p.numero);
    };
    expect(await presupuestos('desde=2026-03-02&hasta=2026-03-04')).toEqual(emitidos.slice(0, 1));
    expect(await presupuestos('desde=2026-03-03')).toEqual(emitidos.slice(1));
    expect(await presupuestos('hasta=2026-03-05')).toEqual(emitidos);
    const malP = await t.api.get('/api/presupuestos/export?desde=2026-03-05&hasta=2026-03-04');
    expect(malP.statusCode).toBe(400);
    expect(malP.json().errors).toEqual([
      'hasta: La fecha final no puede ser anterior a la inicial',
    ]);
  });

  test('§10 the lists read as one statement: a search’s pages carry its total, a page past the end counts it apart, no match is 0; quotes come with their stored totals and no lines, rentals with material and estado', async () => {
    const obra = `Obra totales ${Date.now()}`;
    const mex = await nuevaMaquina(t);
    const comp = await nuevoComponente(t);
    const numeros: string[] = [];
    for (const [desde, hasta] of [
      ['2027-04-01', '2027-04-03'],
      ['2027-04-10', '2027-04-12'],
      ['2027-04-20', '2027-04-22'],
    ] as const)
      numeros.push(
        (
          await crear(
            alquilerBody(
              t,
              [
                lineaMaquina(mex._id, desde, hasta),
                {
                  clase: 'andamio',
                  componenteId: comp._id,
                  cantidad: '30',
                  fechaInicio: desde,
                  fechaFin: hasta,
                },
              ],
              { obraNombre: obra },
            ),
          )
        ).numero,
      );
    type Pagina = {
      data: { numero: string; estado: string; maquinas: number; piezas: number }[];
      meta: { page: number; limit: number; total: number; totalPages: number };
    };
    const alquileres = async (q: string) => {
      const r = await t.api.get(`/api/alquileres?${q}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<Pagina>();
    };
    const buscar = `searchTerm=${encodeURIComponent(obra)}&sort=fechaInicio&limit=2`;
    const primera = await alquileres(`${buscar}&page=1`);
    expect(primera.data.map((a) => [a.numero, a.estado, a.maquinas, a.piezas])).toEqual([
      [numeros[0], 'reservado', 1, 30],
      [numeros[1], 'reservado', 1, 30],
    ]);
    expect(primera.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect((await alquileres(`${buscar}&page=2`)).data.map((a) => a.numero)).toEqual([numeros[2]]);
    expect(await alquileres(`${buscar}&page=5`)).toEqual({
      data: [],
      meta: { page: 5, limit: 2, total: 3, totalPages: 2 },
    });
    expect((await alquileres('searchTerm=ninguna-obra-asi&page=1')).meta.total).toBe(0);
    expect((await alquileres('searchTerm=ninguna-obra-asi&page=3')).meta.total).toBe(0);

    for (const [desde, hasta] of [
      ['2027-04-01', '2027-04-03'],
      ['2027-04-10', '2027-04-12'],
      ['2027-04-20', '2027-04-22'],
    ] as const) {
      const creado = await t.api.post('/api/presupuestos', {
        ...alquilerBody(t, [lineaMaquina(mex._id, desde, hasta)], { obraNombre: obra }),
        fechaInicio: desde,
        fechaFin: hasta,
      });
      expect(creado.statusCode, creado.body).toBe(201);
    }
    const presupuestos = async (q: string) => {
      const r = await t.api.get(`/api/presupuestos?${q}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{
        data: { fechaInicio: string; base: string; lineas?: unknown }[];
        meta: Pagina['meta'];
      }>();
    };
    const buscarP = `searchTerm=${encodeURIComponent(obra)}&sort=-createdAt&limit=2`;
    const pagina1 = await presupuestos(`${buscarP}&page=1`);
    expect(pagina1.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(pagina1.data.map((p) => p.fechaInicio)).toEqual(['2027-04-20', '2027-04-10']);
    // Each quote of the page with the base it stored (3 días at 95 €), not its lines (§10).
    expect(pagina1.data.map((p) => [p.base, p.lineas])).toEqual([
      ['285.00', undefined],
      ['285.00', undefined],
    ]);
    expect((await presupuestos(`${buscarP}&page=2`)).data.map((p) => p.fechaInicio)).toEqual([
      '2027-04-01',
    ]);
    expect(await presupuestos(`${buscarP}&page=4`)).toEqual({
      data: [],
      meta: { page: 4, limit: 2, total: 3, totalPages: 2 },
    });
    expect((await presupuestos('searchTerm=ninguna-obra-asi&page=2')).meta.total).toBe(0);
  });

  test('§10 a renamed client: its rentals and quotes are found by the new name and documento, no longer by the old ones, and sort by the new name', async () => {
    const mex = await nuevaMaquina(t);
    const creado = await t.api.post('/api/clientes', {
      nombre: 'Excavaciones Tramuntana',
      documento: '44556677L',
      empresa: 'alquileres',
    });
    expect(creado.statusCode, creado.body).toBe(201);
    const cliente = dataOf<Registro>(creado);
    const otro = await t.crearCliente('Áridos Son Castelló');
    const cuerpo = (clienteId: string, desde: string, hasta: string) => ({
      ...alquilerBody(t, [lineaMaquina(mex._id, desde, hasta)], { clienteId }),
      fechaInicio: desde,
      fechaFin: hasta,
    });
    const alquiler = await crear(cuerpo(cliente._id, '2027-06-01', '2027-06-03'));
    await crear(cuerpo(otro, '2027-06-10', '2027-06-12'));
    const presupuesto = dataOf<Registro>(
      await t.api.post('/api/presupuestos', cuerpo(cliente._id, '2027-06-20', '2027-06-22')),
    );
    const encontrados = async (ruta: string, termino: string) =>
      (await t.api.get(`${ruta}?searchTerm=${encodeURIComponent(termino)}&limit=100`))
        .json<{ data: Registro[] }>()
        .data.map((r) => r._id);
    expect(await encontrados('/api/alquileres', 'tramuntana')).toEqual([alquiler._id]);

    const renombrado = await t.api.put(`/api/clientes/${cliente._id}`, {
      nombre: 'Movimientos de Tierra Ses Salines',
      documento: '33221100S',
      version: cliente.version,
    });
    expect(renombrado.statusCode, renombrado.body).toBe(200);
    for (const [ruta, id] of [
      ['/api/alquileres', alquiler._id],
      ['/api/presupuestos', presupuesto._id],
    ] as const) {
      expect(await encontrados(ruta, 'SES SALINES')).toEqual([id]);
      expect(await encontrados(ruta, '33221100s')).toEqual([id]);
      expect(await encontrados(ruta, 'Tramuntana')).toEqual([]);
      expect(await encontrados(ruta, '44556677L')).toEqual([]);
    }
    // Sorted by client, the renamed one now comes after "Áridos…" and before "Reformas…".
    const porCliente = (await t.api.get('/api/alquileres?estado=reservado&sort=cliente&limit=100'))
      .json<{ data: { cliente: string }[] }>()
      .data.map((a) => a.cliente);
    expect(porCliente).toContain('Movimientos de Tierra Ses Salines');
    expect(porCliente).toEqual(
      [...porCliente].sort((a, b) =>
        a.localeCompare(b, 'es', { sensitivity: 'base', ignorePunctuation: true }),
      ),
    );
  });

  test('§10 a page without a search counts its matches apart and still pages in order: every quote, by estado, by total; open rentals by client', async () => {
    const mex = await nuevaMaquina(t);
    for (const [desde, hasta] of [
      ['2027-05-01', '2027-05-03'],
      ['2027-05-10', '2027-05-14'],
      ['2027-05-20', '2027-05-30'],
    ] as const) {
      const cuerpo = alquilerBody(t, [lineaMaquina(mex._id, desde, hasta)]);
      await crear(cuerpo);
      const creado = await t.api.post('/api/presupuestos', {
        ...cuerpo,
        fechaInicio: desde,
        fechaFin: hasta,
      });
      expect(creado.statusCode, creado.body).toBe(201);
    }
    const contar = async (consulta: ReturnType<typeof sql>) =>
      Number(
        (
          (await t.database.db.execute(consulta)) as unknown as {
            rows: { n: number | string }[];
          }
        ).rows[0]?.n,
      );
    const todas = async (ruta: string) => {
      const ids: string[] = [];
      let total: number | undefined;
      for (let page = 1; ; page += 1) {
        const r = await t.api.get(`${ruta}&limit=2&page=${page}`);
        expect(r.statusCode, r.body).toBe(200);
        const { data, meta } = r.json<{ data: Registro[]; meta: { total: number } }>();
        total ??= meta.total;
        expect(meta.total).toBe(total);
        if (data.length === 0) break;
        ids.push(...data.map((d) => d._id));
      }
      return { ids, total };
    };
    const casos = [
      ['/api/presupuestos?sort=-createdAt', sql`select count(*) as n from presupuestos`],
      [
        '/api/presupuestos?estado=borrador&sort=-total',
        sql`select count(*) as n from presupuestos where estado = 'borrador'`,
      ],
      [
        '/api/alquileres?estado=reservado&sort=cliente',
        sql`select count(*) as n from alquileres where estado = 'reservado'`,
      ],
    ] as const;
    for (const [ruta, consulta] of casos) {
      const { ids, total } = await todas(ruta);
      const esperado = await contar(consulta);
      expect(esperado).toBeGreaterThanOrEqual(3);
      expect({ ruta, total, distintos: new Set(ids).size }).toEqual({
        ruta,
        total: esperado,
        distintos: esperado,
      });
    }
  });

  test('R23 under concurrency: with 199 files, two simultaneous uploads → one 201 and one 409, 200 files and one history row', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2027-03-01', '2027-03-05')]));
    const url = `/api/alquileres/${a._id}/archivos`;
    await t.database.db.execute(sql`
      insert into archivos (recurso, registro_id, empresa, nombre, mime, tamano, sha256, carpeta)
      select 'alquiler', ${a._id}, 'alquileres', 'relleno-' || n || '.pdf', 'application/pdf', 10, 'x', 'otros'
      from generate_series(1, 199) n`);
    const subida = (n: number) =>
      t.api.upload(
        url,
        { carpeta: 'incidencias' },
        { nombre: `parte-${n}.pdf`, contenido: Buffer.from(`%PDF-1.7\n% ${n}\n`) },
      );
    const respuestas = await Promise.all([subida(1), subida(2)]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(respuestas.find((r) => r.statusCode === 409)?.json().message).toBe(
      'El alquiler ya tiene 200 archivos; elimina alguno antes de subir más.',
    );
    const { data } = (await t.api.get(url)).json<{
      data: { carpetas: { carpeta: string; total: number }[] };
    }>();
    expect(data.carpetas).toEqual([
      { carpeta: 'incidencias', total: 1 },
      { carpeta: 'otros', total: 199 },
    ]);
    const historial = (await t.api.get(`/api/alquileres/${a._id}/historial?limit=50`)).json<{
      data: { cambios: { campo: string }[] }[];
    }>().data;
    expect(historial.filter((h) => h.cambios.some((c) => c.campo === 'archivo'))).toHaveLength(1);
  });

  test('a deletion and its history row "Archivo eliminado: {nombre}" are one transaction: when the row cannot be written the file stays', async () => {
    const mex = await nuevaMaquina(t);
    const a = await crear(alquilerBody(t, [lineaMaquina(mex._id, '2027-03-08', '2027-03-12')]));
    const url = `/api/alquileres/${a._id}/archivos`;
    const pdf = { nombre: 'acta.pdf', contenido: Buffer.from('%PDF-1.7\n% acta final\n') };
    const subido = dataOf<Registro>(await t.api.upload(url, {}, pdf));
    await t.database.db.execute(
      sql.raw(`create or replace function historial_caido() returns trigger language plpgsql as
        $$ begin raise exception 'historial caído'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger historial_caido before insert on historial for each row
        when (new.registro_id::text = '${a._id}') execute function historial_caido()`),
    );
    try {
      expect((await t.api.delete(`${url}/${subido._id}`)).statusCode).toBe(500);
      expect((await t.api.get(`${url}/${subido._id}/descarga`)).statusCode).toBe(200);
      expect((await t.api.upload(url, {}, pdf)).statusCode).toBe(500);
      expect(
        (await t.api.get(url)).json<{ data: { archivos: unknown[] } }>().data.archivos,
      ).toHaveLength(1);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger historial_caido on historial'));
      await t.database.db.execute(sql.raw('drop function historial_caido()'));
    }
    expect((await t.api.delete(`${url}/${subido._id}`)).statusCode).toBe(204);
    const [fila] = (await t.api.get(`/api/alquileres/${a._id}/historial?limit=1`)).json<{
      data: { cambios: { campo: string; anterior: unknown; nuevo: unknown }[] }[];
    }>().data;
    expect(fila?.cambios).toEqual([{ campo: 'archivo', anterior: 'acta.pdf', nuevo: null }]);
  });
});
