import { describe, expect, it } from 'vitest';
import { importeAlquiler } from '../comercial/importe-alquiler.js';
import { formatEuros } from '../format/es-es.js';
import { sumarDias } from '../fechas/fechas.js';
import {
  avisosMaquina,
  caducidadItvSugerida,
  componenteCreateSchema,
  conceptoCreateSchema,
  conflictosMaquina,
  disponibilidadPorDia,
  faltanPiezas,
  horasExtra,
  libresMinimos,
  lecturaCreateSchema,
  maquinaCreateSchema,
  maquinaListQuerySchema,
  siguienteCodigo,
  situacionRevision,
} from './index.js';
import type { BloqueoActivo } from './index.js';

const erroresDe = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const maquinaValida = {
  tipo: 'miniexcavadora',
  marca: 'Kubota',
  modelo: 'U17-3α',
  anio: 2021,
  numeroSerie: 'u17-35124',
  tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
  pesoKg: '1680.0',
};

const bloqueo = (over: Partial<BloqueoActivo>): BloqueoActivo => ({
  origenTipo: 'alquiler',
  origenId: 'a1',
  numero: 'A2026-00012',
  etiqueta: 'A2026-00012 · Construcciones Llevant, S.L.',
  cantidad: 1,
  desde: '2026-03-10',
  hasta: '2026-03-20',
  preparacion: 0,
  exclusivo: true,
  enCurso: false,
  ...over,
});

describe('maquina schema (§2.1, R14)', () => {
  it('normalises the serial and defaults the optional parts', () => {
    const maquina = maquinaCreateSchema.parse(maquinaValida);
    expect(maquina.numeroSerie).toBe('U17-35124');
    expect(maquina.horometroInicial).toBe('0');
    expect(maquina.tarifas.horasIncluidasDia).toBe(8);
    expect(maquina.combustible).toBe('diesel');
  });

  it('scenario 3: a weekly rate below the daily one gets R14’s text', () => {
    const result = maquinaCreateSchema.safeParse({
      ...maquinaValida,
      tarifas: { dia: '95', semana: '90', mes: '1100' },
    });
    expect(erroresDe(result)).toContain(
      'tarifas.semana: La tarifa semanal debe estar entre la diaria y 7 veces la diaria',
    );
    const mes = maquinaCreateSchema.safeParse({
      ...maquinaValida,
      tarifas: { dia: '95', semana: '380', mes: '3000' },
    });
    expect(erroresDe(mes)).toEqual([
      'tarifas.mes: La tarifa mensual debe ser mayor que la semanal (o la diaria) y como máximo 30 veces la diaria',
    ]);
    expect(
      erroresDe(maquinaCreateSchema.safeParse({ ...maquinaValida, tarifas: { dia: '95.123' } })),
    ).toEqual(['tarifas.dia: Importe no válido: hasta 2 decimales y como máximo 999.999,99']);
  });

  it('asks for the registration date of a plate, and ITV only with a plate', () => {
    expect(
      erroresDe(maquinaCreateSchema.safeParse({ ...maquinaValida, matricula: 'e-4821-bfk' })),
    ).toEqual(['fechaMatriculacion: Indica la fecha de matriculación']);
    const ok = maquinaCreateSchema.parse({
      ...maquinaValida,
      matricula: 'e-4821-bfk',
      fechaMatriculacion: '2017-03-01',
      requiereItv: true,
    });
    expect(ok.matricula).toBe('E4821BFK');
    expect(
      erroresDe(maquinaCreateSchema.safeParse({ ...maquinaValida, requiereItv: true })),
    ).toEqual(['requiereItv: Solo una máquina con matrícula puede requerir ITV']);
  });

  it('reads list filters: both dates or none, at most 366 days', () => {
    expect(maquinaListQuerySchema.parse({}).estado).toBe('activas');
    expect(erroresDe(maquinaListQuerySchema.safeParse({ libreDesde: '2026-03-01' }))).toEqual([
      'libreHasta: Indica las dos fechas del periodo o ninguna',
    ]);
    expect(
      erroresDe(
        maquinaListQuerySchema.safeParse({ libreDesde: '2026-01-01', libreHasta: '2027-01-02' }),
      ),
    ).toEqual(['libreHasta: El periodo no puede superar 366 días']);
  });

  it('a meter replacement needs its reason', () => {
    expect(
      erroresDe(
        lecturaCreateSchema.safeParse({ fecha: '2026-03-02', lectura: '0.0', reinicio: true }),
      ),
    ).toEqual(['motivo: Indica el motivo (de 5 a 200 caracteres)']);
  });
});

