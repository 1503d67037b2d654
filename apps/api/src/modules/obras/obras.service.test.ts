import { describe, expect, it } from 'vitest';
import type { ObraBase, ObraResumenBase } from './obras.repository.js';
import type { OperarioAptitud } from './operarios.repository.js';
import { completarObra, resumirObra } from './obras.service.js';

// The list row's alerts (resumirObra) are the record's (completarObra), computed from less: the
// list reads the team's aptitude data only for a planned or running obra (decision 0030).

const HOY = '2026-03-09';

const operario = (
  _id: string,
  nivel: number,
  vence: string,
  medico: OperarioAptitud['reconocimientoMedico'] = {
    fecha: '2026-01-01',
    resultado: 'apto',
    vencimiento: '2027-01-01',
  },
): OperarioAptitud =>
  ({
    _id,
    nombre: _id,
    apellidos: 'Prueba',
    documento: `${_id}-DNI`,
    activo: true,
    certificaciones: [
      {
        esquema: 'irata',
        nivel,
        numero: null,
        fechaEmision: '2024-01-01',
        fechaVencimiento: vence,
      },
    ],
    formacionesPrl: [{ fecha: '2024-01-01', vencimiento: null }],
    reconocimientoMedico: medico,
  }) as OperarioAptitud;

const rafel = operario('rafel', 3, '2027-05-14');
const marta = operario('marta', 2, '2026-03-20'); // within the warning days: "vence pronto"
const tomeu = operario('tomeu', 1, '2027-01-10', null); // no medical check: not apto

const base = (estado: string, fechaFinPrevista: string | null = '2026-06-30') =>
  ({
    _id: `obra-${estado}`,
    version: 1,
    updatedAt: '2026-03-01T10:00:00.000Z',
    codigo: 'OB2026-00001',
    nombre: 'Fachada',
    clienteId: 'c1',
    cliente: { _id: 'c1', nombre: 'Cliente', documento: null },
    direccion: { calle: 'CALLE MAJOR', altura: 3, ciudad: 'PALMA' },
    tipoTrabajo: 'fachadas',
    fechaInicioPrevista: '2026-03-01',
    fechaFinPrevista,
    fechaInicioReal: null,
    fechaFinReal: null,
    estado,
    progreso: 10,
    miembros: 2,
  }) as ObraResumenBase & ObraBase;

const alertasDelRegistro = (obra: ObraBase, equipo: readonly OperarioAptitud[]) =>
  completarObra(
    obra,
    equipo.map((o, orden) => ({ obraId: obra._id, operarioId: o._id, rol: 'tecnico', orden })),
    new Map(equipo.map((o) => [o._id, o])),
    HOY,
  ).alertas;

describe('a list row of obras (resumirObra)', () => {
  it.each([
    ['en_curso', [marta, tomeu], '2026-06-30'],
    ['en_curso', [rafel, marta], '2026-03-01'],
    ['planificada', [rafel, marta], '2026-06-30'],
    ['planificada', [marta, tomeu], '2026-06-30'],
    ['pausada', [marta, tomeu], '2026-03-01'],
    ['presupuestada', [marta, tomeu], '2026-03-01'],
    ['finalizada', [rafel, marta], '2026-03-01'],
  ] as const)('%s with %j ending %s warns as its record does', (estado, equipo, fin) => {
    const obra = base(estado, fin);
    // The statement sends the team only for a planned or running obra.
    const leido = estado === 'en_curso' || estado === 'planificada' ? equipo : [];
    const fila = resumirObra(obra, leido, HOY);
    expect(fila.alertas).toEqual(alertasDelRegistro(obra, equipo));
    expect(fila).toMatchObject({ _id: obra._id, estado, miembros: 2 });
  });

  it('names each alert: a broken team, a certificate about to expire, a passed end', () => {
    expect(resumirObra(base('en_curso', '2026-03-01'), [marta, tomeu], HOY).alertas).toEqual([
      'Equipo no apto hoy',
      'Certificaciones por vencer (1)',
      'Fin previsto superado',
    ]);
    expect(resumirObra(base('planificada'), [rafel, marta], HOY).alertas).toEqual([
      'Certificaciones por vencer (1)',
    ]);
    expect(
      resumirObra(base('en_curso'), [rafel, operario('joan', 2, '2027-01-01')], HOY),
    ).toMatchObject({ alertas: [] });
  });
});
