import {
  alquilerCreateSchema,
  plantillaCreateSchema,
  presupuestoCreateSchema,
  type LineaInput,
} from '@tvsistema/domain/comercial';
import { sumarDias } from '@tvsistema/domain/fechas';
import type { DemoContext } from '../../module.js';
import { crearDireccionDemo } from '../localizacion/index.js';
import { createAlquileresService } from './alquileres.service.js';
import { hayComercial, idsDemo } from './comercial.repository.js';
import { createPresupuestosService } from './presupuestos.service.js';

// Comercial's part of the demo world (modules/README.md "Rentals", comercial.md §8): templates,
// quotes P-00001…P-00004 and a draft, rentals A-00001…A-00008 in that order, each written by the
// services on the day it was made (so past rentals book past dates). They stay `reservado` until
// logística's seed reports their albaranes through §2.7; A-00008 is cancelled.

export const demo = async ({ database, today: T }: DemoContext) => {
  if (await hayComercial(database.db)) return;
  const ids = await idsDemo(database.db);
  const dia = (n: number) => sumarDias(T, n);
  const en = (n: number) => ({
    presupuestos: createPresupuestosService(database, () => dia(n)),
    alquileres: createAlquileresService(database, () => dia(n)),
  });
  const id = (mapa: Map<string, string>, clave: string) => {
    const valor = mapa.get(clave);
    if (!valor) throw new Error(`Demo comercial: falta ${clave}`);
    return valor;
  };
  const cliente = (nombre: string) => id(ids.cliente, nombre);
  const maquina = (codigo: string, desde: number, hasta: number): LineaInput => ({
    clase: 'maquina',
    maquinaId: id(ids.maquina, codigo),
    fechaInicio: dia(desde),
    fechaFin: dia(hasta),
  });
  const andamio = (
    codigo: string,
    cantidad: number,
    desde: number,
    hasta: number,
    minimo = 1,
  ): LineaInput => ({
    clase: 'andamio',
    componenteId: id(ids.componente, codigo),
    cantidad: String(cantidad),
    fechaInicio: dia(desde),
    fechaFin: dia(hasta),
    diasMinimos: minimo,
  });
  const concepto = (codigo: string, fecha: number, cantidad = 1): LineaInput => ({
    clase: 'concepto',
    conceptoId: id(ids.concepto, codigo),
    cantidad: String(cantidad),
    fecha: dia(fecha),
    fechaInicio: dia(fecha),
    fechaFin: dia(fecha),
  });
  const palma = await crearDireccionDemo(database, {
    municipio: 'Palma',
    calle: 'Carrer de Sant Miquel',
    altura: 24,
    codigoPostal: '07002',
  });
  const calaMajor = await crearDireccionDemo(database, {
    municipio: 'Palma',
    calle: 'Carrer de Joan Miró',
    altura: 303,
    codigoPostal: '07015',
  });
  const inca = await crearDireccionDemo(database, { municipio: 'Inca' });
  const marratxi = await crearDireccionDemo(database, { municipio: 'Marratxí' });

  // Templates (§8).
  const t0 = en(-100);
  const fachada = await t0.presupuestos.plantillas.create(
    undefined,
    plantillaCreateSchema.parse({
      nombre: 'Andamio fachada 100 m² (1 mes)',
      duracionDias: 30,
      lineas: [
        {
          clase: 'andamio',
          componenteId: id(ids.componente, 'MAR-200-073'),
          cantidad: '250',
          diasMinimos: 30,
        },
        {
          clase: 'andamio',
          componenteId: id(ids.componente, 'PLA-307-032'),
          cantidad: '120',
          diasMinimos: 30,
        },
        { clase: 'concepto', conceptoId: id(ids.concepto, 'MON-AND'), cantidad: '100' },
        { clase: 'concepto', conceptoId: id(ids.concepto, 'DES-AND'), cantidad: '100' },
        { clase: 'concepto', conceptoId: id(ids.concepto, 'TRA-IDA') },
        { clase: 'concepto', conceptoId: id(ids.concepto, 'TRA-VUE') },
      ],
    }),
  );
  await t0.presupuestos.plantillas.create(
    undefined,
    plantillaCreateSchema.parse({
      nombre: 'Miniexcavadora por semanas',
      duracionDias: 7,
      lineas: [
        { clase: 'maquina', maquinaId: id(ids.maquina, 'MEX-001') },
        { clase: 'concepto', conceptoId: id(ids.concepto, 'TRA-IDA') },
        { clase: 'concepto', conceptoId: id(ids.concepto, 'TRA-VUE') },
        { clase: 'concepto', conceptoId: id(ids.concepto, 'SEG-DAN') },
      ],
    }),
  );

  const alquiler = (n: number, body: Record<string, unknown>) =>
    en(n).alquileres.create(undefined, alquilerCreateSchema.parse(body));

  // A-00001, A-00002.
  await alquiler(-80, {
    clienteId: cliente('Construcciones Ferrer Pons, S.L.'),
    obraNombre: 'Edificio Son Rapinya',
    direccionObra: palma,
    facturacion: 'al_finalizar',
    lineas: [
      andamio('MAR-200-073', 250, -75, -46, 30),
      andamio('PLA-307-032', 120, -75, -46, 30),
      concepto('MON-AND', -75, 100),
      concepto('DES-AND', -46, 100),
      concepto('TRA-IDA', -75),
      concepto('TRA-VUE', -46),
    ],
  });
  await alquiler(-50, {
    clienteId: cliente('Hotel Cala Major, S.A.'),
    obraNombre: 'Mantenimiento de fachada',
    direccionObra: calaMajor,
    lineas: [maquina('PTJ-001', -44, -31), concepto('TRA-IDA', -44), concepto('TRA-VUE', -31)],
  });

  // P-00001 → A-00003 (Construcciones Llevant), with its fianza cobrada.
  const p1dia = en(-45);
  const p1 = await p1dia.presupuestos.create(
    undefined,
    presupuestoCreateSchema.parse({
      clienteId: cliente('Construcciones Llevant, S.L.'),
      obraNombre: 'Rehabilitación fachada Sant Miquel',
      direccionObra: palma,
      fechaInicio: dia(-40),
      fechaFin: dia(50),
      fianza: '1500.00',
      plantillaId: fachada._id,
      lineas: [
        andamio('MAR-200-073', 120, -40, 50),
        andamio('DIA-307', 160, -40, 50),
        andamio('PLA-307-032', 40, -40, 50),
        andamio('HUS-060', 20, -40, 50),
        concepto('TRA-IDA', -40),
      ],
    }),
  );
  const p1enviado = await p1dia.presupuestos.enviar(undefined, p1._id, p1.version);
  const { alquiler: a3 } = await en(-42).presupuestos.aceptar(
    undefined,
    p1._id,
    {},
    p1enviado.version,
  );
  await en(-40).alquileres.fianza(undefined, a3._id, a3.version, {
    estado: 'cobrada',
    formaPago: 'transferencia',
    fechaCobro: dia(-40),
  });

  // A-00004 (fianza of MEX-001 cobrada con tarjeta), A-00005, A-00006, A-00007, A-00008.
  const a4 = await alquiler(-36, {
    clienteId: cliente('Reformas Tramuntana, S.L.'),
    obraNombre: 'Zanja de saneamiento',
    direccionObra: inca,
    lineas: [maquina('MEX-001', -35, -29)],
  });
  await en(-35).alquileres.fianza(undefined, a4._id, a4.version, {
    estado: 'cobrada',
    formaPago: 'tarjeta',
    fechaCobro: dia(-35),
  });
  await alquiler(-25, {
    clienteId: cliente('Construcciones Ferrer Pons, S.L.'),
    obraNombre: 'Urbanización Sa Cabaneta',
    direccionObra: marratxi,
    lineas: [maquina('MEX-002', -24, -3)],
  });
  await alquiler(-11, {
    clienteId: cliente('Miquel Oliver Riera'),
    obraNombre: 'Obra en Palma',
    direccionObra: palma,
    lineas: [maquina('GEN-001', -10, -10)],
  });
  await alquiler(0, {
    clienteId: cliente('Reformas Tramuntana, S.L.'),
    obraNombre: 'Reforma Hotel Cala Major',
    direccionObra: calaMajor,
    lineas: [maquina('PTJ-001', 1, 7)],
  });
  const a8 = await alquiler(0, {
    clienteId: cliente('Hotel Cala Major, S.A.'),
    direccionObra: calaMajor,
    lineas: [maquina('DUM-001', 20, 30)],
  });
  await en(0).alquileres.cancelar(undefined, a8._id, a8.version, 'Obra aplazada');

  // P-00002 caducado, P-00003 rechazado, P-00004 enviado, and a draft for a prospect.
  const enviar = async (n: number, body: Record<string, unknown>) => {
    const s = en(n).presupuestos;
    const p = await s.create(undefined, presupuestoCreateSchema.parse(body));
    return s.enviar(undefined, p._id, p.version);
  };
  await enviar(-30, {
    clienteId: cliente('Construcciones Ferrer Pons, S.L.'),
    obraNombre: 'Nave Son Castelló',
    direccionObra: marratxi,
    fechaInicio: dia(-20),
    fechaFin: dia(-10),
    fechaValidez: dia(-16),
    lineas: [maquina('EXC-001', -20, -10), concepto('TRA-IDA', -20)],
  });
  const p3 = await enviar(-20, {
    clienteId: cliente('Reformas Tramuntana, S.L.'),
    obraNombre: 'Local Carrer Major',
    direccionObra: inca,
    fechaInicio: dia(-5),
    fechaFin: dia(5),
    lineas: [maquina('MEX-001', -5, 5)],
  });
  await en(-15).presupuestos.rechazar(undefined, p3._id, p3.version, 'Ha elegido otro proveedor');
  await enviar(0, {
    clienteId: cliente('Hotel Cala Major, S.A.'),
    obraNombre: 'Pintura fachada Cala Major',
    direccionObra: calaMajor,
    fechaInicio: dia(10),
    fechaFin: dia(40),
    fechaValidez: dia(20),
    lineas: [andamio('MAR-200-073', 100, 10, 40), concepto('TRA-IDA', 10), concepto('TRA-VUE', 40)],
  });
  await en(0).presupuestos.create(
    undefined,
    presupuestoCreateSchema.parse({
      clienteProvisional: { nombre: 'Fustes Ramis' },
      obraNombre: 'Taller de carpintería',
      fechaInicio: dia(15),
      fechaFin: dia(21),
      lineas: [maquina('MEX-002', 15, 21)],
    }),
  );
  await en(0).presupuestos.caducar(T);
};