describe('R2 rental price through importeAlquiler (scenario 3)', () => {
  const mex = { precioDia: '95', precioSemana: '380', precioMes: '1100' };
  it.each([
    [5, '380.00'],
    [10, '665.00'],
    [27, '1100.00'],
    [31, '1195.00'],
    [45, '1955.00'],
    [15, '855.00'],
  ])('%i days cost %s', (dias, importe) => {
    expect(importeAlquiler({ dias, ...mex }).importe).toBe(importe);
  });
  it('60 days at 40 / 250 / 1 200 take weeks, not two months', () => {
    expect(
      importeAlquiler({ dias: 60, precioDia: '40', precioSemana: '250', precioMes: '1200' })
        .importe,
    ).toBe('2160.00');
    expect(formatEuros(importeAlquiler({ dias: 15, ...mex }).importe)).toBe('855,00 €');
  });
});

describe('componente schema (§2.6)', () => {
  it('uppercases the code and checks R14 on unit prices', () => {
    const componente = componenteCreateSchema.parse({
      codigo: 'mar-200-073',
      nombre: 'Marco 2,00 × 0,73 m',
      categoria: 'marco',
      pesoKg: '18.500',
      precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.00' },
      stockInicial: 1200,
    });
    expect(componente.codigo).toBe('MAR-200-073');
    expect(
      erroresDe(
        componenteCreateSchema.safeParse({
          codigo: 'X1',
          nombre: 'Marco',
          categoria: 'marco',
          pesoKg: '18.5',
          precios: { dia: '0.05', mes: '2' },
        }),
      ),
    ).toEqual([
      'precios.mes: La tarifa mensual debe ser mayor que la semanal (o la diaria) y como máximo 30 veces la diaria',
    ]);
  });
});

describe('concepto schema (R13, scenario 15)', () => {
  const base = {
    codigo: 'fia-maq',
    nombre: 'Fianza de maquinaria',
    unidad: 'unidad',
    precio: '300.00',
  };
  it('a deposit must be IVA 0 % no sujeta', () => {
    expect(
      erroresDe(conceptoCreateSchema.safeParse({ ...base, tipo: 'fianza', tipoIva: 21 })),
    ).toEqual(['tipoIva: La fianza no está sujeta a IVA: elige 0 % (no sujeta)']);
    expect(
      conceptoCreateSchema.parse({ ...base, tipo: 'fianza', tipoIva: 0, motivoIva0: 'no_sujeta' })
        .codigo,
    ).toBe('FIA-MAQ');
  });
  it('a percentage is at most 100 and only for seguro or otros', () => {
    const pct = { codigo: 'SEG-DAN', nombre: 'Seguro de daños', unidad: 'porcentaje' };
    expect(
      erroresDe(conceptoCreateSchema.safeParse({ ...pct, tipo: 'seguro', precio: '120' })),
    ).toEqual(['precio: Un porcentaje debe ser mayor que 0 y como máximo 100']);
    expect(
      erroresDe(conceptoCreateSchema.safeParse({ ...pct, tipo: 'transporte', precio: '8' })),
    ).toEqual(['unidad: Solo los conceptos de seguro u otros pueden ser un porcentaje']);
    expect(conceptoCreateSchema.parse({ ...pct, tipo: 'seguro', precio: '8' }).tipoIva).toBe(21);
  });
});

