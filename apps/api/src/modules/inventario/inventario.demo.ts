import { sumarDias, sumarMeses } from '@tvsistema/domain/fechas';
import {
  componenteCreateSchema,
  conceptoCreateSchema,
  maquinaCreateSchema,
  type ComponenteInput,
  type ConceptoInput,
  type MaquinaInput,
  type TipoDocumentoMaquina,
} from '@tvsistema/domain/inventario';
import { insertDocumento, proveedorAlquileresPorDocumento } from './documentos.repository.js';
import { hayMaquinas } from './maquinas.repository.js';
import type { DemoContext } from '../../module.js';
import { createAndamiosService } from './andamios.service.js';
import { createConceptosService } from './conceptos.service.js';
import { createMantenimientosService } from './mantenimientos.service.js';
import { createMaquinasService } from './maquinas.service.js';

// Inventario's part of the demo world (modules/README.md "Machines", "Scaffolding components",
// "Conceptos"; inventario.md §8), through the services as a user would, dated T−100. Machines
// start at the reading their first albarán starts from, so comercial's and logística's seeds
// leave the listed hour meters. The documents are recorded without a file (the demo has no
// scans); their dates drive the avisos.

type DemoMaquina = MaquinaInput & {
  documentos?: { tipo: TipoDocumentoMaquina; caduca?: number }[];
};

const tarifas = (
  dia: string,
  semana: string,
  mes: string,
  extra: Partial<MaquinaInput['tarifas']> = {},
) => ({
  dia,
  semana,
  mes,
  ...extra,
});
const basicos: { tipo: TipoDocumentoMaquina }[] = [{ tipo: 'declaracion_ce' }, { tipo: 'manual' }];

const maquinas = (hoy: string): DemoMaquina[] => [
  {
    tipo: 'miniexcavadora',
    marca: 'Kubota',
    modelo: 'U17-3α',
    anio: 2021,
    numeroSerie: 'U17-35124',
    pesoKg: '1680.0',
    horometroInicial: '1801.0',
    tarifas: tarifas('95.00', '380.00', '1100.00', {
      horasIncluidasDia: 8,
      horaExtra: '18.00',
      fianza: '300.00',
    }),
    documentos: basicos,
  },
  {
    tipo: 'miniexcavadora',
    marca: 'Yanmar',
    modelo: 'ViO26-6',
    anio: 2022,
    numeroSerie: 'VIO26-60412',
    pesoKg: '2610.0',
    horometroInicial: '1122.0',
    tarifas: tarifas('120.00', '480.00', '1400.00'),
    documentos: basicos,
  },
  {
    tipo: 'excavadora',
    marca: 'Komatsu',
    modelo: 'PC138US-11',
    anio: 2019,
    numeroSerie: 'PC138-50731',
    pesoKg: '13600.0',
    horometroInicial: '6230.0',
    tarifas: tarifas('290.00', '1150.00', '3300.00'),
    documentos: basicos,
  },
  {
    tipo: 'plataforma_tijera',
    marca: 'Genie',
    modelo: 'GS-1932',
    anio: 2020,
    numeroSerie: 'GS3220A-158734',
    pesoKg: '1234.0',
    horometroInicial: '398.0',
    combustible: 'electrico',
    diasPreparacion: 1,
    tarifas: tarifas('70.00', '260.00', '720.00'),
    planRevisiones: [
      {
        nombre: 'Revisión anual (UNE 58921)',
        cadaMeses: 12,
        ultimaFecha: sumarMeses(sumarDias(hoy, 20), -12),
      },
    ],
    documentos: basicos,
  },
  {
    tipo: 'plataforma_articulada',
    marca: 'JLG',
    modelo: '450AJ',
    anio: 2018,
    numeroSerie: '0300215478',
    pesoKg: '6800.0',
    horometroInicial: '3050.4',
    tarifas: tarifas('180.00', '720.00', '2000.00'),
    documentos: basicos,
  },
  {
    tipo: 'manipulador_telescopico',
    marca: 'Manitou',
    modelo: 'MT 1440',
    anio: 2017,
    numeroSerie: 'MT1440-885214',
    pesoKg: '11200.0',
    horometroInicial: '4410.0',
    matricula: 'E4821BFK',
    fechaMatriculacion: '2017-03-15',
    requiereItv: true,
    tarifas: tarifas('160.00', '640.00', '1800.00'),
    documentos: [
      ...basicos,
      { tipo: 'permiso_circulacion' },
      { tipo: 'itv', caduca: 120 },
      { tipo: 'seguro', caduca: 300 },
    ],
  },
  {
    tipo: 'dumper',
    marca: 'Ausa',
    modelo: 'D350AHG',
    anio: 2020,
    numeroSerie: 'D350-20-1177',
    pesoKg: '2300.0',
    horometroInicial: '980.0',
    tarifas: tarifas('85.00', '340.00', '950.00'),
    documentos: [{ tipo: 'declaracion_ce' }],
  },
  {
    tipo: 'generador',
    marca: 'Atlas Copco',
    modelo: 'QAS 30',
    anio: 2021,
    numeroSerie: 'QAS30-ACP-2214',
    pesoKg: '1100.0',
    horometroInicial: '2104.0',
    tarifas: tarifas('65.00', '250.00', '700.00'),
    planRevisiones: [{ nombre: 'Mantenimiento 500 h', cadaHoras: 500, ultimasHoras: '1600.0' }],
    documentos: basicos,
  },
  {
    tipo: 'plataforma_telescopica',
    marca: 'Haulotte',
    modelo: 'HT16 RTJ',
    anio: 2008,
    numeroSerie: 'HT16-08-4412',
    pesoKg: '7000.0',
    horometroInicial: '9870.0',
    tarifas: tarifas('150.00', '600.00', '1700.00'),
    documentos: basicos,
  },
];

