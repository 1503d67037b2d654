import { describe, expect, test } from 'vitest';
import {
  cadenaItv,
  categoriaVehiculo,
  claseRequerida,
  edadVehiculo,
  estadoItv,
  kmPorDia,
  periodoItvMeses,
  permisoCubre,
  primeraItv,
  requiereItvInicial,
  camionCreateSchema,
  mantenimientoCamionBodySchema,
  proximoMantenimiento,
  avisoDatosPendientes,
  claveOrdenEtiqueta,
  datosObligatoriosPendientes,
} from './index.js';

// flota-obras.md §4.2 (RD 920/2017 art. 6): each weight and age case, and §4.6 licence classes.

describe('ITV schedule (§4.2)', () => {
  test('categories by tipo and MMA', () => {
    expect(categoriaVehiculo('furgoneta', 3500)).toBe('N1');
    expect(categoriaVehiculo('rigido', 3501)).toBe('N2');
    expect(categoriaVehiculo('rigido', 12_000)).toBe('N2');
    expect(categoriaVehiculo('tractora', 18_000)).toBe('N3');
    expect(categoriaVehiculo('remolque', 750)).toBe('O1');
    expect(categoriaVehiculo('remolque', 3500)).toBe('O2');
    expect(categoriaVehiculo('semirremolque', 10_000)).toBe('O3');
    expect(categoriaVehiculo('semirremolque', 36_000)).toBe('O4');
  });

  test('age in complete years; a 29 February anniversary falls on 28 February', () => {
    expect(edadVehiculo('2016-03-10', '2026-03-09')).toBe(9);
    expect(edadVehiculo('2016-03-10', '2026-03-10')).toBe(10);
    expect(edadVehiculo('2016-02-29', '2021-02-28')).toBe(5);
    expect(edadVehiculo('2016-02-29', '2021-02-27')).toBe(4);
  });

  test('first inspection: N1 at 2 years, the rest at 1 year', () => {
    expect(primeraItv('N1', '2023-02-15')).toBe('2025-02-15');
    expect(primeraItv('N2', '2023-02-15')).toBe('2024-02-15');
    expect(primeraItv('N3', '2023-02-15')).toBe('2024-02-15');
    expect(primeraItv('O4', '2023-02-15')).toBe('2024-02-15');
  });

  test.each([
    ['N1', 2, 24],
    ['N1', 5, 24],
    ['N1', 6, 12],
    ['N1', 9, 12],
    ['N1', 10, 6],
    ['N2', 1, 12],
    ['N2', 9, 12],
    ['N2', 10, 6],
    ['N3', 9, 12],
    ['N3', 10, 6],
    ['O2', 4, 12],
    ['O3', 10, 6],
    ['O4', 11, 6],
  ] as const)('period of %s at age %i is %i months', (categoria, edad, meses) => {
    expect(periodoItvMeses(categoria, edad)).toBe(meses);
  });

  test('scenario 1: a tractora of 10 years inspected 18 days early keeps the base → 6 months', () => {
    const cadena = cadenaItv({
      tipo: 'tractora',
      mmaKg: 18_000,
      fechaPrimeraMatriculacion: '2016-03-10',
      itvProximaInicial: '2026-03-10',
      inspecciones: [{ fecha: '2026-02-20', resultado: 'favorable' }],
    });
    expect(cadena.itvHasta).toBe('2026-09-10');
  });

  test('scenario 2: an N1 van: first due at 2 years, then 24 months while younger than 6', () => {
    const base = {
      tipo: 'furgoneta' as const,
      mmaKg: 3500,
      fechaPrimeraMatriculacion: '2023-02-15',
      itvProximaInicial: null,
    };
    const sin = cadenaItv({ ...base, inspecciones: [] });
    expect(sin.itvHasta).toBe('2025-02-15');
    expect(estadoItv(sin, { inspecciones: 0, hoy: '2025-01-20' })).toBe('proxima');
    expect(estadoItv(sin, { inspecciones: 0, hoy: '2024-06-01' })).toBe('exenta');
    expect(
      cadenaItv({ ...base, inspecciones: [{ fecha: '2025-02-10', resultado: 'favorable' }] })
        .itvHasta,
    ).toBe('2027-02-15');
    expect(requiereItvInicial('furgoneta', 3500, '2023-02-15', '2025-01-20')).toBe(false);
    expect(requiereItvInicial('furgoneta', 3500, '2023-02-15', '2026-11-22')).toBe(true);
  });

  test('scenario 3: late inspections take their own date; more than 30 days early too', () => {
    const base = {
      tipo: 'rigido' as const,
      mmaKg: 26_000,
      fechaPrimeraMatriculacion: '2019-01-20',
      itvProximaInicial: '2025-06-01',
    };
    const una = cadenaItv({
      ...base,
      inspecciones: [{ fecha: '2025-06-15', resultado: 'favorable' }],
    });
    expect(una.itvHasta).toBe('2026-06-15');
    const dos = cadenaItv({
      ...base,
      inspecciones: [
        { fecha: '2025-06-15', resultado: 'favorable' },
        { fecha: '2026-05-01', resultado: 'favorable' },
      ],
    });
    expect(dos.itvHasta).toBe('2027-05-01');
    expect(dos.proximas).toEqual(['2026-06-15', '2027-05-01']);
  });

  test('scenario 4: a desfavorable keeps D and opens 2 months; a later favourable clears it', () => {
    const base = {
      tipo: 'rigido' as const,
      mmaKg: 12_000,
      fechaPrimeraMatriculacion: '2011-09-03',
      itvProximaInicial: '2026-03-03',
    };
    const mala = cadenaItv({
      ...base,
      inspecciones: [{ fecha: '2026-03-02', resultado: 'desfavorable' }],
    });
    expect(mala).toMatchObject({
      itvHasta: '2026-03-03',
      pendiente: { resultado: 'desfavorable', plazo: '2026-05-02' },
    });
    const buena = cadenaItv({
      ...base,
      inspecciones: [
        { fecha: '2026-03-02', resultado: 'desfavorable' },
        { fecha: '2026-03-20', resultado: 'favorable' },
      ],
    });
    expect(buena).toMatchObject({ itvHasta: '2026-09-20', pendiente: null });
  });

  test('N1 aged 6 to 9 goes annual; a trailer O4 of 10 years semestral; month ends clamp', () => {
    expect(
      cadenaItv({
        tipo: 'furgoneta',
        mmaKg: 3000,
        fechaPrimeraMatriculacion: '2018-05-10',
        itvProximaInicial: '2025-05-10',
        inspecciones: [{ fecha: '2025-05-02', resultado: 'favorable' }],
      }).itvHasta,
    ).toBe('2026-05-10');
    expect(
      cadenaItv({
        tipo: 'semirremolque',
        mmaKg: 36_000,
        fechaPrimeraMatriculacion: '2015-08-31',
        itvProximaInicial: '2025-08-31',
        inspecciones: [{ fecha: '2025-08-31', resultado: 'favorable' }],
      }).itvHasta,
    ).toBe('2026-02-28');
  });
});