describe('R4 machine conflicts (scenario 4)', () => {
  const consulta = (over: Partial<Parameters<typeof conflictosMaquina>[0]>) =>
    conflictosMaquina({
      codigo: 'MEX-001',
      estado: 'disponible',
      diasPreparacion: 0,
      desde: '2026-03-20',
      hasta: '2026-03-25',
      hoy: '2026-03-01',
      bloqueos: [bloqueo({})],
      ...over,
    }).map((conflicto) => conflicto.mensaje);

  it('overlapping days are refused; the next day is free with no preparation', () => {
    expect(consulta({})).toEqual([
      'MEX-001 está reservada del 10/03/2026 al 20/03/2026 (A2026-00012)',
    ]);
    expect(consulta({ desde: '2026-03-21' })).toEqual([]);
  });

  it('a day of preparation blocks the next day, with its own words', () => {
    const ptj = { codigo: 'PTJ-001', diasPreparacion: 1, bloqueos: [bloqueo({ preparacion: 1 })] };
    expect(consulta({ ...ptj, desde: '2026-03-21' })).toEqual([
      'PTJ-001 está reservada del 10/03/2026 al 20/03/2026 (A2026-00012) y necesita 1 día de preparación',
    ]);
    expect(consulta({ ...ptj, desde: '2026-03-22' })).toEqual([]);
    // The booking asked for needs its preparation before a later one starts.
    expect(
      consulta({
        ...ptj,
        desde: '2026-03-01',
        hasta: '2026-03-09',
        bloqueos: [bloqueo({ preparacion: 1 })],
      }),
    ).toEqual([
      'PTJ-001 está reservada del 10/03/2026 al 20/03/2026 (A2026-00012) y necesita 1 día de preparación',
    ]);
  });

  it('an urgent maintenance and a baja', () => {
    expect(
      consulta({
        codigo: 'MEX-002',
        bloqueos: [
          bloqueo({
            origenTipo: 'mantenimiento',
            desde: '2026-04-12',
            hasta: null,
            exclusivo: false,
          }),
        ],
        desde: '2026-04-14',
        hasta: '2026-04-18',
      }),
    ).toEqual(['MEX-002 está en taller desde el 12/04/2026 sin fecha de fin prevista']);
    expect(consulta({ estado: 'baja', bloqueos: [] })).toEqual(['MEX-001 está dada de baja']);
  });

  it('a delivered rental past its return day blocks until it comes back', () => {
    expect(
      consulta({
        hoy: '2026-04-03',
        desde: '2026-04-10',
        hasta: '2026-04-12',
        bloqueos: [bloqueo({ enCurso: true, hasta: '2026-03-31' })],
      }),
    ).toHaveLength(1);
  });
});

describe('R5 quantity availability (scenarios 6–8)', () => {
  const a = bloqueo({ cantidad: 700, desde: '2026-03-01', hasta: '2026-03-31' });
  const b = bloqueo({
    origenId: 'b',
    numero: 'B',
    cantidad: 300,
    desde: '2026-03-25',
    hasta: '2026-04-05',
  });

  it('scenario 6: 1 000 pieces, 700 + 300 booked, one more is short on 28/03', () => {
    const r = disponibilidadPorDia({
      capacidad: 1000,
      desde: '2026-03-28',
      hasta: '2026-03-28',
      hoy: '2026-02-01',
      bloqueos: [a, b],
    });
    expect(faltanPiezas('MAR-200-073', r, 1)).toBe(
      'MAR-200-073: faltan 1 ud. el 28/03/2026 (disponibles 0 de 1 solicitadas)',
    );
    const abril = disponibilidadPorDia({
      capacidad: 1000,
      desde: '2026-04-01',
      hasta: '2026-04-03',
      hoy: '2026-02-01',
      bloqueos: [a, b],
    });
    expect(abril.libresMin).toBe(700);
    expect(faltanPiezas('MAR-200-073', abril, 50)).toBeNull();
  });

  it('gives the first limiting day and every day of the range', () => {
    const r = disponibilidadPorDia({
      capacidad: 1000,
      desde: '2026-03-20',
      hasta: '2026-04-10',
      hoy: '2026-02-01',
      bloqueos: [a, b],
    });
    expect(r.libresMin).toBe(0);
    expect(r.fechaLimitante).toBe('2026-03-25');
    expect(r.dias).toHaveLength(22);
    expect(r.dias.at(-1)).toEqual({ fecha: '2026-04-10', reservado: 0, libres: 1000 });
  });

  it('scenario 8: an overdue delivered booking covers every day from hoy', () => {
    const vencido = bloqueo({
      cantidad: 488,
      desde: '2026-03-16',
      hasta: '2026-03-31',
      enCurso: true,
    });
    const r = disponibilidadPorDia({
      capacidad: 988,
      desde: '2026-04-10',
      hasta: '2026-04-10',
      hoy: '2026-04-03',
      bloqueos: [vencido],
    });
    expect(r.libresMin).toBe(500);
  });

  it('the sweep agrees day by day with a plain count, and libresMinimos with its minimum', () => {
    // A day-by-day reference over mixed bookings: preparation days, open-ended maintenance,
    // overdue deliveries, windows across month and year ends.
    let semilla = 7;
    const azar = (n: number) => {
      semilla = (semilla * 1_103_515_245 + 12_345) % 2_147_483_648;
      return semilla % n;
    };
    const dia = (n: number) => sumarDias('2026-12-01', n);
    const hoy = dia(20);
    const bloqueos = Array.from({ length: 60 }, (_, i) =>
      bloqueo({
        origenId: `b${i}`,
        cantidad: 1 + azar(40),
        desde: dia(azar(90) - 30),
        hasta: azar(10) === 0 ? null : dia(azar(90) - 10),
        preparacion: azar(3),
        enCurso: azar(4) === 0,
      }),
    ).filter((b) => b.hasta === null || b.hasta >= b.desde);
    const ocupa = (b: BloqueoActivo, fecha: string) => {
      if (fecha < b.desde) return false;
      if (b.hasta === null) return true;
      if (b.enCurso && b.hasta < hoy) return fecha <= b.hasta || fecha >= hoy;
      return fecha < sumarDias(b.hasta, 1 + b.preparacion);
    };
    const consulta = { capacidad: 500, desde: dia(-5), hasta: dia(70), hoy, bloqueos };
    const r = disponibilidadPorDia(consulta);
    expect(r.dias).toHaveLength(76);
    for (const { fecha, reservado } of r.dias)
      expect(reservado, fecha).toBe(
        bloqueos.filter((b) => ocupa(b, fecha)).reduce((suma, b) => suma + b.cantidad, 0),
      );
    const menor = Math.min(...r.dias.map((d) => d.libres));
    expect(r.libresMin).toBe(menor);
    expect(r.fechaLimitante).toBe(r.dias.find((d) => d.libres === menor)?.fecha);
    expect(libresMinimos(consulta)).toEqual({
      libresMin: r.libresMin,
      fechaLimitante: r.fechaLimitante,
    });
  });
});

