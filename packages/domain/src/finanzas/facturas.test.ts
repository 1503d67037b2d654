import { describe, expect, it } from 'vitest';
import { calcularCompra } from './compras.js';
import { calcularFactura, esVencida, lineaFacturaInputSchema } from './facturas.js';
import {
  cadenaAlta,
  cadenaAnulacion,
  fechaHoraMadrid,
  huella,
  urlQr,
  verificarCadena,
} from './verifactu.js';
import { sha256Hex } from './sha256.js';

describe('finanzas.md rule 1: invoice arithmetic', () => {
  it('escenario 1: 2 × 1,25 € at 21 % → base 2,50, cuota 0,53, total 3,03; 3 × 33,3333 → 100,00', () => {
    const t = calcularFactura([{ cantidad: '2', precioUnitario: '1.25', tipoIva: 21 }]);
    expect([t.baseImponible, t.cuotaIva, t.importeTotal]).toEqual(['2.50', '0.53', '3.03']);
    expect(
      calcularFactura([{ cantidad: '3', precioUnitario: '33.3333', tipoIva: 21 }]).baseImponible,
    ).toBe('100.00');
  });

  it('rounds half away from zero (−0,025 → −0,03)', () => {
    expect(
      calcularFactura([{ cantidad: '-1', precioUnitario: '0.025', tipoIva: 0 }]).bases,
    ).toEqual(['-0.03']);
  });

  it('escenario 2 amounts: 690 + 85 + 3 × 33,3333 → 875,00 / 183,75 / 1.058,75', () => {
    const t = calcularFactura([
      { cantidad: '1', precioUnitario: '690', tipoIva: 21 },
      { cantidad: '1', precioUnitario: '85', tipoIva: 21 },
      { cantidad: '3', precioUnitario: '33.3333', tipoIva: 21 },
    ]);
    expect([t.baseImponible, t.cuotaIva, t.importeTotal]).toEqual(['875.00', '183.75', '1058.75']);
  });

  it('escenario 6: S1 21 % 686,00/144,06 and S2 1.050,00/0,00, total 1.880,06', () => {
    const t = calcularFactura([
      { cantidad: '1', precioUnitario: '516', tipoIva: 21, naturaleza: 'alquiler' },
      { cantidad: '1', precioUnitario: '170', tipoIva: 21, naturaleza: 'transporte' },
      {
        cantidad: '1',
        precioUnitario: '1050',
        tipoIva: 21,
        tratamiento: 'isp',
        naturaleza: 'servicio_obra',
      },
    ]);
    expect(t.desglose).toEqual([
      {
        calificacion: 'S1',
        exencion: null,
        tipoIva: 21,
        base: '686.00',
        cuota: '144.06',
        tipoRecargo: null,
        cuotaRecargo: '0.00',
      },
      {
        calificacion: 'S2',
        exencion: null,
        tipoIva: 0,
        base: '1050.00',
        cuota: '0.00',
        tipoRecargo: null,
        cuotaRecargo: '0.00',
      },
    ]);
    expect([t.cuotaIva, t.importeTotal]).toEqual(['144.06', '1880.06']);
  });

  it('recargo only on venta lines, retention not subtracted from importeTotal', () => {
    const t = calcularFactura(
      [
        { cantidad: '1', precioUnitario: '100', tipoIva: 21, naturaleza: 'venta' },
        { cantidad: '1', precioUnitario: '100', tipoIva: 21, naturaleza: 'alquiler' },
      ],
      { recargoEquivalencia: true, retencionPct: '15' },
    );
    expect([t.cuotaRecargo, t.importeTotal, t.retencion, t.totalAPagar]).toEqual([
      '5.20',
      '247.20',
      '30.00',
      '217.20',
    ]);
  });

  it('exenta and no sujeta lines carry their causa and 0 %', () => {
    const t = calcularFactura([
      { cantidad: '1', precioUnitario: '300', tipoIva: 21, tratamiento: 'no_sujeta', causa: 'N1' },
      { cantidad: '1', precioUnitario: '50', tipoIva: 21, tratamiento: 'exenta', causa: 'E1' },
    ]);
    expect(t.desglose.map((d) => [d.calificacion, d.exencion, d.tipoIva, d.cuota])).toEqual([
      ['N1', null, 0, '0.00'],
      [null, 'E1', 0, '0.00'],
    ]);
  });

  it('rule 5: vencida from the day after fechaVencimiento (escenario 10)', () => {
    const f = { estado: 'emitida', fechaVencimiento: '2026-04-01', pendiente: '10.00' };
    expect(esVencida(f, '2026-04-01')).toBe(false);
    expect(esVencida(f, '2026-04-02')).toBe(true);
    expect(esVencida({ ...f, pendiente: '0.00' }, '2026-04-02')).toBe(false);
  });

  it('escenario 17 (rule 15): compra base 300, 21 %, retención 15 % → 363,00 / 63,00 / 318,00', () => {
    const c = calcularCompra(
      [{ base: '300.00', tipoIva: 21, tratamiento: 'general', deduciblePct: '100' }],
      { retencionPct: '15' },
    );
    expect([c.importeTotal, c.cuotaDeducible, c.totalAPagar]).toEqual([
      '363.00',
      '63.00',
      '318.00',
    ]);
  });
});