const componente = (
  codigo: string,
  nombre: string,
  categoria: ComponenteInput['categoria'],
  pesoKg: string,
  dia: string,
  stockInicial: number,
  extra: Partial<ComponenteInput> = {},
): ComponenteInput => ({
  codigo,
  nombre,
  categoria,
  pesoKg,
  sistema: 'Europeo 70',
  precios: { dia },
  stockInicial,
  ...extra,
});

const COMPONENTES: ComponenteInput[] = [
  componente('MAR-200-073', 'Marco 2,00 × 0,73 m', 'marco', '18.500', '0.0500', 1224, {
    precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.0000' },
  }),
  componente('MAR-100-073', 'Marco 1,00 × 0,73 m', 'marco', '11.200', '0.0400', 300),
  componente(
    'PLA-307-032',
    'Plataforma de acero 3,07 × 0,32 m',
    'plataforma',
    '19.000',
    '0.0600',
    1600,
  ),
  componente(
    'PLA-307-061',
    'Plataforma con trampilla 3,07 × 0,61 m',
    'plataforma',
    '25.000',
    '0.1500',
    200,
  ),
  componente('BAR-307', 'Barandilla doble 3,07 m', 'barandilla', '5.400', '0.0300', 1400),
  componente('DIA-307', 'Diagonal 3,07 m', 'diagonal', '4.800', '0.0300', 600),
  componente('HUS-060', 'Husillo base 0,60 m', 'husillo', '3.600', '0.0250', 500),
  componente('BAS-150', 'Base fija 150 × 150 mm', 'base', '1.800', '0.0100', 500),
  componente('ROD-307', 'Rodapié 3,07 m', 'rodapie', '4.200', '0.0200', 800),
  componente('ANC-040', 'Anclaje a fachada 0,40 m', 'anclaje', '1.100', '0.0150', 900, {
    stockMinimo: 1000,
  }),
];

