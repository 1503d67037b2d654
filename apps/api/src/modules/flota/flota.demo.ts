import { sumarDias, sumarMeses } from '@tvsistema/domain/fechas';
import {
  camionCreateSchema,
  conductorCreateSchema,
  itvBodySchema,
  lecturaKmBodySchema,
  mantenimientoCamionBodySchema,
  type CamionInput,
  type ConductorInput,
} from '@tvsistema/domain/flota';
import type { DemoContext } from '../../module.js';
import { hayCamiones, proveedorTransportePorDocumento } from './camiones.repository.js';
import { createCamionesService } from './camiones.service.js';
import { createConductoresService } from './conductores.service.js';
import { createRegistrosService } from './registros.service.js';

// Flota's part of the demo world (modules/README.md "Fleet" and "Drivers"; flota-obras.md §8),
// through the services as a user would, relative to the seed day T so the alerts always show:
// 4417 KTM's ITV (T+12) and tachograph revision (T+18), 2093 HBL's revisión 900 km ahead,
// 8862 LDS's policy (T+9) and Miquel's CAP (T+25).

const TALLER = 'B07451230'; // Talleres Son Castelló
const NEUMATICOS = 'B07123987'; // Neumàtics Llevant
const TACOGRAFOS = 'B07634199'; // Tacògrafs Mallorca

type Lectura = { dias: number; km: number };
type Mant = {
  dias: number;
  km: number;
  tipo: 'revision' | 'neumaticos' | 'frenos' | 'tacografo' | 'reparacion';
  taller?: string;
  coste: string;
  descripcion: string;
  proximoKm?: number;
  proximaDias?: number;
};
type DemoCamion = {
  body: CamionInput;
  conductor?: string;
  /** The ITV card's date and one favourable inspection on it (the chain starts there). */
  itvEn?: number;
  lecturas?: Lectura[];
  mantenimientos?: Mant[];
  estado?: { accion: 'enviar_taller' | 'dar_baja'; dias: number; motivo?: string };
  /** A tachograph revision recorded as a mantenimiento at Tacògrafs Mallorca. */
  revisionTacografo?: string;
};

const seguro = (t: string, dias: number) => ({
  aseguradora: 'Mapfre',
  poliza: `MT-${String(dias).padStart(4, '0')}`,
  cobertura: 'todo_riesgo' as const,
  vencimiento: sumarDias(t, dias),
  primaAnual: '1850.00',
});

/** Six monthly readings ending at `km` on T. */
const mensuales = (km: number, porMes: number): Lectura[] =>
  [5, 4, 3, 2, 1, 0].map((meses) => ({ dias: -30 * meses, km: km - meses * porMes }));

const conductores = (t: string): (ConductorInput & { clave: string })[] => [
  {
    clave: 'joan',
    nombre: 'Joan',
    apellidos: 'Pons Amengual',
    documento: '43123456C',
    clasesPermiso: ['B', 'C', 'CE'],
    permisoVencimiento: sumarDias(t, 1500),
    capVencimiento: sumarDias(t, 400),
    tarjetaTacografo: { numero: 'E000043123456', vencimiento: sumarDias(t, 700) },
  },
  {
    clave: 'miquel',
    nombre: 'Miquel',
    apellidos: 'Ferrer Vidal',
    documento: '41234567Y',
    clasesPermiso: ['B', 'C'],
    permisoVencimiento: sumarDias(t, 1200),
    capVencimiento: sumarDias(t, 25),
  },
  {
    clave: 'antoni',
    nombre: 'Antoni',
    apellidos: 'Bauzà Mas',
    documento: '43098765P',
    clasesPermiso: ['B', 'C', 'CE'],
    permisoVencimiento: sumarDias(t, 1800),
    capVencimiento: sumarDias(t, 600),
  },
  {
    clave: 'lucas',
    nombre: 'Lucas',
    apellidos: 'Martín Rosselló',
    documento: '78212345V',
    clasesPermiso: ['B', 'C1'],
    permisoVencimiento: sumarDias(t, 2000),
    capVencimiento: sumarDias(t, 500),
  },
  {
    clave: 'pere',
    nombre: 'Pere',
    apellidos: 'Riera Sastre',
    documento: '43211987R',
    clasesPermiso: ['B', 'C'],
    permisoVencimiento: sumarDias(t, 900),
    capVencimiento: sumarDias(t, 300),
    activo: false,
  },
];

