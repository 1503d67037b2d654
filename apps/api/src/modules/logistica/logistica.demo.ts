import { sumarDias } from '@tvsistema/domain/fechas';
import {
  albaranCreateSchema,
  instanteMadrid,
  OPCIONES_IMPORTACION_POR_DEFECTO,
  transporteCreateSchema,
  type LineaAlbaranInput,
} from '@tvsistema/domain/logistica';
import type { DemoContext } from '../../module.js';
import { crearDireccionDemo } from '../localizacion/index.js';
import { createAlbaranesService } from './albaranes.service.js';
import { firmaDibujada } from './firma-dibujada.js';
import { recordarMapeo } from './importacion.repository.js';
import { firmaDe } from './importacion.service.js';
import type { Operador } from './logistica-comun.js';
import { hayAlbaranes, referenciasDemo } from './logistica-demo.repository.js';
import { createTransporteService } from './transporte.service.js';

// Logística's part of the demo world (logistica.md §8, modules/README.md "Rentals" and "Transport
// albaranes"): every albarán goes through the services of §3 with the clock at its date and hour,
// so inventario's stock and comercial's rentals move as in use. It runs after inventario,
// comercial and flota (their seeds name the machines, rentals and trucks used here).

const OPERADOR: Operador = {
  sub: 'demo',
  email: 'operaciones@tvsistema.demo',
  roles: ['administracion'],
};
const MATRICULA = '2345 KPF';
const CONDUCTOR = 'Toni Vidal Sbert';

/** Who signs each client's albaranes: its contacto en obra (README: Joan Ferrer Mas at Llevant). */
const FIRMANTES: Record<string, { nombre: string; dni: string }> = {
  'Construcciones Llevant, S.L.': { nombre: 'Joan Ferrer Mas', dni: '43111222E' },
  'Construcciones Ferrer Pons, S.L.': { nombre: 'Pau Pons Ferrer', dni: '43210987J' },
  'Hotel Cala Major, S.A.': { nombre: 'Marta Vidal Coll', dni: '43345678Q' },
  'Reformas Tramuntana, S.L.': { nombre: 'Biel Serra Mir', dni: '43456712Y' },
  'Miquel Oliver Riera': { nombre: 'Miquel Oliver Riera', dni: '43567823G' },
};