const CONCEPTOS: ConceptoInput[] = [
  {
    codigo: 'TRA-IDA',
    nombre: 'Transporte ida — Palma y alrededores',
    tipo: 'transporte',
    unidad: 'viaje',
    precio: '85.00',
  },
  {
    codigo: 'TRA-VUE',
    nombre: 'Transporte vuelta — Palma y alrededores',
    tipo: 'transporte',
    unidad: 'viaje',
    precio: '85.00',
  },
  {
    codigo: 'TRA-KM',
    nombre: 'Transporte fuera de zona',
    tipo: 'transporte',
    unidad: 'km',
    precio: '1.6000',
  },
  {
    codigo: 'MON-AND',
    nombre: 'Montaje de andamio',
    tipo: 'montaje',
    unidad: 'm2',
    precio: '6.5000',
    aplicaA: 'andamios',
  },
  {
    codigo: 'DES-AND',
    nombre: 'Desmontaje de andamio',
    tipo: 'desmontaje',
    unidad: 'm2',
    precio: '4.0000',
    aplicaA: 'andamios',
  },
  {
    codigo: 'FIA-MAQ',
    nombre: 'Fianza de maquinaria',
    tipo: 'fianza',
    unidad: 'unidad',
    precio: '300.00',
    tipoIva: 0,
    motivoIva0: 'no_sujeta',
    aplicaA: 'maquinaria',
  },
  {
    codigo: 'SEG-DAN',
    nombre: 'Seguro de daños',
    tipo: 'seguro',
    unidad: 'porcentaje',
    precio: '8',
  },
  {
    codigo: 'LIM-MAQ',
    nombre: 'Limpieza de máquina',
    tipo: 'limpieza',
    unidad: 'unidad',
    precio: '45.00',
    aplicaA: 'maquinaria',
  },
];

/** Inventario's part of the demo world, once (a database with machines is left as it is). */
export const demo = async ({ database, today }: DemoContext) => {
  if (await hayMaquinas(database.db)) return;
  const t = sumarDias(today, -100);
  const alta = () => t;
  const maquinasService = createMaquinasService(database, alta);
  const andamios = createAndamiosService(database, alta);
  const conceptos = createConceptosService(database);
  const creadas = new Map<string, { _id: string; version: number }>();
  for (const { documentos = [], ...input } of maquinas(today)) {
    const maquina = await maquinasService.create(
      undefined,
      maquinaCreateSchema.parse({ ...input, fechaAdquisicion: t }),
    );
    creadas.set(maquina.codigoInterno, maquina);
    for (const documento of documentos)
      await insertDocumento(database.db, {
        maquinaId: maquina._id,
        tipo: documento.tipo,
        fechaEmision: t,
        fechaCaducidad: documento.caduca === undefined ? null : sumarDias(t, documento.caduca),
      });
  }
  for (const input of COMPONENTES) {
    const c = await andamios.create(undefined, componenteCreateSchema.parse(input));
    if (c.codigo === 'MAR-200-073')
      await andamios.reparacion(undefined, c._id, {
        tipo: 'enviar',
        cantidad: 24,
        fecha: t,
        motivo: 'Marcos doblados',
      });
  }
  for (const input of CONCEPTOS)
    await conceptos.create(undefined, conceptoCreateSchema.parse(input));

  // PAR-001 at the workshop since T−2; PTL-001 sold.
  const taller = await proveedorAlquileresPorDocumento(database.db, 'B07451230');
  const par = creadas.get('PAR-001');
  if (par)
    await createMantenimientosService(
      database,
      () => sumarDias(today, -2),
      createMaquinasService(database, () => sumarDias(today, -2)),
    ).create(undefined, par._id, {
      tipo: 'revision',
      descripcion: 'Revisión 500 h',
      urgente: true,
      ...(taller ? { tallerId: taller } : {}),
    });
  // Beyond §8, so the dashboard's "Próximos eventos" has a maintenance in its 7 days: GEN-001's
  // overdue 500 h service, booked at the workshop for T+3.
  const gen = creadas.get('GEN-001');
  if (gen)
    await createMantenimientosService(database, () => today, maquinasService).create(
      undefined,
      gen._id,
      {
        tipo: 'revision',
        descripcion: 'Mantenimiento 500 h',
        fechaInicio: sumarDias(today, 3),
        fechaFinPrevista: sumarDias(today, 4),
        urgente: false,
        ...(taller ? { tallerId: taller } : {}),
      },
    );
  const ptl = creadas.get('PTL-001');
  if (ptl)
    await maquinasService.baja(
      undefined,
      ptl._id,
      { fecha: t, motivo: 'venta', detalle: 'Vendida a un particular' },
      ptl.version,
    );
};