describe('lineaFacturaInputSchema (issue 20)', () => {
  it('a quantity or discount not written as a number gets its message, not a thrown error', () => {
    const r = lineaFacturaInputSchema.safeParse({
      descripcion: 'Tablones',
      cantidad: 'dos',
      precioUnitario: '10',
      descuentoPct: 'mucho',
    });
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      [
        'cantidad: La cantidad debe ser un número con hasta 4 decimales',
        'descuentoPct: El descuento debe ser un número con hasta 4 decimales',
      ],
    );
  });
});

describe('finanzas.md rule 11: VERI*FACTU chain', () => {
  it('sha256 matches the standard vectors', () => {
    expect(sha256Hex('abc')).toBe(
      'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD',
    );
    expect(sha256Hex('')).toBe('E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855');
    expect(sha256Hex('ñ€'.repeat(50))).toBe(
      'E40F4214F01D1F108EF21DA773C25A34E4149700D0E5D94128ABF413CCE53824',
    );
  });

  it('escenario 3: the three official AEAT vectors', () => {
    const primera = cadenaAlta({
      nif: '89890001K',
      numSerieFactura: '12345678/G33',
      fechaExpedicion: '2024-01-01',
      tipoFactura: 'F1',
      cuotaTotal: '12.35',
      importeTotal: '123.45',
      huellaAnterior: '',
      fechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
    });
    expect(primera).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    const h1 = huella(primera);
    expect(h1).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
    const segunda = cadenaAlta({
      nif: '89890001K',
      numSerieFactura: '12345679/G34',
      fechaExpedicion: '2024-01-01',
      tipoFactura: 'F1',
      cuotaTotal: '12.35',
      importeTotal: '123.45',
      huellaAnterior: h1,
      fechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
    });
    const h2 = huella(segunda);
    expect(h2).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
    const anulacion = cadenaAnulacion({
      nif: '89890001K',
      numSerieFactura: '12345679/G34',
      fechaExpedicion: '2024-01-01',
      huellaAnterior: h2,
      fechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
    });
    const h3 = huella(anulacion);
    expect(h3).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
    const registros = [
      {
        orden: 1,
        tipo: 'alta' as const,
        numSerieFactura: '12345678/G33',
        cadena: primera,
        huella: h1,
        huellaAnterior: null,
      },
      {
        orden: 2,
        tipo: 'alta' as const,
        numSerieFactura: '12345679/G34',
        cadena: segunda,
        huella: h2,
        huellaAnterior: h1,
      },
      {
        orden: 3,
        tipo: 'anulacion' as const,
        numSerieFactura: '12345679/G34',
        cadena: anulacion,
        huella: h3,
        huellaAnterior: h2,
      },
    ];
    expect(verificarCadena(registros)).toEqual({ registros: 3, integra: true });
    expect(
      verificarCadena(
        registros.map((r) =>
          r.orden === 2 ? { ...r, cadena: r.cadena.replace('123.45', '123.46') } : r,
        ),
      ),
    ).toEqual({ registros: 3, integra: false, primerError: { orden: 2, numero: '12345679/G34' } });
  });

  it('amounts with "." and two decimals, negative notas included (escenario 11)', () => {
    expect(
      cadenaAlta({
        nif: 'B07654320',
        numSerieFactura: 'R2026-00001',
        fechaExpedicion: '2026-03-02',
        tipoFactura: 'R1',
        cuotaTotal: '-21',
        importeTotal: '-121.0',
        huellaAnterior: 'X',
        fechaHoraHusoGenRegistro: '2026-03-02T10:15:00+01:00',
      }),
    ).toContain('TipoFactura=R1&CuotaTotal=-21.00&ImporteTotal=-121.00');
  });

  it('generation time in Madrid with its offset, winter and summer', () => {
    expect(fechaHoraMadrid(new Date('2026-03-02T09:15:00Z'))).toBe('2026-03-02T10:15:00+01:00');
    expect(fechaHoraMadrid(new Date('2026-07-01T09:15:07.900Z'))).toBe('2026-07-01T11:15:07+02:00');
  });

  it('rule 14: QR URL on the pre-production host', () => {
    expect(
      urlQr({
        nif: 'B07654320',
        numSerieFactura: 'F2026-00001',
        fechaExpedicion: '2026-03-02',
        importeTotal: '1058.75',
      }),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B07654320&numserie=F2026-00001&fecha=02-03-2026&importe=1058.75',
    );
  });
});