const flota = (t: string, alta: string): DemoCamion[] => [
  {
    body: {
      matricula: '4417KTM',
      bastidor: 'YV2RT40A7KB912345',
      tipo: 'tractora',
      marca: 'Volvo',
      modelo: 'FH 500',
      fechaPrimeraMatriculacion: '2019-05-14',
      fechaAlta: alta,
      mmaKg: 18_000,
      taraKg: 7450,
      autorizacion: { tipo: 'MDP', numero: '11223344', visadoHasta: sumarDias(t, 600) },
      seguro: seguro(t, 200),
      tacografo: {
        tipo: 'inteligente',
        numeroSerie: 'VDO-4417',
        ultimaRevision: sumarMeses(sumarDias(t, 18), -24),
        ultimaDescarga: sumarDias(t, -20),
      },
    },
    conductor: 'joan',
    revisionTacografo: sumarMeses(sumarDias(t, 18), -24),
    itvEn: 12,
    lecturas: mensuales(612_340, 9000),
    mantenimientos: [
      {
        dias: -80,
        km: 588_000,
        tipo: 'neumaticos',
        taller: NEUMATICOS,
        coste: '2480.00',
        descripcion: 'Cuatro neumáticos de tracción',
      },
      {
        dias: -40,
        km: 600_000,
        tipo: 'revision',
        taller: TALLER,
        coste: '640.00',
        descripcion: 'Aceite y filtros',
        proximoKm: 660_000,
      },
    ],
  },
  {
    body: {
      matricula: 'R7731BCF',
      bastidor: 'VLUR4X20109123456',
      tipo: 'semirremolque',
      carroceria: 'gondola',
      marca: 'Lecitrailer',
      modelo: 'Góndola 3 ejes',
      fechaPrimeraMatriculacion: '2020-03-10',
      fechaAlta: alta,
      mmaKg: 36_000,
      taraKg: 9800,
      seguro: seguro(t, 250),
    },
    itvEn: 95,
  },
  {
    body: {
      matricula: '2093HBL',
      bastidor: 'ZCFA1LM0X02612345',
      tipo: 'rigido',
      carroceria: 'grua',
      marca: 'Iveco',
      modelo: 'Eurocargo 120E25',
      fechaPrimeraMatriculacion: '2011-09-03',
      fechaAlta: alta,
      mmaKg: 12_000,
      taraKg: 6900,
      autorizacion: { tipo: 'MDP', numero: '55667788', visadoHasta: sumarDias(t, 600) },
      seguro: seguro(t, 180),
      tacografo: {
        tipo: 'digital',
        numeroSerie: 'SE5000-2093',
        ultimaRevision: sumarDias(t, -300),
        ultimaDescarga: sumarDias(t, -10),
      },
    },
    conductor: 'miquel',
    itvEn: 70,
    lecturas: mensuales(388_900, 4000),
    mantenimientos: [
      {
        dias: -120,
        km: 372_900,
        tipo: 'revision',
        taller: TALLER,
        coste: '520.00',
        descripcion: 'Aceite, filtros y engrase de la grúa',
        proximoKm: 389_800,
      },
      {
        dias: -45,
        km: 382_000,
        tipo: 'frenos',
        coste: '310.00',
        descripcion: 'Pastillas del eje delantero',
      },
    ],
  },
  {
    body: {
      matricula: '8862LDS',
      bastidor: 'WDB96340810738467',
      tipo: 'rigido',
      carroceria: 'volquete',
      marca: 'Mercedes-Benz',
      modelo: 'Actros 3243',
      fechaPrimeraMatriculacion: '2021-11-22',
      fechaAlta: alta,
      mmaKg: 32_000,
      taraKg: 12_000,
      autorizacion: { tipo: 'MDP', numero: '99001122', visadoHasta: sumarDias(t, 600) },
      seguro: seguro(t, 9),
      tacografo: {
        tipo: 'digital',
        numeroSerie: 'SE5000-8862',
        ultimaRevision: sumarDias(t, -200),
        ultimaDescarga: sumarDias(t, -5),
      },
    },
    conductor: 'antoni',
    itvEn: 150,
    lecturas: mensuales(241_500, 7000),
    mantenimientos: [
      {
        dias: -60,
        km: 227_000,
        tipo: 'neumaticos',
        taller: NEUMATICOS,
        coste: '1960.00',
        descripcion: 'Neumáticos del eje trasero',
      },
      {
        dias: -30,
        km: 234_500,
        tipo: 'revision',
        taller: TALLER,
        coste: '590.00',
        descripcion: 'Aceite y filtros',
        proximoKm: 284_500,
        proximaDias: 335,
      },
    ],
  },
  {
    body: {
      matricula: '5120MNP',
      bastidor: 'VF1MA0006N5812345',
      tipo: 'furgoneta',
      carroceria: 'furgon',
      marca: 'Renault',
      modelo: 'Master',
      fechaPrimeraMatriculacion: '2023-02-15',
      fechaAlta: alta,
      mmaKg: 3500,
      taraKg: 2100,
      autorizacion: { tipo: 'MDL', numero: '33445566', visadoHasta: sumarDias(t, 600) },
      seguro: seguro(t, 300),
      // 3 500 kg: no tachograph needed (Reglamento (CE) 561/2006 applies above it).
      tacografo: { tipo: 'no_lleva' },
    },
    conductor: 'lucas',
    itvEn: 80,
    lecturas: mensuales(64_200, 2500),
    // §8: 2–4 mantenimientos per active motor vehicle, tyres at Neumàtics Llevant.
    mantenimientos: [
      {
        dias: -200,
        km: 50_000,
        tipo: 'neumaticos',
        taller: NEUMATICOS,
        coste: '420.00',
        descripcion: 'Cuatro neumáticos',
      },
      {
        dias: -50,
        km: 60_000,
        tipo: 'revision',
        coste: '180.00',
        descripcion: 'Aceite y filtros (taller propio)',
        proximaDias: 315,
      },
    ],
  },
  {
    body: {
      matricula: '6754JRW',
      bastidor: 'WMA06XZZ8JP110234',
      tipo: 'tractora',
      marca: 'MAN',
      modelo: 'TGS 18.440',
      fechaPrimeraMatriculacion: '2016-06-10',
      fechaAlta: alta,
      mmaKg: 18_000,
      taraKg: 7900,
      autorizacion: { tipo: 'MDP', numero: '77889900', visadoHasta: sumarDias(t, 600) },
      seguro: seguro(t, 120),
      tacografo: {
        tipo: 'digital',
        numeroSerie: 'SE5000-6754',
        ultimaRevision: sumarDias(t, -400),
        ultimaDescarga: sumarDias(t, -30),
      },
    },
    itvEn: 40,
    lecturas: mensuales(845_000, 6000),
    mantenimientos: [
      {
        dias: -3,
        km: 845_000,
        tipo: 'reparacion',
        taller: TALLER,
        coste: '0.00',
        descripcion: 'Avería del embrague: en el taller',
      },
      {
        dias: -90,
        km: 827_000,
        tipo: 'revision',
        taller: TALLER,
        coste: '610.00',
        descripcion: 'Aceite y filtros',
        proximoKm: 887_000,
      },
    ],
    estado: { accion: 'enviar_taller', dias: -3 },
  },
  {
    body: {
      matricula: 'PM4821BZ',
      bastidor: 'VNVF3000275312345',
      tipo: 'rigido',
      marca: 'Nissan',
      modelo: 'Cabstar',
      fechaPrimeraMatriculacion: '1998-04-20',
      fechaAlta: alta,
      mmaKg: 3500,
      taraKg: 1900,
      itvProximaInicial: sumarDias(t, -20),
      seguro: seguro(t, -20),
      autorizacion: { tipo: 'MDL', numero: '20048821', visadoHasta: sumarDias(t, 150) },
      tacografo: { tipo: 'no_lleva' },
    },
    estado: { accion: 'dar_baja', dias: -15, motivo: 'Desguace' },
  },
];

