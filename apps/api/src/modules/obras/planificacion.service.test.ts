import { describe, expect, it } from 'vitest';
import { aptitudEn, HORAS_MAX_DIA, nombreCompleto } from '@tvsistema/domain/obras';
import { sumarDias } from '@tvsistema/domain/fechas';
import type { OperarioAptitud } from './operarios.repository.js';
import { construirPlanificacion } from './planificacion.service.js';

// The grid visits only each operario's busy days and asks aptitude once per stretch between
// changes (§10). Against the grid's plain definition, cell by cell over every day, on a seeded
// random team whose certificates, medical checks and courses start and end inside the period.

const DESDE = '2026-03-02';
const HASTA = '2026-04-12'; // six weeks

const aleatorio = (semilla: number) => {
  let estado = semilla;
  return (n: number) => {
    estado = (estado * 1_103_515_245 + 12_345) % 2_147_483_648;
    return estado % n;
  };
};

const datos = (semilla: number) => {
  const r = aleatorio(semilla);
  const dia = (desde: number, rango: number) => sumarDias(DESDE, desde + r(rango));
  const operarios = Array.from({ length: 30 }, (_, k) => {
    // Most are apto over the period; every fourth one's certificate starts or ends inside it.
    const inicioCert = k % 4 === 1 ? dia(0, 40) : dia(-400, 300);
    return {
      _id: `op-${k}`,
      nombre: `Operario${k}`,
      apellidos: 'Prueba',
      documento: `${k}`,
      activo: r(15) > 0,
      certificaciones: [
        {
          esquema: 'irata',
          nivel: 1 + r(3),
          numero: null,
          fechaEmision: inicioCert,
          fechaVencimiento: k % 4 === 0 ? dia(0, 40) : sumarDias(inicioCert, 500 + r(200)),
        },
      ],
      formacionesPrl: [{ fecha: dia(-100, 90), vencimiento: r(4) ? null : dia(0, 60) }],
      reconocimientoMedico:
        r(12) === 0
          ? null
          : {
              fecha: dia(-300, 290),
              resultado: r(12) ? 'apto' : 'no_apto',
              vencimiento: dia(10, 200),
            },
    } as OperarioAptitud;
  });
  const horas: { operarioId: string; fecha: string; horas: string; codigos: string }[] = [];
  const usados = new Set<string>();
  for (let n = 0; n < 250; n += 1) {
    const operarioId = `op-${r(30)}`;
    const fecha = dia(-3, 48); // some outside the period
    if (usados.has(`${operarioId}|${fecha}`)) continue;
    usados.add(`${operarioId}|${fecha}`);
    const codigos = [...new Set([`OB2026-0000${r(6)}`, `OB2026-0000${r(6)}`])].join(' ');
    horas.push({ operarioId, fecha, horas: `${2 + r(13)}.${r(2) ? '00' : '50'}`, codigos });
  }
  const activas = Array.from({ length: 40 }, () => {
    const inicio = dia(-20, 60);
    return {
      operarioId: `op-${r(30)}`,
      codigo: `OB2026-0001${r(8)}`,
      inicio,
      fin: sumarDias(inicio, r(30)),
    };
  });
  return { operarios, horas, activas };
};

/** The grid by its definition: every operario × every day, aptitude asked on each day. */
const porDefinicion = ({ operarios, horas, activas }: ReturnType<typeof datos>) => {
  const dias: string[] = [];
  for (let d = DESDE; d <= HASTA; d = sumarDias(d, 1)) dias.push(d);
  return {
    desde: DESDE,
    hasta: HASTA,
    operarios: operarios.map((o) => ({
      _id: o._id,
      nombre: nombreCompleto(o),
      dias: dias.flatMap((fecha) => {
        const registradas = horas.find((h) => h.operarioId === o._id && h.fecha === fecha);
        const planificadas = activas
          .filter((a) => a.operarioId === o._id && a.inicio <= fecha && fecha <= a.fin)
          .map((a) => a.codigo);
        if (!registradas && planificadas.length === 0) return [];
        const apto = aptitudEn(o, fecha).apto;
        const total = registradas?.horas ?? '0.00';
        const obras = [...new Set([...(registradas?.codigos.split(' ') ?? []), ...planificadas])];
        const ordenadas = registradas || planificadas.length > 1 ? obras.sort() : obras;
        const estado =
          (registradas && Number(total) > HORAS_MAX_DIA) || !apto
            ? 'exceso'
            : planificadas.length > 1
              ? 'solape'
              : 'ok';
        return [{ fecha, obras: ordenadas, horas: total, apto, estado }];
      }),
    })),
  };
};

describe('the planning grid (§11)', () => {
  it.each([1, 2, 3, 4, 5])('seed %i: the same cells as the grid by definition', (semilla) => {
    const d = datos(semilla);
    const grid = construirPlanificacion(DESDE, HASTA, d.operarios, d.horas, d.activas);
    expect(grid).toEqual(porDefinicion(d));
    // The data reach every kind of cell.
    const celdas = grid.operarios.flatMap((o) => o.dias);
    expect(new Set(celdas.map((c) => c.estado))).toEqual(new Set(['ok', 'solape', 'exceso']));
    expect(celdas.some((c) => !c.apto) && celdas.some((c) => c.apto)).toBe(true);
  });

  it('an operario with no hours and no active obra has an empty row', () => {
    const [o] = datos(1).operarios;
    expect(construirPlanificacion(DESDE, HASTA, [o!], [], []).operarios).toEqual([
      { _id: o!._id, nombre: nombreCompleto(o!), dias: [] },
    ]);
  });
});