describe('R10 service plan (scenario 11)', () => {
  const plan = {
    cadaHoras: 500,
    cadaMeses: null,
    avisoHoras: 25,
    avisoDias: 30,
    ultimaFecha: '2025-01-01',
    ultimasHoras: '1500.0',
  };
  it('by hours', () => {
    expect(situacionRevision(plan, '1980.0', '2026-03-01').estado).toBe('proxima');
    expect(situacionRevision(plan, '2000.5', '2026-03-01')).toEqual({
      proximaFecha: null,
      proximasHoras: '2000.0',
      estado: 'vencida',
    });
    expect(
      situacionRevision({ ...plan, ultimasHoras: '2003.0' }, '2003.0', '2026-03-01'),
    ).toMatchObject({
      estado: 'al_dia',
      proximasHoras: '2503.0',
    });
    // The edge counts: 20 h left with avisoHoras 20 is próxima.
    expect(situacionRevision({ ...plan, avisoHoras: 20 }, '1980.0', '2026-03-01').estado).toBe(
      'proxima',
    );
  });
  it('by months', () => {
    const anual = { ...plan, cadaHoras: null, cadaMeses: 12, ultimaFecha: '2025-04-20' };
    expect(situacionRevision(anual, '0', '2026-03-25').estado).toBe('proxima');
    expect(situacionRevision(anual, '0', '2026-04-21').estado).toBe('vencida');
    expect(situacionRevision(anual, '0', '2026-01-01').estado).toBe('al_dia');
  });
});

describe('R3, R1', () => {
  it('charges the hours beyond the included ones', () => {
    expect(
      horasExtra({
        entrega: '1845.5',
        devolucion: '1938.0',
        horasIncluidasDia: 8,
        dias: 10,
        horaExtra: '18.00',
      }),
    ).toEqual({ exceso: '12.5', importe: '225.00' });
    expect(
      horasExtra({
        entrega: '1801.0',
        devolucion: '1845.5',
        horasIncluidasDia: 8,
        dias: 7,
        horaExtra: null,
      }),
    ).toEqual({ exceso: '0.0', importe: '0.00' });
  });
  it('numbers codes per prefix', () => {
    expect(siguienteCodigo('MEX', 0)).toBe('MEX-001');
    expect(siguienteCodigo('MEX', 999)).toBe('MEX-1000');
  });
});