/** The fleet's part of the demo world, once (a database with vehicles is left as it is). */
export const demo = async ({ database, today }: DemoContext) => {
  if (await hayCamiones(database.db)) return;
  const t = today;
  const alta = sumarDias(t, -100);
  const clock = () => t;
  const camiones = createCamionesService(database, clock);
  const registros = createRegistrosService(database, clock, camiones);
  const conductoresService = createConductoresService(database, clock);
  const ids = new Map<string, string>();
  for (const { clave, ...input } of conductores(t)) {
    const conductor = await conductoresService.create(
      undefined,
      conductorCreateSchema.parse(input),
    );
    ids.set(clave, conductor._id);
  }
  const talleres = new Map<string, string | undefined>();
  for (const documento of [TALLER, NEUMATICOS, TACOGRAFOS])
    talleres.set(documento, await proveedorTransportePorDocumento(database.db, documento));

  for (const v of flota(t, alta)) {
    const inicial =
      v.itvEn === undefined
        ? undefined
        : sumarMeses(
            sumarDias(t, v.itvEn),
            -(v.body.matricula === '2093HBL' || v.body.matricula === '6754JRW' ? 6 : 12),
          );
    const { data: camion } = await camiones.create(
      undefined,
      camionCreateSchema.parse({
        ...v.body,
        ...(inicial ? { itvProximaInicial: inicial } : {}),
        ...(v.conductor ? { conductorHabitualId: ids.get(v.conductor) } : {}),
      }),
    );
    // The card's date, inspected on the day: the chain moves it one period on (to T + itvEn).
    if (inicial)
      await registros.itv.create(
        undefined,
        camion._id,
        itvBodySchema.parse({
          fecha: inicial,
          estacion: 'ITV Son Castelló',
          resultado: 'favorable',
        }),
      );
    // 4417 KTM's tachograph revision at Tacògrafs Mallorca, dated as its card says.
    if (v.revisionTacografo)
      await registros.mantenimientos.create(
        undefined,
        camion._id,
        mantenimientoCamionBodySchema.parse({
          fecha: v.revisionTacografo,
          km: 420_000,
          tipo: 'tacografo',
          tallerId: talleres.get(TACOGRAFOS) ?? null,
          coste: '185.00',
          descripcion: 'Revisión bienal del tacógrafo',
        }),
      );
    const eventos = [
      ...(v.lecturas ?? []).map((l) => ({
        dias: l.dias,
        orden: 1,
        hacer: () =>
          registros.lecturas.create(
            undefined,
            camion._id,
            lecturaKmBodySchema.parse({ fecha: sumarDias(t, l.dias), km: l.km, confirmada: true }),
          ),
      })),
      ...(v.mantenimientos ?? []).map((m) => ({
        dias: m.dias,
        orden: 0,
        hacer: () =>
          registros.mantenimientos.create(
            undefined,
            camion._id,
            mantenimientoCamionBodySchema.parse({
              fecha: sumarDias(t, m.dias),
              km: m.km,
              tipo: m.tipo,
              tallerId: m.taller ? (talleres.get(m.taller) ?? null) : null,
              coste: m.coste,
              descripcion: m.descripcion,
              ...(m.proximoKm ? { proximoKm: m.proximoKm } : {}),
              ...(m.proximaDias ? { proximaFecha: sumarDias(t, m.proximaDias) } : {}),
            }),
          ),
      })),
    ].sort((a, b) => a.dias - b.dias || a.orden - b.orden);
    for (const evento of eventos) await evento.hacer();
    if (v.estado) {
      const actual = await camiones.get(camion._id);
      await camiones.cambiarEstado(
        undefined,
        camion._id,
        {
          accion: v.estado.accion,
          fecha: sumarDias(t, v.estado.dias),
          ...(v.estado.motivo ? { motivo: v.estado.motivo } : {}),
        },
        actual.version,
      );
    }
  }
};
