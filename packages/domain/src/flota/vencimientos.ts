import { diasEntre, sumarDias, sumarMeses } from '../fechas/dias.js';
import {
  CATEGORIA_DOCUMENTO_CAMION_LABELS,
  CONCEPTO_MANTENIMIENTO,
  DIAS_AVISO,
  esRemolque,
  KM_AVISO,
  TIPO_VENCIMIENTO_LABELS,
  type CategoriaDocumentoCamion,
  type EstadoCamion,
  type TipoCamion,
  type TipoMantenimientoCamion,
  type TipoTacografo,
  type TipoVencimiento,
} from './catalogos.js';
import type { CadenaItv } from './itv.js';
import { FLOTA_MESSAGES as M } from './mensajes.js';

// §4.3, §4.5, §4.7: everything due for a vehicle or a driver, and whether the vehicle may be on
// the road. Pure: the API lists them, the dashboard and the screens show them.

export type EstadoVencimiento = 'vencido' | 'proximo' | 'al_dia';

export type Vencimiento = {
  ambito: 'camion' | 'conductor';
  refId: string;
  /** "4417 KTM" or the driver's name. */
  etiqueta: string;
  tipo: TipoVencimiento;
  concepto: string;
  /** The due date; null for a km-only service or a missing policy. */
  fecha: string | null;
  /** km-based services: km left and the date they are estimated to run out. */
  kmRestantes: number | null;
  fechaEstimada: string | null;
  diasRestantes: number | null;
  estado: EstadoVencimiento;
};

/** hoy + dias, kept for the next call: a list places hundreds of items on the same day. */
let ventana = { hoy: '', dias: Number.NaN, hasta: '' };
const finVentana = (hoy: string, dias: number) => {
  if (ventana.hoy !== hoy || ventana.dias !== dias)
    ventana = { hoy, dias, hasta: sumarDias(hoy, dias) };
  return ventana.hasta;
};

const estadoFecha = (fecha: string, hoy: string, dias: number): EstadoVencimiento =>
  fecha < hoy ? 'vencido' : fecha <= finVentana(hoy, dias) ? 'proximo' : 'al_dia';

const PEOR: Record<EstadoVencimiento, number> = { vencido: 2, proximo: 1, al_dia: 0 };
const peor = (a: EstadoVencimiento, b: EstadoVencimiento) => (PEOR[a] >= PEOR[b] ? a : b);

export type PuntoKm = { fecha: string; km: number };

/**
 * §4.5 km per day: the km of the readings of the last 90 days (up to the latest) over their day
 * span; null with fewer than two readings or no distance.
 */
export const kmPorDia = (lecturas: readonly PuntoKm[]): number | null => {
  if (lecturas.length === 0) return null;
  const ultima = lecturas.reduce((a, b) => (b.fecha > a.fecha ? b : a));
  const desde = sumarDias(ultima.fecha, -90);
  const ventana = lecturas.filter((l) => l.fecha >= desde);
  if (ventana.length < 2) return null;
  const fechas = ventana.map((l) => l.fecha).sort();
  const kms = ventana.map((l) => l.km);
  const dias = diasEntre(fechas[0] ?? '', fechas[fechas.length - 1] ?? '');
  const distancia = Math.max(...kms) - Math.min(...kms);
  if (dias <= 0 || distancia <= 0) return null;
  return distancia / dias;
};

export type Seguro = { vencimiento: string } | null;
export type Autorizacion = { tipo: string; visadoHasta?: string | null | undefined } | null;
export type Tacografo = {
  tipo: TipoTacografo;
  ultimaRevision?: string | null | undefined;
  ultimaDescarga?: string | null | undefined;
} | null;

export type MantenimientoPendiente = {
  tipo: TipoMantenimientoCamion;
  proximaFecha: string | null;
  proximoKm: number | null;
};

export type CamionVencimientos = {
  _id: string;
  etiqueta: string;
  tipo: TipoCamion;
  estado: EstadoCamion;
  mmaKg: number;
  fechaAlta: string;
  seguro: Seguro;
  autorizacion: Autorizacion;
  tacografo: Tacografo;
  cadena: CadenaItv;
  kmActual: number | null;
  kmFecha: string | null;
  lecturas: readonly PuntoKm[];
  mantenimientos: readonly MantenimientoPendiente[];
  documentos: readonly { categoria: CategoriaDocumentoCamion; vencimiento: string }[];
};