export const demo = async ({ database, today: T }: DemoContext) => {
  if (await hayAlbaranes(database.db)) return;
  const refs = await referenciasDemo(database.db);
  if (refs.alquiler.size === 0) return;
  let dia = T;
  let hora = '08:30';
  const reloj = () => new Date(instanteMadrid(dia, hora));
  const alquileresSvc = createAlbaranesService(database, () => dia, reloj);
  const transporteSvc = createTransporteService(database, () => dia, reloj);
  const en = (n: number, hh: string) => {
    dia = sumarDias(T, n);
    hora = hh;
  };
  const ref = <V>(mapa: Map<string, V>, clave: string): V => {
    const valor = mapa.get(clave);
    if (valor === undefined) throw new Error(`Demo logística: falta ${clave}`);
    return valor;
  };
  const articulo = (codigo: string) => ref(refs.articulo, codigo);
  const maquina = (codigo: string, horometro: string): LineaAlbaranInput => ({
    clase: 'maquina',
    articuloId: articulo(codigo),
    cantidad: 1,
    horometro,
  });
  const devuelta = (codigo: string, horometro: string): LineaAlbaranInput => ({
    ...maquina(codigo, horometro),
    correcto: 1,
    danado: 0,
    falta: 0,
  });
  const andamio = (codigo: string, cantidad: number): LineaAlbaranInput => ({
    clase: 'andamio',
    articuloId: articulo(codigo),
    cantidad,
  });
  const recogido = (codigo: string, correcto: number, danado = 0, falta = 0, nota?: string) => ({
    ...andamio(codigo, correcto + danado + falta),
    correcto,
    danado,
    falta,
    ...(nota ? { observacionDano: nota } : {}),
  });
  /** §8: TRA-IDA / TRA-VUE as "Portes de entrega" / "Portes de recogida", 1 × 85,00 €. */
  const portes = (codigo: 'TRA-IDA' | 'TRA-VUE'): LineaAlbaranInput => ({
    clase: 'concepto',
    articuloId: articulo(codigo),
    cantidad: 1,
    precioUnitario: '85.00',
  });

  let fase = 0;
  const albaran = async (
    numeroAlquiler: string,
    tipo: 'entrega' | 'recogida',
    lineas: LineaAlbaranInput[],
    { firmar = true, emitir = true } = {},
  ) => {
    const alquiler = ref(refs.alquiler, numeroAlquiler);
    const creado = await alquileresSvc.crear(
      OPERADOR,
      albaranCreateSchema.parse({
        accion: emitir ? 'emitir' : 'guardar',
        tipo,
        alquilerId: alquiler.id,
        fechaHora: instanteMadrid(dia, hora),
        matricula: MATRICULA,
        conductor: CONDUCTOR,
        lineas,
      }),
    );
    if (!emitir || !firmar) return creado;
    const firmante = FIRMANTES[alquiler.cliente];
    if (!firmante) throw new Error(`Demo logística: nadie firma por ${alquiler.cliente}`);
    fase += 1;
    return alquileresSvc.firmar(OPERADOR, creado._id, creado.version, {
      ...firmante,
      imagen: firmaDibujada({ trazo: fase }),
    });
  };

  // Rental albaranes in the order they happened (numbers follow emission): entregas at 08:30,
  // recogidas at 16:00.
  en(-75, '08:30');
  await albaran('00001', 'entrega', [
    andamio('MAR-200-073', 250),
    andamio('PLA-307-032', 120),
    portes('TRA-IDA'),
  ]);
  en(-46, '16:00');
  await albaran('00001', 'recogida', [
    recogido('MAR-200-073', 250),
    recogido('PLA-307-032', 120),
    portes('TRA-VUE'),
  ]);
  en(-44, '08:30');
  await albaran('00002', 'entrega', [maquina('PTJ-001', '398.0'), portes('TRA-IDA')]);
  en(-40, '08:30');
  await albaran('00003', 'entrega', [
    andamio('MAR-200-073', 80),
    andamio('DIA-307', 160),
    andamio('PLA-307-032', 40),
    andamio('HUS-060', 20),
    portes('TRA-IDA'),
  ]);
  en(-35, '08:30');
  await albaran('00004', 'entrega', [maquina('MEX-001', '1801.0')]);
  en(-31, '16:00');
  await albaran('00002', 'recogida', [devuelta('PTJ-001', '412.0'), portes('TRA-VUE')]);
  en(-29, '16:00');
  await albaran('00004', 'recogida', [devuelta('MEX-001', '1845.5')]);
  en(-25, '08:30');
  await albaran('00003', 'entrega', [andamio('MAR-200-073', 40)], { firmar: false });
  en(-24, '08:30');
  await albaran('00005', 'entrega', [maquina('MEX-002', '1122.0')]);
  en(-10, '08:30');
  await albaran('00006', 'entrega', [maquina('GEN-001', '2104.0')]);
  en(-10, '16:00');
  await albaran('00006', 'recogida', [devuelta('GEN-001', '2112.0')]);
  en(-1, '16:00');
  await albaran('00003', 'recogida', [
    recogido('MAR-200-073', 95, 3, 2, 'Marcos doblados por impacto'),
  ]);
  // A-00007's entrega of PTJ-001, prepared today for tomorrow.
  en(0, '08:30');
  const manana = sumarDias(T, 1);
  await alquileresSvc.crear(
    OPERADOR,
    albaranCreateSchema.parse({
      tipo: 'entrega',
      alquilerId: ref(refs.alquiler, '00007').id,
      fechaHora: instanteMadrid(manana, '08:30'),
      matricula: MATRICULA,
      conductor: CONDUCTOR,
      lineas: [maquina('PTJ-001', '412.0')],
    }),
  );

  // Transport albaranes (README "Transport albaranes").
  const poligono = await crearDireccionDemo(database, {
    municipio: 'Palma',
    calle: 'Carrer del Gremi de Teixidors',
    altura: 20,
    codigoPostal: '07009',
  });
  const alcudia = await crearDireccionDemo(database, { municipio: 'Alcúdia' });
  const manacor = await crearDireccionDemo(database, { municipio: 'Manacor' });
  const cantera = await crearDireccionDemo(database, { municipio: 'Calvià' });
  const blanquerna = await crearDireccionDemo(database, {
    municipio: 'Palma',
    calle: 'Carrer de Blanquerna',
    altura: 12,
    codigoPostal: '07003',
  });
  const puerto = await crearDireccionDemo(database, { municipio: 'Palma' });
  const serra = ref(refs.cliente, 'B07556673');
  const arids = ref(refs.cliente, 'B07788128');
  const conductor = (nombre: string) => ({ nombre, dni: ref(refs.conductor, nombre) });
  type Viaje = {
    clienteId: string;
    origen: { nombre: string; direccion: typeof poligono };
    destino: { nombre?: string; direccion: typeof poligono };
    destinatario: { nombre: string; documento?: string };
    mercancia: { descripcion: string; bultos?: number; pesoKg?: number };
    matricula: string;
    remolque?: string;
    conductor: string;
    precio?: string;
  };
  const bloques: Omit<Viaje, 'destino'> = {
    clienteId: serra,
    origen: { nombre: 'Polígono Son Castelló', direccion: poligono },
    destinatario: { nombre: 'Hormigones Serra Coll, S.L.', documento: 'B07556673' },
    mercancia: { descripcion: '8 palets de bloques de hormigón', bultos: 8, pesoKg: 4800 },
    matricula: '2093HBL',
    conductor: 'Miquel Ferrer Vidal',
    precio: '240.00',
  };
  const grava: Viaje = {
    clienteId: arids,
    origen: { nombre: 'Cantera Son Ferrer', direccion: cantera },
    destino: { direccion: blanquerna },
    destinatario: { nombre: 'Pere Amengual Roig', documento: '43256789E' },
    mercancia: { descripcion: 'Grava 6/12 a granel', pesoKg: 18500 },
    matricula: '8862LDS',
    conductor: 'Antoni Bauzà Mas',
    precio: '180.00',
  };
  const viaje = async (
    n: number,
    v: Viaje,
    hasta: 'pendiente' | 'en_ruta' | 'entregado',
    firma?: { nombre: string; dni: string },
  ) => {
    // Each albarán is written on its loading day; tomorrow's is prepared today.
    const fechaCarga = sumarDias(T, n);
    en(Math.min(n, 0), '07:00');
    const creado = await transporteSvc.crear(
      OPERADOR,
      transporteCreateSchema.parse({
        clienteId: v.clienteId,
        destinatario: v.destinatario,
        origen: v.origen,
        destino: v.destino,
        fechaCarga,
        horaCarga: '07:30',
        camionId: ref(refs.camion, v.matricula),
        ...(v.remolque ? { matriculaRemolque: v.remolque } : {}),
        conductor: conductor(v.conductor),
        mercancia: v.mercancia,
        ...(v.precio ? { precio: v.precio, tipoIva: 21 } : {}),
      }),
    );
    if (hasta === 'pendiente') return;
    hora = '07:45';
    const enRuta = await transporteSvc.iniciarRuta(OPERADOR, creado._id, creado.version);
    if (hasta === 'en_ruta') return;
    hora = '12:00';
    fase += 1;
    await transporteSvc.entregar(
      OPERADOR,
      enRuta._id,
      enRuta.version,
      firma
        ? { firma: { ...firma, imagen: firmaDibujada({ trazo: fase }) } }
        : { sinFirmaMotivo: 'Conforme firmado en el albarán de papel del destinatario' },
    );
  };
  const alcudiaDestino = { direccion: alcudia };
  await viaje(-40, { ...bloques, destino: alcudiaDestino }, 'entregado');
  await viaje(-39, { ...bloques, destino: alcudiaDestino }, 'entregado');
  await viaje(-38, { ...bloques, destino: alcudiaDestino }, 'entregado');
  await viaje(-20, grava, 'entregado');
  await viaje(-19, grava, 'entregado');
  await viaje(-2, grava, 'entregado', { nombre: 'Pere Amengual Roig', dni: '43256789E' });
  await viaje(0, { ...bloques, destino: { direccion: manacor } }, 'en_ruta');
  await viaje(
    1,
    {
      clienteId: serra,
      origen: { nombre: 'Port de Palma', direccion: puerto },
      destino: alcudiaDestino,
      destinatario: { nombre: 'Hormigones Serra Coll, S.L.', documento: 'B07556673' },
      mercancia: { descripcion: 'Cemento en sacos' },
      matricula: '4417KTM',
      remolque: 'R7731BCF',
      conductor: 'Joan Pons Amengual',
    },
    'pendiente',
  );

  // A trip subcontracted to a partner carrier: its own truck, the plate typed (R11 finds no
  // fleet truck to check), its driver not on our staff.
  en(0, '07:00');
  await transporteSvc.crear(
    OPERADOR,
    transporteCreateSchema.parse({
      clienteId: arids,
      destinatario: { nombre: 'Pere Amengual Roig', documento: '43256789E' },
      origen: { nombre: 'Cantera Son Ferrer', direccion: cantera },
      destino: { direccion: blanquerna },
      fechaCarga: sumarDias(T, 1),
      horaCarga: '08:00',
      transportista: {
        tipo: 'subcontratado',
        proveedorId: ref(refs.proveedor, 'B07412588'),
      },
      matricula: '6754 HJK',
      conductor: { nombre: 'Jaume Coll Vich' },
      mercancia: { descripcion: 'Grava 6/12 a granel', pesoKg: 12000 },
      precio: '210.00',
      tipoIva: 21,
    }),
  );

  // §8: the transport import remembers the columns of the carrier's usual spreadsheet.
  const cabeceras = ['Ref', 'NIF', 'Fecha', 'Origen', 'Destino', 'Destinatario', 'Mercancía', 'Kg'];
  await recordarMapeo(database.db, {
    empresa: 'transporte',
    destino: 'transporte',
    firmaCabeceras: firmaDe(cabeceras),
    mapeo: {
      referenciaExterna: 'Ref',
      clienteNif: 'NIF',
      fechaCarga: 'Fecha',
      origenPoblacion: 'Origen',
      destinoPoblacion: 'Destino',
      destinatarioNombre: 'Destinatario',
      mercancia: 'Mercancía',
      pesoKg: 'Kg',
    },
    opciones: OPCIONES_IMPORTACION_POR_DEFECTO,
  });
};
