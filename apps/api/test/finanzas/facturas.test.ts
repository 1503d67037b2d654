import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  facturasEmitidasEntre,
  facturasEmitidasPorLotes,
} from '../../src/modules/finanzas/facturas.repository.js';
import { pdfPages } from '../helpers/pdf-text.js';
import {
  borrador,
  createFinanzasTest,
  dataOf,
  emitida,
  emitir,
  linea,
  type FacturaLeida,
  type FinanzasTest,
} from './finanzas-helpers.js';

// finanzas.md §9 scenarios 2, 4, 5, 7–10, 14 (API, clock fixed, VERIFACTU_ENVIO=simulado):
// emission with number and VERI*FACTU record in one transaction, the chain, cobros, vencida,
// anulación, and 50 concurrent issues in one series.

const STALE = 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.';

let t: FinanzasTest;
let ferrer: string;
let hotel: string;
let miquel: string;
beforeAll(async () => {
  t = await createFinanzasTest('2026-03-02T10:15:00+01:00');
  ferrer = await t.crearCliente('Construcciones Ferrer Pons, S.L.', { documento: 'B07987654' });
  hotel = await t.crearCliente('Hotel Cala Major, S.A.', { documento: 'A07334410' });
  miquel = await t.crearCliente('Miquel Oliver Riera', { direccion: false });
  const r = await t.api.put(`/api/facturas/condiciones-cliente/${hotel}`, {
    diasVencimiento: 15,
    version: 0,
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const lineasEscenario2 = [linea('690'), linea('85'), linea('33.3333', { cantidad: '3' })];

describe('finanzas.md §9', () => {
  test('escenario 2: the first issue is F2026-00001 with its totals, due date, first record and QR in the PDF', async () => {
    const f = await borrador(t, hotel, lineasEscenario2);
    expect(f.numero).toBeNull();
    const r = await emitir(t, f);
    expect(r.statusCode, r.body).toBe(200);
    const e = dataOf<FacturaLeida>(r);
    expect(e).toMatchObject({
      numero: 'F2026-00001',
      estado: 'emitida',
      baseImponible: '875.00',
      cuotaIva: '183.75',
      importeTotal: '1058.75',
      fechaExpedicion: '2026-03-02',
      fechaVencimiento: '2026-03-17',
    });
    expect(e.verifactu?.huella).toBe(
      '9D672F477E4C2676500765E84DBF99E240C5CB614DE71A47F78D7DAAFE371189',
    );
    expect(e.verifactu?.estado).toBe('aceptado');
    const registros = await t.api.get(
      `/api/verifactu/registros?empresa=alquileres&facturaId=${e._id}`,
    );
    expect(registros.statusCode, registros.body).toBe(200);
    const [registro] =
      dataOf<{ contenido?: unknown; huellaAnterior: string | null; cadena: string }[]>(registros);
    expect(registro?.huellaAnterior).toBeNull();
    expect(registro?.cadena).toContain('&Huella=&');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/facturas/${e._id}/pdf`,
      headers: { authorization: `Bearer ${await t.tokens.forRoles(['administracion'])}` },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(texto).toContain('QR tributario:');
    expect(texto).toContain('VERI*FACTU');
    expect(texto.replace(/\s+/g, '')).toContain(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B07654320&numserie=F2026-00001&fecha=02-03-2026&importe=1058.75',
    );
    expect(texto).toContain('FACTURA');
    expect(texto).toContain('Transferencia bancaria a IBAN ES60 0081 0573 8800 0123 4567');
  });

  test('escenario 6 (PDF): ISP legend and S2 group for servicio_obra lines', async () => {
    const f = await emitida(t, ferrer, [
      linea('516', { naturaleza: 'alquiler' }),
      linea('170', { naturaleza: 'transporte' }),
      linea('1050', { naturaleza: 'servicio_obra', tratamiento: 'isp' }),
    ]);
    expect(f.importeTotal).toBe('1880.06');
    expect(f.desglose).toEqual([
      expect.objectContaining({ calificacion: 'S1', base: '686.00', cuota: '144.06' }),
      expect.objectContaining({ calificacion: 'S2', tipoIva: 0, base: '1050.00', cuota: '0.00' }),
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/facturas/${f._id}/pdf`,
      headers: { authorization: `Bearer ${await t.tokens.forRoles(['administracion'])}` },
    });
    expect((await pdfPages(pdf.rawPayload)).join('\n')).toContain(
      'Inversión del sujeto pasivo (art. 84.Uno.2º.f Ley 37/1992)',
    );
  });

  test('escenario 7: a client without NIF gets only simplified invoices up to 400,00 €', async () => {
    const f2 = await borrador(t, miquel, [linea('65')], { tipoFactura: 'F2' });
    const ok = await emitir(t, f2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf<FacturaLeida>(ok)).toMatchObject({
      numero: 'FS2026-00001',
      importeTotal: '78.65',
    });
    const f1 = await borrador(t, miquel, [linea('65')]);
    const sinNif = await emitir(t, f1);
    expect(sinNif.statusCode).toBe(400);
    expect(sinNif.json().errors).toEqual([
      'clienteId: El cliente no tiene NIF: emite una factura simplificada (hasta 400,00 €) o completa su ficha',
    ]);
    const grande = await borrador(t, miquel, [linea('330.59')], { tipoFactura: 'F2' });
    const r = await emitir(t, grande);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual([
      'tipoFactura: Una factura simplificada no puede superar 400,00 € IVA incluido (art. 4 RD 1619/2012)',
    ]);
    // Nothing consumed: the next F2 is still FS2026-00002.
    const otra = await borrador(t, miquel, [linea('10')], { tipoFactura: 'F2' });
    expect(dataOf<FacturaLeida>(await emitir(t, otra)).numero).toBe('FS2026-00002');
  });

  test('escenario 8: stale version → 409; an issued invoice cannot be edited or deleted', async () => {
    let f = await borrador(t, hotel, [linea('10')]);
    for (const precio of ['11', '12']) {
      const r = await t.api.put(`/api/facturas/${f._id}`, {
        clienteId: hotel,
        lineas: [linea(precio)],
        version: f.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      f = dataOf<FacturaLeida>(r);
    }
    expect(f.version).toBe(3);
    const stale = await t.api.put(`/api/facturas/${f._id}`, {
      clienteId: hotel,
      lineas: [linea('13')],
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE });
    const e = dataOf<FacturaLeida>(await emitir(t, f));
    const put = await t.api.put(`/api/facturas/${e._id}`, {
      clienteId: hotel,
      lineas: [linea('1')],
      version: e.version,
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(
      'Las facturas emitidas no se pueden modificar. Emite una nota de abono.',
    );
    const del = await t.api.delete(`/api/facturas/${e._id}?version=${e.version}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Solo se pueden eliminar borradores.');
    const leida = dataOf<FacturaLeida>(await t.api.get(`/api/facturas/${e._id}`));
    expect(leida).toMatchObject({ estado: 'emitida', baseImponible: '12.00', version: e.version });
  });

  test('escenario 9: cobros 500,00 then 558,75 → cobrada; 0,01 more and efectivo → 409', async () => {
    let f = await emitida(t, hotel, lineasEscenario2);
    const cobro = (importe: string, medio = 'transferencia') =>
      t.api.post(`/api/facturas/${f._id}/cobros`, {
        fecha: '2026-03-02',
        importe,
        medio,
        version: f.version,
      });
    const efectivo = await cobro('10.00', 'efectivo');
    expect(efectivo.statusCode, efectivo.body).toBe(409);
    expect(efectivo.json().message).toBe(
      'No se admiten pagos en efectivo en operaciones de 1.000 € o más (art. 7 Ley 7/2012).',
    );
    const a = await cobro('500.00');
    expect(a.statusCode, a.body).toBe(201);
    f = dataOf<FacturaLeida>(a);
    expect(f).toMatchObject({ pendiente: '558.75', estado: 'emitida' });
    const mas = await cobro('558.76');
    expect(mas.statusCode).toBe(409);
    expect(mas.json().message).toBe('El cobro supera el importe pendiente (558,75 €).');
    f = dataOf<FacturaLeida>(await cobro('558.75'));
    expect(f).toMatchObject({ pendiente: '0.00', estado: 'cobrada' });
    expect((await cobro('0.01')).statusCode).toBe(409);
  });

  test('escenario 14: anulación records a chained anulación; the number stays used; an empleado gets 403', async () => {
    const f = await emitida(t, hotel, [linea('100')]);
    const empleado = await t.api.post(
      `/api/facturas/${f._id}/anular`,
      { motivo: 'Duplicada', version: f.version },
      'empleado',
    );
    expect(empleado.statusCode).toBe(403);
    const r = await t.api.post(`/api/facturas/${f._id}/anular`, {
      motivo: 'Duplicada',
      version: f.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(dataOf<FacturaLeida>(r)).toMatchObject({ estado: 'anulada', numero: f.numero });
    const registros = dataOf<{ tipo: string; huellaAnterior: string; huella: string }[]>(
      await t.api.get(`/api/verifactu/registros?empresa=alquileres&facturaId=${f._id}&sort=orden`),
    );
    expect(registros.map((x) => x.tipo)).toEqual(['alta', 'anulacion']);
    expect(registros[1]?.huellaAnterior).toBe(registros[0]?.huella);
    const siguiente = await emitida(t, hotel, [linea('1')]);
    expect(Number(siguiente.numero?.slice(-5))).toBe(Number(f.numero?.slice(-5)) + 1);
    const libro = await t.api.get(
      '/api/fiscal/libro-expedidas?empresa=alquileres&ejercicio=2026&periodo=1T',
    );
    expect(libro.statusCode, libro.body).toBe(200);
    expect(libro.body).not.toContain(f.numero as string);
    // §10: the book streams in keyset batches; one invoice a batch reads each once, in order.
    await emitida(t, hotel, [linea('2')]);
    const todas = await facturasEmitidasEntre(
      t.database.db,
      'alquileres',
      '2026-01-01',
      '2026-03-31',
    );
    const porLotes: string[] = [];
    for await (const lote of facturasEmitidasPorLotes(
      t.database,
      'alquileres',
      '2026-01-01',
      '2026-03-31',
      1,
    ))
      porLotes.push(...lote.map((x) => x.id));
    expect(todas.length).toBeGreaterThan(1);
    expect(porLotes).toEqual(todas.map((x) => x.id));
  });

  test("§5 VERI*FACTU tab: the document's records with their hashed string and last envío, and its QR", async () => {
    const f = await borrador(t, hotel, [linea('100')]);
    const vacio = await t.api.get(`/api/facturas/${f._id}/verifactu`);
    expect(vacio.statusCode, vacio.body).toBe(200);
    expect(dataOf(vacio)).toEqual({ registros: [], qr: null });

    const e = dataOf<FacturaLeida>(await emitir(t, f));
    const r = await t.api.get(`/api/facturas/${f._id}/verifactu`, 'empleado');
    expect(r.statusCode, r.body).toBe(200);
    const { registros, qr } = dataOf<{
      registros: {
        orden: number;
        tipo: string;
        cadena: string;
        huella: string;
        huellaAnterior: string | null;
        estado: string;
        fechaHoraHusoGenRegistro: string;
      }[];
      qr: { url: string; svg: string } | null;
    }>(r);
    expect(registros).toHaveLength(1);
    const [alta] = registros;
    expect(alta).toMatchObject({
      tipo: 'alta',
      estado: 'aceptado',
      huella: e.verifactu?.huella,
      fechaHoraHusoGenRegistro: '2026-03-02T10:15:00+01:00',
    });
    expect(typeof alta?.orden).toBe('number');
    expect(alta?.cadena).toBe(
      `IDEmisorFactura=B07654320&NumSerieFactura=${e.numero}&FechaExpedicionFactura=02-03-2026&TipoFactura=F1&CuotaTotal=21.00&ImporteTotal=121.00&Huella=${alta?.huellaAnterior ?? ''}&FechaHoraHusoGenRegistro=2026-03-02T10:15:00+01:00`,
    );
    expect(
      createHash('sha256')
        .update(alta?.cadena ?? '')
        .digest('hex')
        .toUpperCase(),
    ).toBe(alta?.huella);
    expect(qr?.url).toBe(e.verifactu?.qrUrl);
    expect(qr?.url).toContain(`numserie=${e.numero}`);
    expect(qr?.svg).toMatch(/^<svg[^>]*>/);

    // Another empresa's user reads neither the invoice nor its records; a nota path, no invoice.
    expect((await t.api.get(`/api/facturas/${f._id}/verifactu`, 'transportes')).statusCode).toBe(
      403,
    );
    expect((await t.api.get(`/api/notas/${f._id}/verifactu`)).statusCode).toBe(404);
  });

  test('§6 emitir-lote ("Emitir seleccionadas"): the drafts named by id are issued without a version; each refusal is listed', async () => {
    const a = await borrador(t, hotel, [linea('10')]);
    const b = await borrador(t, hotel, [linea('20')]);
    const sinNif = await borrador(t, miquel, [linea('30')]);
    const yaEmitida = await emitida(t, hotel, [linea('40')]);
    const r = await t.api.post('/api/facturas/emitir-lote', {
      ids: [a._id, sinNif._id, b._id, yaEmitida._id],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { data, errores } = r.json() as {
      data: { id: string; numero: string }[];
      errores: { id: string; message: string }[];
    };
    expect(data.map((d) => d.id)).toEqual([a._id, b._id]);
    const [na, nb] = data.map((d) => Number(d.numero.slice(-5)));
    expect(nb).toBe((na ?? 0) + 1);
    expect(errores).toEqual([
      { id: sinNif._id, message: expect.stringContaining('clienteId: El cliente no tiene NIF') },
      { id: yaEmitida._id, message: 'Solo se pueden emitir borradores.' },
    ]);
    const leida = dataOf<FacturaLeida>(await t.api.get(`/api/facturas/${a._id}`));
    expect(leida).toMatchObject({ estado: 'emitida', numero: data[0]?.numero });
    expect(dataOf<FacturaLeida>(await t.api.get(`/api/facturas/${sinNif._id}`)).estado).toBe(
      'borrador',
    );
    // Another empresa's user issues nothing of alquileres.
    const c = await borrador(t, hotel, [linea('50')]);
    const ajeno = await t.api.post('/api/facturas/emitir-lote', { ids: [c._id] }, 'transportes');
    expect(ajeno.statusCode, ajeno.body).toBe(200);
    expect((ajeno.json() as { data: unknown[]; errores: unknown[] }).data).toEqual([]);
    expect((ajeno.json() as { errores: unknown[] }).errores).toHaveLength(1);
  });

  test('escenario 10: vencida from the day after the due date', async () => {
    t.setAhora('2026-03-02T11:00:00+01:00');
    const f = await emitida(t, ferrer, [linea('50')], { diasVencimiento: 30 });
    expect(f.fechaVencimiento).toBe('2026-04-01');
    const ids = async () =>
      dataOf<FacturaLeida[]>(
        await t.api.get('/api/facturas?empresa=alquileres&estado=vencida&limit=100'),
      ).map((x) => x._id);
    t.setAhora('2026-04-01T12:00:00+02:00');
    expect(await ids()).not.toContain(f._id);
    t.setAhora('2026-04-02T12:00:00+02:00');
    expect(await ids()).toContain(f._id);
    expect(dataOf<FacturaLeida>(await t.api.get(`/api/facturas/${f._id}`)).vencida).toBe(true);
  });

  test('escenario 4: 20 drafts issued concurrently get F2028-00001…00020 with an unbroken chain', async () => {
    t.setAhora('2028-05-10T09:00:00+02:00');
    const drafts = await Promise.all(
      Array.from({ length: 20 }, () => borrador(t, hotel, [linea('10')])),
    );
    const results = await Promise.all(drafts.map((d) => emitir(t, d)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numeros = results.map((r) => dataOf<FacturaLeida>(r).numero).sort();
    expect(numeros).toEqual(
      Array.from({ length: 20 }, (_, i) => `F2028-${String(i + 1).padStart(5, '0')}`),
    );
    const v = await t.api.post('/api/verifactu/verificar-cadena', { empresa: 'alquileres' });
    expect(v.statusCode, v.body).toBe(200);
    expect(dataOf<{ integra: boolean }>(v).integra).toBe(true);
  });

  test('50 concurrent issues in one series: gap-free sequence and unbroken hash chain', async () => {
    t.setAhora('2029-02-01T09:00:00+01:00');
    const drafts = await Promise.all(
      Array.from({ length: 50 }, () => borrador(t, ferrer, [linea('1')])),
    );
    const results = await Promise.all(drafts.map((d) => emitir(t, d)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const nums = results
      .map((r) => Number(dataOf<FacturaLeida>(r).numero?.slice(-5)))
      .sort((a, b) => a - b);
    expect(nums).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const registros = await t.database.db.execute(
      sql`select huella, huella_anterior from verifactu_registros where nif = 'B07654320' order by orden`,
    );
    const filas = (
      registros as unknown as { rows: { huella: string; huella_anterior: string | null }[] }
    ).rows;
    for (let i = 1; i < filas.length; i += 1)
      expect(filas[i]?.huella_anterior).toBe(filas[i - 1]?.huella);
    const v = await t.api.post('/api/verifactu/verificar-cadena', { empresa: 'alquileres' });
    expect(dataOf<{ integra: boolean; registros: number }>(v)).toMatchObject({ integra: true });
  });

  test('escenario 5: after F2026-00140 an issue at 2027-01-01T00:05+01:00 is F2027-00001, chained', async () => {
    await t.database.db.execute(
      sql`update contadores_documentos set ultimo = 140 where empresa = 'alquileres' and tipo = 'factura' and anio = 2026`,
    );
    t.setAhora('2026-12-31T18:00:00+01:00');
    expect((await emitida(t, hotel, [linea('1')])).numero).toBe('F2026-00141');
    t.setAhora('2027-01-01T00:05:00+01:00');
    const f = await emitida(t, hotel, [linea('1')]);
    expect(f.numero).toBe('F2027-00001');
    const [registro] = dataOf<
      { huellaAnterior: string | null; fechaHoraHusoGenRegistro: string }[]
    >(await t.api.get(`/api/verifactu/registros?empresa=alquileres&facturaId=${f._id}`));
    expect(registro?.huellaAnterior).toMatch(/^[0-9A-F]{64}$/);
    expect(registro?.fechaHoraHusoGenRegistro).toBe('2027-01-01T00:05:00+01:00');
  });

  test('the emisor NIF cannot change once a VERI*FACTU record has it', async () => {
    const actual = dataOf<
      Record<string, unknown> & { version: number; direccion: Record<string, unknown> }
    >(await t.api.get('/api/facturas/emisores/alquileres'));
    const { empresa: _e, version, direccion, ...resto } = actual;
    const r = await t.api.put('/api/facturas/emisores/alquileres', {
      ...resto,
      nif: 'B07123458',
      direccion: {
        ...direccion,
        pais: undefined,
        provincia: undefined,
        municipio: undefined,
        ciudad: undefined,
        calle: undefined,
        codigoPostal: undefined,
      },
      version,
    });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toBe(
      'No se puede cambiar el NIF del emisor: ya tiene registros VERI*FACTU.',
    );
  });

  test('§10 list footer: without filters or by estado it comes from facturas_sumas, equal to summing the matching invoices, through drafts, a deleted draft, issues, cobros, an anulación and overdue ones', async () => {
    t.setAhora('2026-03-05T10:00:00+01:00');
    const borrado = await borrador(t, miquel, [linea('70')]);
    const del = await t.api.delete(`/api/facturas/${borrado._id}?version=${borrado.version}`);
    expect(del.statusCode, del.body).toBe(204);
    await borrador(t, miquel, [linea('30')]);
    const vence = await emitida(t, ferrer, [linea('120')], { diasVencimiento: 1 });
    const cobrada = await emitida(t, ferrer, [linea('80')]);
    const cobro = await t.api.post(`/api/facturas/${cobrada._id}/cobros`, {
      fecha: '2026-03-05',
      importe: '40.00',
      medio: 'transferencia',
      version: cobrada.version,
    });
    expect(cobro.statusCode, cobro.body).toBe(201);
    const anulada = await emitida(t, hotel, [linea('15')]);
    const an = await t.api.post(`/api/facturas/${anulada._id}/anular`, {
      motivo: 'Duplicada',
      version: anulada.version,
    });
    expect(an.statusCode, an.body).toBe(200);
    t.setAhora('2026-03-20T10:00:00+01:00');
    expect(vence.fechaVencimiento).toBe('2026-03-06');

    // The counters are the invoices' own sums, estado by estado.
    const filas = async (q: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(
      await filas(
        sql`select empresa, clase, estado, n::int, base::text, importe::text, pendiente::text
            from facturas_sumas where n <> 0 order by 1, 2, 3`,
      ),
    ).toEqual(
      await filas(
        sql`select empresa, clase, estado, count(*)::int as n,
              sum(base_imponible)::numeric(18,2)::text as base,
              sum(importe_total)::numeric(18,2)::text as importe,
              sum(pendiente)::numeric(18,2)::text as pendiente
            from facturas group by 1, 2, 3 order by 1, 2, 3`,
      ),
    );
    // The answer from the counters equals the answer summed over the rows (a date filter that
    // keeps every invoice takes that path).
    const meta = async (url: string) => r200(await t.api.get(url)).json().meta;
    const r200 = <R extends { statusCode: number; body: string }>(r: R) => {
      expect(r.statusCode, r.body).toBe(200);
      return r;
    };
    for (const base of ['/api/facturas?empresa=alquileres', '/api/notas?empresa=alquileres'])
      for (const estado of ['', 'borrador', 'emitida', 'vencida', 'cobrada', 'anulada']) {
        const url = `${base}&limit=1${estado ? `&estado=${estado}` : ''}`;
        expect(await meta(url), url).toEqual(await meta(`${url}&desde=2000-01-01`));
      }
    const todas = await meta('/api/facturas?empresa=alquileres&limit=1');
    expect(Number(todas.sumas.vencido)).toBeGreaterThanOrEqual(145.2);
    expect(todas.sumas).toEqual({
      base: expect.stringMatching(/^\d+\.\d\d$/),
      total: expect.stringMatching(/^\d+\.\d\d$/),
      pendiente: expect.stringMatching(/^\d+\.\d\d$/),
      vencido: expect.stringMatching(/^\d+\.\d\d$/),
    });
  });

  test('the append-only trigger refuses to change a VERI*FACTU record', async () => {
    await expect(
      t.database.db.execute(sql`update verifactu_registros set huella = huella`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from verifactu_registros`)).rejects.toThrow();
  });
});