/** Whether the tachograph rules apply: motor, MMA > 3 500 kg, one fitted. */
const llevaTacografo = (c: Pick<CamionVencimientos, 'tipo' | 'mmaKg' | 'tacografo'>) =>
  !esRemolque(c.tipo) && c.mmaKg > 3500 && c.tacografo !== null && c.tacografo.tipo !== 'no_lleva';

/** Reglamento (UE) 165/2014 art. 23: a revision every 2 years. */
export const proximaRevisionTacografo = (
  c: Pick<CamionVencimientos, 'tipo' | 'mmaKg' | 'tacografo'>,
) =>
  llevaTacografo(c) && c.tacografo?.ultimaRevision
    ? sumarMeses(c.tacografo.ultimaRevision, 24)
    : null;

/** Reglamento (UE) 581/2010: a digital tachograph is downloaded every 90 days. */
export const proximaDescargaTacografo = (
  c: Pick<CamionVencimientos, 'tipo' | 'mmaKg' | 'tacografo' | 'fechaAlta'>,
) =>
  llevaTacografo(c) && (c.tacografo?.tipo === 'digital' || c.tacografo?.tipo === 'inteligente')
    ? sumarDias(c.tacografo.ultimaDescarga ?? c.fechaAlta, 90)
    : null;

/**
 * Every due item of a vehicle, whatever its distance (estado `al_dia` beyond the window); a
 * vehicle in baja has none.
 */
export const vencimientosCamion = (
  c: CamionVencimientos,
  hoy: string,
  dias: number = DIAS_AVISO,
): Vencimiento[] => {
  if (c.estado === 'baja') return [];
  const items: Vencimiento[] = [];
  const porFecha = (tipo: TipoVencimiento, fecha: string, concepto?: string) =>
    items.push({
      ambito: 'camion',
      refId: c._id,
      etiqueta: c.etiqueta,
      tipo,
      concepto: concepto ?? TIPO_VENCIMIENTO_LABELS[tipo],
      fecha,
      kmRestantes: null,
      fechaEstimada: null,
      diasRestantes: diasEntre(hoy, fecha),
      estado: estadoFecha(fecha, hoy, dias),
    });
  porFecha('itv', c.cadena.itvHasta);
  if (c.seguro) porFecha('seguro', c.seguro.vencimiento);
  else
    items.push({
      ambito: 'camion',
      refId: c._id,
      etiqueta: c.etiqueta,
      tipo: 'seguro',
      concepto: M.seguroNoRegistrado,
      fecha: null,
      kmRestantes: null,
      fechaEstimada: null,
      diasRestantes: null,
      estado: 'vencido',
    });
  if (c.autorizacion && c.autorizacion.tipo !== 'no_requiere' && c.autorizacion.visadoHasta)
    porFecha('autorizacion', c.autorizacion.visadoHasta);
  const revision = proximaRevisionTacografo(c);
  if (revision) porFecha('tacografo_revision', revision);
  const descarga = proximaDescargaTacografo(c);
  if (descarga) porFecha('tacografo_descarga', descarga);
  const ritmo = kmPorDia(c.lecturas);
  for (const m of c.mantenimientos) {
    if (m.proximaFecha === null && m.proximoKm === null) continue;
    let estado: EstadoVencimiento = 'al_dia';
    if (m.proximaFecha) estado = estadoFecha(m.proximaFecha, hoy, dias);
    let kmRestantes: number | null = null;
    let fechaEstimada: string | null = null;
    if (m.proximoKm !== null && c.kmActual !== null) {
      kmRestantes = m.proximoKm - c.kmActual;
      estado = peor(
        estado,
        kmRestantes <= 0 ? 'vencido' : kmRestantes <= KM_AVISO ? 'proximo' : 'al_dia',
      );
      if (ritmo && c.kmFecha)
        fechaEstimada = sumarDias(c.kmFecha, Math.max(0, Math.ceil(kmRestantes / ritmo)));
    }
    items.push({
      ambito: 'camion',
      refId: c._id,
      etiqueta: c.etiqueta,
      tipo: 'mantenimiento',
      concepto: CONCEPTO_MANTENIMIENTO[m.tipo],
      fecha: m.proximaFecha,
      kmRestantes,
      fechaEstimada,
      diasRestantes: m.proximaFecha
        ? diasEntre(hoy, m.proximaFecha)
        : fechaEstimada
          ? diasEntre(hoy, fechaEstimada)
          : null,
      estado,
    });
  }
  for (const d of c.documentos)
    porFecha('documento', d.vencimiento, CATEGORIA_DOCUMENTO_CAMION_LABELS[d.categoria]);
  return items;
};

