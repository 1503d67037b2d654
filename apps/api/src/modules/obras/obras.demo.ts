import { sumarDias } from '@tvsistema/domain/fechas';
import {
  obraCreateSchema,
  operarioCreateSchema,
  parteTrabajoCreateSchema,
  type ObraInput,
  type OperarioInput,
  type TipoTrabajo,
} from '@tvsistema/domain/obras';
import type { DemoContext } from '../../module.js';
import { crearDireccionDemo, type DireccionDemo } from '../localizacion/index.js';
import { clienteVerticalesPorDocumento, insertDocumentoObra } from './obras.repository.js';
import { createObrasService } from './obras.service.js';
import { createOperariosService } from './operarios.service.js';
import { createPartesTrabajoService } from './partes-trabajo.service.js';

// Obras' part of the demo world (modules/README.md "Operarios", "Works"; flota-obras.md §8),
// through the services with the clock set to each step's date, so numbers run in date order and
// the alerts (Marta's certificate, today's draft) show. Safety documents are recorded without a
// scan, as inventario's.

// The works' responsable closes the demo partes, so their PDFs read "Responsable: Arturo Arquitecto".
const DEMO_USER = {
  sub: 'demo',
  email: null,
  name: 'Arturo Arquitecto',
  roles: ['administracion' as const],
};

type DemoOperario = {
  nombre: string;
  apellidos: string;
  documento: string;
  esquema: 'irata' | 'anetva';
  nivel: 1 | 2 | 3;
  vence: number;
};

const OPERARIOS: DemoOperario[] = [
  {
    nombre: 'Rafel',
    apellidos: 'Serra Bonet',
    documento: '43187654W',
    esquema: 'irata',
    nivel: 3,
    vence: 540,
  },
  {
    nombre: 'Biel',
    apellidos: 'Canyelles Mir',
    documento: '43876512X',
    esquema: 'irata',
    nivel: 3,
    vence: 200,
  },
  {
    nombre: 'Marta',
    apellidos: 'Oliver Fiol',
    documento: '18234567Y',
    esquema: 'irata',
    nivel: 2,
    vence: 20,
  },
  {
    nombre: 'Xisco',
    apellidos: 'Garau Rigo',
    documento: '42987123P',
    esquema: 'anetva',
    nivel: 2,
    vence: 400,
  },
  {
    nombre: 'Aina',
    apellidos: 'Ferragut Coll',
    documento: '41567234R',
    esquema: 'irata',
    nivel: 1,
    vence: 300,
  },
  {
    nombre: 'Tomeu',
    apellidos: 'Vich Crespí',
    documento: '43654321E',
    esquema: 'irata',
    nivel: 1,
    vence: -40,
  },
];

type DemoObra = {
  nombre: string;
  cliente: string;
  direccion: DireccionDemo;
  tipoTrabajo: TipoTrabajo;
  importe?: string;
};

const OBRA = {
  rehabilitacion: {
    nombre: 'Rehabilitación de fachada principal',
    cliente: 'H07281934',
    direccion: { municipio: 'Palma', calle: 'Passeig del Born', altura: 15 },
    tipoTrabajo: 'rehabilitacion',
    importe: '48600.00',
  },
  impermeabilizacion: {
    nombre: 'Impermeabilización de cubierta',
    cliente: 'A07334410',
    direccion: { municipio: 'Palma', calle: 'Carrer de Joan Miró', altura: 303 },
    tipoTrabajo: 'impermeabilizacion',
    importe: '27350.00',
  },
  limpieza: {
    nombre: 'Limpieza de fachada acristalada',
    cliente: 'B07345671',
    direccion: { municipio: 'Palma', calle: 'Avinguda de Gabriel Roca', altura: 18 },
    tipoTrabajo: 'limpieza',
    importe: '6900.00',
  },
  forjados: {
    nombre: 'Reparación de frentes de forjado',
    cliente: 'B07987654',
    direccion: { municipio: 'Alcúdia', calle: 'Passeig Marítim', altura: 12 },
    tipoTrabajo: 'fachadas',
    importe: '31200.00',
  },
  cornisas: {
    nombre: 'Saneamiento de cornisas y balcones',
    cliente: 'B07345671',
    direccion: { municipio: 'Palma', calle: 'Carrer de Sant Miquel', altura: 42 },
    tipoTrabajo: 'fachadas',
    importe: '12480.00',
  },
  lineaDeVida: {
    nombre: 'Instalación de línea de vida en cubierta',
    cliente: 'H07281934',
    direccion: { municipio: 'Palma', calle: 'Passeig del Born', altura: 15 },
    tipoTrabajo: 'cubiertas',
  },
} as const satisfies Record<string, DemoObra>;