describe('drivers and odometer (§4.5, §4.6)', () => {
  test('required class and its coverage', () => {
    expect(claseRequerida('tractora', 18_000)).toBe('CE');
    expect(claseRequerida('furgoneta', 3500)).toBe('B');
    expect(claseRequerida('rigido', 7500)).toBe('C1');
    expect(claseRequerida('rigido', 32_000)).toBe('C');
    expect(claseRequerida('semirremolque', 36_000)).toBeNull();
    expect(permisoCubre(['B', 'C1'], 'C')).toBe(false);
    expect(permisoCubre(['B', 'C'], 'C1')).toBe(true);
    expect(permisoCubre(['B', 'C'], 'CE')).toBe(false);
  });

  test('km per day over the last 90 days of readings', () => {
    expect(
      kmPorDia([
        { fecha: '2026-01-15', km: 118_000 },
        { fecha: '2026-08-22', km: 138_700 },
        { fecha: '2026-11-20', km: 146_800 },
      ]),
    ).toBe(90);
    expect(kmPorDia([{ fecha: '2026-11-20', km: 146_800 }])).toBeNull();
  });

  test('scenario 5 plate rules in the schema', () => {
    const body = {
      bastidor: '1M8GDM9AXKP042788',
      marca: 'Lecitrailer',
      modelo: 'Góndola',
      fechaPrimeraMatriculacion: '2020-03-01',
      mmaKg: 36_000,
      taraKg: 9800,
    };
    const errores = (extra: Record<string, unknown>) => {
      const r = camionCreateSchema.safeParse({ ...body, ...extra });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(errores({ tipo: 'semirremolque', matricula: '7731BCF' })).toEqual([
      'matricula: Los remolques y semirremolques llevan matrícula R (R 1234 BCD)',
    ]);
    expect(
      errores({
        tipo: 'rigido',
        matricula: 'R7731BCF',
        autorizacion: { tipo: 'no_requiere' },
        tacografo: { tipo: 'no_lleva' },
      }),
    ).toEqual(['matricula: Solo los remolques y semirremolques llevan matrícula R']);
    expect(errores({ tipo: 'remolque', matricula: 'R7731BCF', mmaKg: 750, taraKg: 200 })).toEqual([
      'tipo: Los remolques de hasta 750 kg no tienen matrícula propia y no se registran en la flota',
    ]);
  });

  test('§2.1 autorización and tacógrafo: required on motor vehicles, absent on trailers', () => {
    const motor = {
      matricula: '4417KTM',
      bastidor: '1M8GDM9AXKP042788',
      tipo: 'tractora',
      marca: 'Volvo',
      modelo: 'FH 500',
      fechaPrimeraMatriculacion: '2019-05-14',
      mmaKg: 18_000,
      taraKg: 7450,
    };
    const errores = (extra: Record<string, unknown>) => {
      const r = camionCreateSchema.safeParse({ ...motor, ...extra });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    const requeridos = [
      'autorizacion.tipo: Elige el tipo de autorización de transporte («No requiere» si el vehículo no la necesita)',
      'tacografo.tipo: Elige el tipo de tacógrafo («No lleva» si el vehículo no tiene)',
    ];
    for (const tipo of ['tractora', 'rigido', 'furgoneta'])
      expect(
        errores({ tipo, ...(tipo === 'furgoneta' ? { mmaKg: 3500, taraKg: 2100 } : {}) }),
      ).toEqual(requeridos);
    expect(errores({ autorizacion: null, tacografo: null })).toEqual(requeridos);
    expect(errores({ autorizacion: { tipo: 'MDP' }, tacografo: { tipo: 'digital' } })).toEqual([
      'autorizacion.numero: Indica el número de autorización (hasta 30 caracteres)',
      'autorizacion.visadoHasta: Indica la fecha de visado',
    ]);
    expect(
      errores({ autorizacion: { tipo: 'no_requiere' }, tacografo: { tipo: 'no_lleva' } }),
    ).toEqual([]);
    expect(
      errores({
        autorizacion: { tipo: 'MDP', numero: '11223344', visadoHasta: '2027-09-30' },
        tacografo: { tipo: 'inteligente' },
      }),
    ).toEqual([]);
    const remolque = { tipo: 'semirremolque', matricula: 'R7731BCF', mmaKg: 36_000, taraKg: 9800 };
    expect(errores(remolque)).toEqual([]);
    expect(
      errores({
        ...remolque,
        autorizacion: { tipo: 'no_requiere' },
        tacografo: { tipo: 'no_lleva' },
      }),
    ).toEqual([
      'autorizacion: Los remolques y semirremolques no llevan este dato',
      'tacografo: Los remolques y semirremolques no llevan este dato',
    ]);
  });
});

describe('visado (§4.3)', () => {
  test('the month of the NIF’s last digit, next even year', async () => {
    const { sugerirVisado } = await import('./autorizacion.js');
    expect(sugerirVisado('B07123458', '2026-03-15')).toBe('2026-09-30');
    expect(sugerirVisado('B07123458', '2026-10-01')).toBe('2028-09-30');
    expect(sugerirVisado('B07123450', '2027-01-10')).toBe('2028-11-30');
    expect(sugerirVisado('B07123451', '2026-01-31')).toBe('2026-01-31');
  });
});

describe('mantenimiento (§2.1, §4.5)', () => {
  test('the form proposes the previous one’s interval of that tipo', () => {
    const previo = {
      fecha: '2026-01-15',
      km: 118_000,
      proximaFecha: '2027-01-15',
      proximoKm: 148_000,
    };
    expect(proximoMantenimiento(previo, { fecha: '2026-11-20', km: 146_800 })).toEqual({
      proximaFecha: '2027-11-20',
      proximoKm: 176_800,
    });
    // Whole months keep the calendar (31/08 + 6 → 28/02); other intervals count days.
    expect(
      proximoMantenimiento(
        { ...previo, fecha: '2026-03-31', proximaFecha: '2026-09-30' },
        { fecha: '2026-08-31' },
      ),
    ).toEqual({ proximaFecha: '2027-02-28', proximoKm: null });
    expect(
      proximoMantenimiento(
        { ...previo, proximaFecha: '2026-04-10', proximoKm: null },
        { fecha: '2026-05-01', km: 150_000 },
      ),
    ).toEqual({ proximaFecha: '2026-07-25', proximoKm: null });
    expect(proximoMantenimiento(undefined, { fecha: '2026-05-01', km: 1 })).toEqual({
      proximaFecha: null,
      proximoKm: null,
    });
  });

  test('numeroFactura up to 40 characters; compraId a compra’s id', () => {
    const body = { fecha: '2026-11-20', km: 1000, tipo: 'frenos' };
    const errores = (extra: Record<string, unknown>) => {
      const r = mantenimientoCamionBodySchema.safeParse({ ...body, ...extra });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(errores({ numeroFactura: 'F'.repeat(40), compraId: null })).toEqual([]);
    expect(errores({ numeroFactura: 'F'.repeat(41), compraId: 'C-1' })).toEqual([
      'numeroFactura: Como máximo 40 caracteres',
      'compraId: Elige una compra de Transportes de la lista',
    ]);
  });
});

describe('vehicles written before autorización and tacógrafo were required (§2.1)', () => {
  test('a motor vehicle lacking them names each; a trailer lacks nothing', () => {
    const a = { tipo: 'rigido' as const, autorizacion: null, tacografo: null };
    expect(datosObligatoriosPendientes(a)).toEqual(['autorizacion', 'tacografo']);
    expect(datosObligatoriosPendientes({ ...a, autorizacion: { tipo: 'MDP' } })).toEqual([
      'tacografo',
    ]);
    expect(
      datosObligatoriosPendientes({ ...a, autorizacion: { tipo: 'no_requiere' }, tacografo: {} }),
    ).toEqual([]);
    expect(datosObligatoriosPendientes({ ...a, tipo: 'semirremolque' })).toEqual([]);
  });

  test('the warning: plural and singular, on the detail, in the form and read only', () => {
    expect(avisoDatosPendientes(['autorizacion', 'tacografo'])).toBe(
      'Faltan datos obligatorios: autorización de transporte y tacógrafo. Complétalos en Editar.',
    );
    expect(avisoDatosPendientes(['tacografo'])).toBe(
      'Falta un dato obligatorio: tacógrafo. Complétalo en Editar.',
    );
    expect(avisoDatosPendientes(['autorizacion'], 'formulario')).toBe(
      'Falta un dato obligatorio: autorización de transporte. Complétalo para guardar los cambios.',
    );
    expect(avisoDatosPendientes(['autorizacion', 'tacografo'], 'lectura')).toBe(
      'Faltan datos obligatorios: autorización de transporte y tacógrafo.',
    );
  });
});

describe('§4.3 the order of due items within a day', () => {
  // The database sorts the window's page by claveOrdenEtiqueta (decision 0029): its code-point
  // order must be the collator's, at every level (base letter, accent, case), with punctuation.
  const es = new Intl.Collator('es');
  const signo = (n: number) => Math.sign(n);
  const porClave = (a: string, b: string) => {
    const x = claveOrdenEtiqueta(a) ?? '';
    const y = claveOrdenEtiqueta(b) ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  };

  test('the key orders labels as the Spanish collator does', () => {
    const casos = [
      ['Nuñez', 'Nunez'],
      ['Ñu', 'Nz'],
      ['ñ', 'o'],
      ['Ángel', 'angel'],
      ['Ángel', 'Angel'],
      ['álvaro', 'Alvaro Z'],
      ['1234 BCD', '1234-BCD'],
      ['1234 BCD', '12345 BCD'],
      ['Conductor Bench 10', 'Conductor Bench 9'],
      ['Pérez', 'Perez'],
      ['Peña', 'Pena'],
      ['Müller', 'Muller'],
      ["O'Brien", 'Obrien'],
      ['', 'a'],
      ['aá', 'áa'],
      ['Ab', 'aB'],
    ] as const;
    for (const [a, b] of casos) {
      expect([a, b, signo(porClave(a, b))]).toEqual([a, b, signo(es.compare(a, b))]);
      expect([b, a, signo(porClave(b, a))]).toEqual([b, a, signo(es.compare(b, a))]);
    }
    // Random labels over few characters (so most pairs share a prefix and differ late).
    const letras = [...'aAáÁbñÑnN eéÉ-.1 9'];
    let semilla = 7;
    const azar = () => (semilla = (semilla * 1103515245 + 12345) % 2147483648) / 2147483648;
    const etiqueta = () =>
      Array.from(
        { length: 1 + Math.floor(azar() * 5) },
        () => letras[Math.floor(azar() * letras.length)],
      ).join('');
    for (let i = 0; i < 3000; i++) {
      const a = etiqueta();
      const b = etiqueta();
      if (signo(porClave(a, b)) !== signo(es.compare(a, b)))
        expect([a, b, signo(porClave(a, b))]).toEqual([a, b, signo(es.compare(a, b))]);
    }
  });

  test('a label with a character outside the known ones has no key', () => {
    expect(claveOrdenEtiqueta('Łukasz')).toBeNull();
    expect(claveOrdenEtiqueta('José')).not.toBeNull();
  });
});
