import { describe, expect, it } from 'vitest';
import {
  accionesDisponibles,
  aptitudEn,
  cuantasVencenPronto,
  cumpleReglaEquipo,
  diasCambioAptitud,
  estadoAptitud,
  reglaEquipo,
  reglaEquipoParte,
} from './index.js';
import { sumarDias } from '../fechas/fechas.js';
import { horasParteSchema } from './parte-trabajo-schemas.js';
import { operarioCreateSchema } from './operario-schemas.js';
import { obraCreateSchema } from './obra-schemas.js';
import { EMPTY_DIRECCION } from '../localizacion/direccion.js';

// flota-obras.md §4.8 and §4.9 as pure functions.

const operario = (nombre: string, nivel: number, vence: string) => ({
  nombre,
  apellidos: 'Prueba',
  activo: true,
  certificaciones: [{ nivel, fechaEmision: '2024-01-01', fechaVencimiento: vence }],
  formacionesPrl: [{ fecha: '2024-01-01', vencimiento: null }],
  reconocimientoMedico: { fecha: '2026-01-01', resultado: 'apto', vencimiento: '2027-01-01' },
});

describe('the team rule and the warnings without their messages (the works list)', () => {
  const hoy = '2026-03-09';
  const equipos = [
    [operario('Rafel', 3, '2027-05-14'), operario('Marta', 2, '2026-03-20')],
    [operario('Marta', 2, '2026-03-20'), operario('Joan', 2, '2027-01-01')],
    [operario('Rafel', 3, '2027-05-14')],
    [
      operario('Rafel', 3, '2026-03-01'),
      operario('Marta', 2, '2026-04-08'),
      operario('Joan', 1, '2026-04-09'),
    ],
    [],
  ];
  it.each(equipos.map((e, i) => [i, e] as const))(
    'team %i: as reglaEquipo and estadoAptitud say',
    (_, equipo) => {
      const aptitudes = equipo.map((o) => aptitudEn(o, hoy));
      const cumple = reglaEquipo(
        equipo.map((operario, indice) => ({ operario, indice })),
        hoy,
      ).cumple;
      expect(cumpleReglaEquipo(aptitudes)).toBe(cumple);
      expect(reglaEquipoParte(equipo, hoy)).toHaveLength(cumple ? 0 : 1);
      expect(cuantasVencenPronto(aptitudes, hoy)).toBe(
        aptitudes.filter((a) => estadoAptitud(a, hoy) === 'vence_pronto').length,
      );
    },
  );
  it("counts a certificate ending on the window's last day, not the day after", () => {
    expect(cuantasVencenPronto([aptitudEn(operario('Marta', 2, '2026-04-08'), hoy)], hoy)).toBe(1);
    expect(cuantasVencenPronto([aptitudEn(operario('Joan', 2, '2026-04-09'), hoy)], hoy)).toBe(0);
    expect(cumpleReglaEquipo(equipos[0]!.map((o) => aptitudEn(o, hoy)))).toBe(true);
    expect(cumpleReglaEquipo(equipos[1]!.map((o) => aptitudEn(o, hoy)))).toBe(false);
  });
});