describe('R11 avisos', () => {
  const base = {
    anio: 2017,
    tieneMatricula: true,
    requiereItv: true,
    revisiones: [],
    hoy: '2026-04-10',
  };
  it('missing documents and expiries', () => {
    expect(avisosMaquina({ ...base, documentos: [] }).map((aviso) => aviso.mensaje)).toEqual([
      'Falta la declaración CE de conformidad',
      'Falta el manual de instrucciones',
    ]);
    const mensajes = avisosMaquina({
      ...base,
      documentos: [
        { tipo: 'declaracion_ce', fechaCaducidad: null },
        { tipo: 'manual', fechaCaducidad: null },
        { tipo: 'itv', fechaCaducidad: '2026-04-09' },
        { tipo: 'seguro', fechaCaducidad: '2026-04-30' },
      ],
    }).map((aviso) => `${aviso.nivel}: ${aviso.mensaje}`);
    expect(mensajes).toEqual([
      'error: ITV caducada el 09/04/2026',
      'aviso: El seguro caduca el 30/04/2026',
    ]);
  });
  it('an old machine needs the RD 1215/1997 certificate; a due revision is an error', () => {
    const avisos = avisosMaquina({
      ...base,
      anio: 1990,
      tieneMatricula: false,
      requiereItv: false,
      documentos: [{ tipo: 'manual', fechaCaducidad: null }],
      revisiones: [
        {
          nombre: 'Mantenimiento 500 h',
          estado: 'vencida',
          proximaFecha: null,
          proximasHoras: '2100.0',
        },
      ],
    });
    expect(avisos.map((aviso) => aviso.mensaje)).toEqual([
      'Falta el certificado de adecuación al RD 1215/1997',
      'Revisión vencida: Mantenimiento 500 h',
    ]);
  });
  const completos = [
    { tipo: 'declaracion_ce', fechaCaducidad: null },
    { tipo: 'manual', fechaCaducidad: null },
  ] as const;
  it('over a rental’s range: an expiry inside it is "caduca durante el alquiler", one after it and beyond 30 days says nothing', () => {
    const mensajes = avisosMaquina({
      ...base,
      documentos: [
        ...completos,
        { tipo: 'itv', fechaCaducidad: '2026-06-15' },
        { tipo: 'seguro', fechaCaducidad: '2026-06-20' },
        { tipo: 'inspeccion', fechaCaducidad: '2026-09-01' },
      ],
      rango: { desde: '2026-06-01', hasta: '2026-06-20' },
    }).map((aviso) => `${aviso.nivel}: ${aviso.mensaje}`);
    expect(mensajes).toEqual([
      'aviso: La ITV caduca durante el alquiler (15/06/2026)',
      'aviso: El seguro caduca durante el alquiler (20/06/2026)',
    ]);
  });
  it('"{tipo} caducado": an expired policy and inspection certificate are errors; the latest card of a type counts; no matrícula, no ITV or policy avisos', () => {
    const documentos = [
      ...completos,
      { tipo: 'seguro', fechaCaducidad: '2026-04-01' },
      { tipo: 'inspeccion', fechaCaducidad: '2026-03-31' },
      { tipo: 'itv', fechaCaducidad: '2026-01-01' },
      { tipo: 'itv', fechaCaducidad: '2027-01-01' },
    ] as const;
    expect(avisosMaquina({ ...base, documentos }).map((aviso) => aviso.mensaje)).toEqual([
      'Seguro caducado el 01/04/2026',
      'Certificado de inspección periódica caducado el 31/03/2026',
    ]);
    expect(
      avisosMaquina({ ...base, tieneMatricula: false, requiereItv: false, documentos }).map(
        (aviso) => aviso.mensaje,
      ),
    ).toEqual(['Certificado de inspección periódica caducado el 31/03/2026']);
  });
});

describe('R12 ITV expiry suggested from the inspection date', () => {
  it('+2 years while under 10 years from fechaMatriculacion, +1 year from the tenth on', () => {
    const matriculada = '2018-05-10';
    expect(
      caducidadItvSugerida({ fechaInspeccion: '2026-03-15', fechaMatriculacion: matriculada }),
    ).toEqual({ fecha: '2028-03-15', anios: 2 });
    expect(
      caducidadItvSugerida({ fechaInspeccion: '2028-05-09', fechaMatriculacion: matriculada }),
    ).toEqual({ fecha: '2030-05-09', anios: 2 });
    expect(
      caducidadItvSugerida({ fechaInspeccion: '2028-05-10', fechaMatriculacion: matriculada }),
    ).toEqual({ fecha: '2029-05-10', anios: 1 });
    expect(
      caducidadItvSugerida({ fechaInspeccion: '2031-06-01', fechaMatriculacion: matriculada }),
    ).toEqual({ fecha: '2032-06-01', anios: 1 });
  });
  it('29/02 + 1 year is 28/02; without either date there is no suggestion', () => {
    expect(
      caducidadItvSugerida({ fechaInspeccion: '2028-02-29', fechaMatriculacion: '2010-01-01' }),
    ).toEqual({ fecha: '2029-02-28', anios: 1 });
    expect(caducidadItvSugerida({ fechaInspeccion: '2026-03-15', fechaMatriculacion: null })).toBe(
      null,
    );
    expect(caducidadItvSugerida({ fechaInspeccion: '', fechaMatriculacion: '2018-05-10' })).toBe(
      null,
    );
  });
});