export type ConductorVencimientos = {
  _id: string;
  etiqueta: string;
  activo: boolean;
  permisoVencimiento: string;
  capVencimiento: string | null;
  tarjetaTacografo: { vencimiento?: string | null | undefined } | null;
};

/** A driver's licence, CAP (RD 284/2021) and card; an inactive driver has none. */
export const vencimientosConductor = (
  c: ConductorVencimientos,
  hoy: string,
  dias: number = DIAS_AVISO,
): Vencimiento[] => {
  if (!c.activo) return [];
  const fechas: [TipoVencimiento, string | null | undefined][] = [
    ['permiso', c.permisoVencimiento],
    ['cap', c.capVencimiento],
    ['tarjeta_tacografo', c.tarjetaTacografo?.vencimiento],
  ];
  return fechas.flatMap(([tipo, fecha]) =>
    fecha
      ? [
          {
            ambito: 'conductor' as const,
            refId: c._id,
            etiqueta: c.etiqueta,
            tipo,
            concepto: TIPO_VENCIMIENTO_LABELS[tipo],
            fecha,
            kmRestantes: null,
            fechaEstimada: null,
            diasRestantes: diasEntre(hoy, fecha),
            estado: estadoFecha(fecha, hoy, dias),
          },
        ]
      : [],
  );
};

/**
 * The estado and days left of a stored item (the API keeps each vehicle's items without "hoy",
 * flota-obras.md §10): by its date, and by its km when it has them — the worse of the two.
 */
export const situarVencimiento = (
  item: Pick<Vencimiento, 'fecha' | 'kmRestantes' | 'fechaEstimada'>,
  hoy: string,
  dias: number = DIAS_AVISO,
): Pick<Vencimiento, 'diasRestantes' | 'estado'> => {
  if (item.fecha === null && item.kmRestantes === null)
    return { diasRestantes: null, estado: 'vencido' };
  let estado: EstadoVencimiento = item.fecha ? estadoFecha(item.fecha, hoy, dias) : 'al_dia';
  if (item.kmRestantes !== null)
    estado = peor(
      estado,
      item.kmRestantes <= 0 ? 'vencido' : item.kmRestantes <= KM_AVISO ? 'proximo' : 'al_dia',
    );
  const dia = item.fecha ?? item.fechaEstimada;
  return { diasRestantes: dia ? diasEntre(hoy, dia) : null, estado };
};

/**
 * From when the vehicle stops being apto by a date alone (the day after the earliest of its ITV,
 * policy, tachograph revision and visado), and whether it is not apto whatever the day (§4.7).
 */
export const aptitudGuardada = (c: CamionVencimientos) => {
  const fechas = [
    c.cadena.itvHasta,
    c.seguro?.vencimiento,
    proximaRevisionTacografo(c),
    c.autorizacion && c.autorizacion.tipo !== 'no_requiere' ? c.autorizacion.visadoHasta : null,
  ].filter((f): f is string => typeof f === 'string' && f !== '');
  const primera = fechas.sort()[0];
  return {
    noAptoFijo: c.estado !== 'activo' || c.cadena.pendiente !== null || !c.seguro,
    noAptoDesde: primera ? sumarDias(primera, 1) : null,
  };
};

/** Whether an item falls in the window (anything vencido or próximo). */
export const enVentana = (item: Vencimiento) => item.estado !== 'al_dia';

const ETIQUETAS = new Intl.Collator('es');
const diaDeOrden = (item: Vencimiento) => item.fecha ?? item.fechaEstimada ?? '9999-12-31';

/**
 * The characters claveOrdenEtiqueta knows: printable ASCII and the Spanish letters with their
 * accents (and a few more of Latin-1). Each has one collation element of its own in ICU's 'es'
 * (no expansion or contraction), which the key relies on.
 */
const ALFABETO =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~' +
  'áéíóúÁÉÍÓÚàèìòùÀÈÌÒÙâêîôûÂÊÎÔÛäëïöüÄËÏÖÜñÑçÇ';

/**
 * Per known character its weight at each of the collator's three levels (base letter, accent,
 * case), as ranks among the alphabet, taken from ETIQUETAS itself so they follow the runtime's ICU.
 */