describe('aptitud (§4.8)', () => {
  it('is apto with a valid certification, medical check and PRL course; gives the level', () => {
    expect(aptitudEn(operario('Rafel', 3, '2027-05-14'), '2026-03-09')).toMatchObject({
      apto: true,
      nivel: 3,
      motivos: [],
    });
  });

  it('names every reason, with the expiry date of the certification', () => {
    const tomeu = { ...operario('Tomeu', 1, '2026-01-10'), reconocimientoMedico: null };
    expect(aptitudEn(tomeu, '2026-03-09').motivos).toEqual([
      'certificación caducada el 10/01/2026',
      'sin reconocimiento médico vigente',
    ]);
  });

  it('says "Vence pronto" when an item expires within 30 days', () => {
    const marta = operario('Marta', 2, '2026-03-25');
    expect(
      estadoAptitud({ ...aptitudEn(marta, '2026-03-09'), estado: 'apto' } as never, '2026-03-09'),
    ).toBe('vence_pronto');
  });

  it('team rule: 2 apto and a level 3, each failing member named by its row', () => {
    const result = reglaEquipo(
      [
        { operario: operario('Rafel', 3, '2027-05-14'), indice: 0 },
        { operario: operario('Tomeu', 1, '2026-01-10'), indice: 1 },
      ],
      '2026-03-09',
    );
    expect(result.errores).toEqual([
      'equipo: Se necesitan al menos 2 operarios aptos el 09/03/2026 (hay 1)',
      'equipo[1]: Tomeu Prueba no cumple los requisitos el 09/03/2026: certificación caducada el 10/01/2026',
    ]);
  });
});

describe('diasCambioAptitud (the planning grid asks aptitudEn once per stretch)', () => {
  it('names every day the answer changes: between two of them aptitudEn answers the same', () => {
    const o = {
      ...operario('Aina', 1, '2026-03-10'),
      certificaciones: [
        { nivel: 1, fechaEmision: '2024-01-01', fechaVencimiento: '2026-03-10' },
        { nivel: 2, fechaEmision: '2026-03-20', fechaVencimiento: '2026-06-30' },
      ],
      formacionesPrl: [{ fecha: '2026-02-01', vencimiento: '2026-05-31' }],
      reconocimientoMedico: { fecha: '2026-01-15', resultado: 'apto', vencimiento: '2026-04-30' },
    };
    const cambios = diasCambioAptitud(o);
    let anterior: boolean | undefined;
    for (let d = '2025-12-01'; d <= '2026-08-01'; d = sumarDias(d, 1)) {
      const apto = aptitudEn(o, d).apto;
      if (anterior !== undefined && apto !== anterior) expect(cambios.has(d), d).toBe(true);
      anterior = apto;
    }
    expect([...cambios].sort()).toEqual([
      '2024-01-01',
      '2026-01-15',
      '2026-02-01',
      '2026-03-11',
      '2026-03-20',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
    ]);
  });
});

describe('schemas', () => {
  it('hours in quarters up to 12, as decimal strings', () => {
    expect(horasParteSchema.parse('7.5')).toBe('7.50');
    expect(horasParteSchema.parse(8)).toBe('8.00');
    expect(horasParteSchema.safeParse('7.3').success).toBe(false);
    expect(horasParteSchema.safeParse('12.25').success).toBe(false);
  });

  it('an operario needs a valid DNI or NIE; the medical check lasts a year by default', () => {
    const parsed = operarioCreateSchema.parse({
      nombre: 'Rafel',
      apellidos: 'Serra Bonet',
      documento: '43187654-w',
      reconocimientoMedico: { fecha: '2026-01-10', resultado: 'apto' },
    });
    expect(parsed.documento).toBe('43187654W');
    expect(parsed.reconocimientoMedico?.vencimiento).toBe('2027-01-10');
    expect(operarioCreateSchema.safeParse({ ...parsed, documento: '43187654A' }).success).toBe(
      false,
    );
  });

  it('offers the §3 actions of each estado', () => {
    expect(accionesDisponibles('en_curso')).toEqual(['pausar', 'finalizar', 'cancelar']);
    expect(accionesDisponibles('cancelada')).toEqual(['recuperar']);
  });
});

describe('obraCreateSchema (§2.3)', () => {
  it('refuses a missing city and street together with the other mistakes of the body', () => {
    const result = obraCreateSchema.safeParse({ nombre: '', direccion: EMPTY_DIRECCION });
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['nombre', 'El nombre de la obra debe tener entre 3 y 150 caracteres'],
        ['direccion.ciudadId', 'Elige la ciudad de la obra'],
        ['direccion.calleId', 'Elige la calle de la obra'],
      ]),
    );
  });
});