export const demo = async ({ database, today: T }: DemoContext) => {
  let hoy = T;
  const today = () => hoy;
  const obras = createObrasService(database, today);
  const operarios = createOperariosService(database, today);
  const partes = createPartesTrabajoService(database, today, obras);
  const db = database.db;
  const dia = (n: number) => sumarDias(T, n);

  // Operarios, dated T−100; their certificates (3 years) and medical checks cover last year's work.
  hoy = dia(-100);
  const ids: Record<string, string> = {};
  for (const o of OPERARIOS) {
    const input: OperarioInput = {
      nombre: o.nombre,
      apellidos: o.apellidos,
      documento: o.documento,
      certificaciones: [
        {
          esquema: o.esquema,
          nivel: o.nivel,
          fechaEmision: dia(o.vence - 1095),
          fechaVencimiento: dia(o.vence),
        },
      ],
      formacionesPrl: [{ curso: 'PRL trabajos en altura', horas: '20.0', fecha: dia(-1000) }],
      reconocimientoMedico: { fecha: dia(-420), resultado: 'apto', vencimiento: dia(300) },
    };
    ids[o.nombre] = (await operarios.create(DEMO_USER, operarioCreateSchema.parse(input)))._id;
  }
  const miembro = (nombre: string, rol: 'supervisor' | 'tecnico' = 'tecnico') => ({
    operarioId: ids[nombre] ?? '',
    rol,
  });

  const crear = async (obra: DemoObra, extra: Partial<ObraInput> = {}) => {
    const clienteId = await clienteVerticalesPorDocumento(db, obra.cliente);
    if (!clienteId) throw new Error(`Mundo de demostración: falta el cliente ${obra.cliente}`);
    const input: ObraInput = {
      nombre: obra.nombre,
      clienteId,
      tipoTrabajo: obra.tipoTrabajo,
      direccion: await crearDireccionDemo(database, obra.direccion),
      importePresupuesto: 'importe' in obra ? obra.importe : undefined,
      responsable: 'Arturo Arquitecto',
      ...extra,
    };
    return (await obras.create(DEMO_USER, obraCreateSchema.parse(input)))._id;
  };
  const estado = async (
    id: string,
    accion: Parameters<typeof obras.estado>[2]['accion'],
    extra: { fecha?: string; motivo?: string } = {},
  ) => {
    const { version } = await obras.get(id);
    await obras.estado(DEMO_USER, id, { accion, version, ...extra });
  };
  const equipo = async (
    id: string,
    miembros: { operarioId: string; rol: 'supervisor' | 'tecnico' }[],
  ) => {
    const { version } = await obras.get(id);
    await obras.equipo(DEMO_USER, id, { miembros, version });
  };
  const seguridad = async (id: string, fecha: string) => {
    for (const categoria of ['evaluacion_riesgos', 'comunicacion_apertura'] as const)
      await insertDocumentoObra(db, {
        obraId: id,
        categoria,
        fechaDocumento: fecha,
        createdBySub: 'demo',
      });
  };
  const parte = async (
    obraId: string,
    fecha: string,
    nombres: string[],
    avance: number | undefined,
    cerrar: boolean,
  ) => {
    hoy = fecha;
    const creado = await partes.create(
      DEMO_USER,
      obraId,
      parteTrabajoCreateSchema.parse({
        fecha,
        operarios: nombres.map((n) => ({ operarioId: ids[n], horas: '8' })),
        tareas:
          'Saneado, reparación y protección de los elementos de fachada previstos para la jornada.',
        ...(avance === undefined ? {} : { avance }),
        meteorologia: { vientoKmh: 15, lluvia: false },
      }),
    );
    if (cerrar) await partes.cerrar(DEMO_USER, obraId, creado._id, creado.version);
  };

  // Last year's finished work: its code and its parte carry last year's number.
  const anterior = Number(T.slice(0, 4)) - 1;
  hoy = `${anterior}-11-20`;
  const cornisas = await crear(OBRA.cornisas, {
    fechaInicioPrevista: `${anterior}-11-20`,
    fechaFinPrevista: `${anterior}-12-05`,
    comunicacionApertura: { fecha: `${anterior}-11-18`, referencia: 'CA-PALMA-0931' },
  });
  await estado(cornisas, 'planificar');
  await equipo(cornisas, [miembro('Rafel', 'supervisor'), miembro('Biel')]);
  await seguridad(cornisas, `${anterior}-11-15`);
  await estado(cornisas, 'iniciar', { fecha: `${anterior}-11-20` });
  await parte(cornisas, `${anterior}-11-27`, ['Rafel', 'Biel'], 60, true);
  hoy = `${anterior}-12-05`;
  await estado(cornisas, 'finalizar', { fecha: `${anterior}-12-05` });

  // This year's works, in the listed order, created at T−90.
  hoy = dia(-90);
  const rehabilitacion = await crear(OBRA.rehabilitacion, {
    fechaInicioPrevista: dia(-20),
    fechaFinPrevista: dia(40),
    coordinadorSeguridad: 'Laura Pons Vidal',
    comunicacionApertura: { fecha: dia(-22), referencia: 'CA-PALMA-1187' },
  });
  const impermeabilizacion = await crear(OBRA.impermeabilizacion, {
    fechaInicioPrevista: dia(10),
    fechaFinPrevista: dia(25),
  });
  await crear(OBRA.limpieza);
  const forjados = await crear(OBRA.forjados, {
    fechaInicioPrevista: dia(-60),
    fechaFinPrevista: dia(20),
    comunicacionApertura: { fecha: dia(-62), referencia: 'CA-ALCUDIA-0212' },
  });
  const lineaDeVida = await crear(OBRA.lineaDeVida);

  hoy = dia(-80);
  await estado(impermeabilizacion, 'planificar');
  await equipo(impermeabilizacion, [miembro('Biel', 'supervisor'), miembro('Aina')]);
  await estado(lineaDeVida, 'cancelar', { motivo: 'El cliente no aceptó el presupuesto' });

  // The paused work: started T−60, partes to 55 %, paused by the wind.
  await estado(forjados, 'planificar');
  await equipo(forjados, [miembro('Biel', 'supervisor'), miembro('Xisco')]);
  await seguridad(forjados, dia(-65));
  hoy = dia(-60);
  await estado(forjados, 'iniciar', { fecha: dia(-60) });
  for (const [i, avance] of [15, 25, 35, 45, 55].entries())
    await parte(forjados, dia(-59 + 2 * i), ['Biel', 'Xisco'], avance, true);
  hoy = dia(-45);
  await estado(forjados, 'pausar', { motivo: 'Temporal de viento: rachas previstas de 70 km/h' });

  // The work in progress: started T−20, ten closed partes to 35 % and today's draft.
  hoy = dia(-25);
  await estado(rehabilitacion, 'planificar');
  await equipo(rehabilitacion, [
    miembro('Rafel', 'supervisor'),
    miembro('Marta'),
    miembro('Xisco'),
  ]);
  await seguridad(rehabilitacion, dia(-25));
  hoy = dia(-20);
  await estado(rehabilitacion, 'iniciar', { fecha: dia(-20) });
  for (let i = 1; i <= 10; i += 1)
    await parte(
      rehabilitacion,
      dia(-21 + 2 * i),
      ['Rafel', 'Marta', 'Xisco'],
      Math.round(3.5 * i),
      true,
    );
  await parte(rehabilitacion, T, ['Rafel', 'Marta', 'Xisco'], undefined, false);
};