const PESOS = (() => {
  const base = new Intl.Collator('es', { sensitivity: 'base' });
  const acento = new Intl.Collator('es', { sensitivity: 'accent' });
  const rango = (chars: string[], collator: Intl.Collator) => {
    const orden = [...chars].sort(collator.compare);
    const r = new Map<string, number>();
    let n = 0;
    orden.forEach((c, i) => {
      if (i > 0 && collator.compare(orden[i - 1] ?? '', c) !== 0) n++;
      r.set(c, n);
    });
    return r;
  };
  const chars = [...ALFABETO];
  const primario = rango(chars, base);
  const pesos = new Map<string, [number, number, number]>();
  for (const p of new Set(primario.values())) {
    const grupo = chars.filter((c) => primario.get(c) === p);
    const secundario = rango(grupo, acento);
    for (const s of new Set(secundario.values())) {
      const sub = grupo.filter((c) => secundario.get(c) === s);
      const terciario = rango(sub, ETIQUETAS);
      for (const c of sub) pesos.set(c, [p, s, terciario.get(c) ?? 0]);
    }
  }
  return pesos;
})();

/**
 * A text whose code-point (C collation) order is ETIQUETAS' order of the labels (§4.3's order
 * within a day, decision 0029), so the database can sort and cut a page of due items: per level
 * (base letters, then accents, then case) one character per label character, the levels apart by
 * a space, below every weight. Null for a label with a character outside ALFABETO (its day is
 * then sorted by the API).
 */
export const claveOrdenEtiqueta = (etiqueta: string): string | null => {
  const niveles: [string, string, string] = ['', '', ''];
  for (const c of etiqueta) {
    const p = PESOS.get(c);
    if (!p) return null;
    for (let n = 0; n < 3; n++) niveles[n] += String.fromCharCode(0x100 + (p[n] ?? 0));
  }
  return niveles.join(' ');
};

/**
 * §4.3 order: by date (km-only by their estimate, else last), then label (Spanish collation).
 * ISO days compare as text; one collator for every label (what localeCompare(…, 'es') builds
 * on each call).
 */
export const ordenarVencimientos = (items: Vencimiento[]) =>
  items.sort((a, b) => {
    const x = diaDeOrden(a);
    const y = diaDeOrden(b);
    return x < y ? -1 : x > y ? 1 : ETIQUETAS.compare(a.etiqueta, b.etiqueta);
  });

const porTexto = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);

/**
 * ordenarVencimientos with a fixed order among items of one day and label, as the database orders
 * a page of §4.3's window (decision 0029): ámbito, the record's id, then the item's place among
 * its record's (`orden`: vencimientosCamion's order, or a driver's permiso, CAP, tarjeta; none
 * last), tipo and concepto.
 */
export const ordenarVentana = <T extends Vencimiento & { orden: number | null }>(items: T[]) =>
  items.sort((a, b) => {
    const x = diaDeOrden(a);
    const y = diaDeOrden(b);
    return x < y
      ? -1
      : x > y
        ? 1
        : ETIQUETAS.compare(a.etiqueta, b.etiqueta) ||
          porTexto(a.ambito, b.ambito) ||
          porTexto(a.refId, b.refId) ||
          (a.orden ?? Infinity) - (b.orden ?? Infinity) ||
          porTexto(a.tipo, b.tipo) ||
          porTexto(a.concepto, b.concepto);
  });

/** §4.7: every reason the vehicle may not circulate, in the design's order. */
export const motivosNoApto = (c: CamionVencimientos, hoy: string): string[] => {
  const motivos: string[] = [];
  if (c.estado === 'en_taller') motivos.push(M.enTaller);
  if (c.estado === 'baja') motivos.push(M.dadoDeBaja);
  if (c.cadena.itvHasta < hoy) motivos.push(M.itvCaducada(c.cadena.itvHasta));
  if (c.cadena.pendiente)
    motivos.push(
      c.cadena.pendiente.resultado === 'desfavorable'
        ? M.itvDesfavorable(c.cadena.pendiente.plazo)
        : M.itvNegativa(c.cadena.pendiente.plazo),
    );
  if (!c.seguro || c.seguro.vencimiento < hoy) motivos.push(M.sinSeguro);
  const revision = proximaRevisionTacografo(c);
  if (revision && revision < hoy) motivos.push(M.tacografoCaducado);
  if (
    c.autorizacion &&
    c.autorizacion.tipo !== 'no_requiere' &&
    c.autorizacion.visadoHasta &&
    c.autorizacion.visadoHasta < hoy
  )
    motivos.push(M.sinVisar);
  return motivos;
};
