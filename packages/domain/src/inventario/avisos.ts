import { diasEntre, sumarMeses } from '../fechas/dias.js';
import { formatFecha, formatNumero } from '../format/es-es.js';
import type { TipoDocumentoMaquina } from './catalogos.js';
import type { Aviso } from './maquinas.js';
import type { EstadoRevision } from './revisiones.js';

// R11 (`avisosMaquina`): what a machine lacks or is about to lack, at hoy or over a rental's
// range. Avisos inform; they never block a booking (R12 blocks only the delivery).

/** CE marking is compulsory for machinery placed on the market from 1995. */
export const ANIO_MARCADO_CE = 1995;
/** An expiry this close is announced. */
export const DIAS_AVISO_CADUCIDAD = 30;

export type DocumentoVigencia = { tipo: TipoDocumentoMaquina; fechaCaducidad: string | null };
export type RevisionAviso = {
  nombre: string;
  estado: EstadoRevision;
  proximaFecha: string | null;
  proximasHoras: string | null;
};

export type EntradaAvisos = {
  anio: number;
  tieneMatricula: boolean;
  requiereItv: boolean;
  documentos: readonly DocumentoVigencia[];
  revisiones: readonly RevisionAviso[];
  hoy: string;
  /** A rental's range: expiries inside it are announced as such. */
  rango?: { desde: string; hasta: string };
};

/** Name and grammatical gender of the expiring documents, as the texts read. */
const CADUCABLES: Partial<
  Record<TipoDocumentoMaquina, { corto: string; articulo: 'La' | 'El'; fem: boolean }>
> = {
  itv: { corto: 'ITV', articulo: 'La', fem: true },
  seguro: { corto: 'seguro', articulo: 'El', fem: false },
  inspeccion: { corto: 'certificado de inspección periódica', articulo: 'El', fem: false },
};

const mayuscula = (texto: string) => texto.charAt(0).toUpperCase() + texto.slice(1);

/** The latest expiry of each document type: a renewed ITV replaces the old card. */
const ultimaCaducidad = (documentos: readonly DocumentoVigencia[], tipo: TipoDocumentoMaquina) =>
  documentos
    .filter((documento) => documento.tipo === tipo && documento.fechaCaducidad !== null)
    .map((documento) => documento.fechaCaducidad as string)
    .sort()
    .at(-1) ?? null;

export const avisosMaquina = ({
  anio,
  tieneMatricula,
  requiereItv,
  documentos,
  revisiones,
  hoy,
  rango,
}: EntradaAvisos): Aviso[] => {
  const avisos: Aviso[] = [];
  const tiene = (tipo: TipoDocumentoMaquina) =>
    documentos.some((documento) => documento.tipo === tipo);
  if (anio >= ANIO_MARCADO_CE) {
    if (!tiene('declaracion_ce'))
      avisos.push({
        codigo: 'falta_ce',
        nivel: 'error',
        mensaje: 'Falta la declaración CE de conformidad',
      });
  } else if (!tiene('adecuacion_rd1215') && !tiene('declaracion_ce'))
    avisos.push({
      codigo: 'falta_adecuacion',
      nivel: 'error',
      mensaje: 'Falta el certificado de adecuación al RD 1215/1997',
    });
  if (!tiene('manual'))
    avisos.push({
      codigo: 'falta_manual',
      nivel: 'error',
      mensaje: 'Falta el manual de instrucciones',
    });

  const aplicables: TipoDocumentoMaquina[] = [
    ...(requiereItv ? (['itv'] as const) : []),
    ...(tieneMatricula ? (['seguro'] as const) : []),
    'inspeccion',
  ];
  for (const tipo of aplicables) {
    const caducidad = ultimaCaducidad(documentos, tipo);
    const nombre = CADUCABLES[tipo];
    if (caducidad === null || !nombre) continue;
    const sujeto = nombre.corto;
    if (caducidad < hoy) {
      avisos.push({
        codigo: `${tipo}_caducado`,
        nivel: 'error',
        mensaje: `${tipo === 'itv' ? 'ITV' : mayuscula(sujeto)} ${nombre.fem ? 'caducada' : 'caducado'} el ${formatFecha(caducidad)}`,
      });
    } else if (rango && caducidad >= rango.desde && caducidad <= rango.hasta) {
      avisos.push({
        codigo: `${tipo}_caduca`,
        nivel: 'aviso',
        mensaje: `${nombre.articulo} ${sujeto} caduca durante el alquiler (${formatFecha(caducidad)})`,
      });
    } else if (diasEntre(hoy, caducidad) <= DIAS_AVISO_CADUCIDAD) {
      avisos.push({
        codigo: `${tipo}_caduca`,
        nivel: 'aviso',
        mensaje: `${nombre.articulo} ${sujeto} caduca el ${formatFecha(caducidad)}`,
      });
    }
  }

  for (const revision of revisiones) {
    if (revision.estado === 'vencida')
      avisos.push({
        codigo: 'revision_vencida',
        nivel: 'error',
        mensaje: `Revisión vencida: ${revision.nombre}`,
      });
    else if (revision.estado === 'proxima') {
      const cuando = [
        revision.proximaFecha ? formatFecha(revision.proximaFecha) : null,
        revision.proximasHoras ? `${formatNumero(revision.proximasHoras, 1)} h` : null,
      ]
        .filter(Boolean)
        .join(' o ');
      avisos.push({
        codigo: 'revision_proxima',
        nivel: 'aviso',
        mensaje: `Próxima revisión: ${revision.nombre} (${cuando})`,
      });
    }
  }
  return avisos;
};

/** True when any aviso is an error (the list's red count). */
export const hayErrores = (avisos: readonly Aviso[]) =>
  avisos.some((aviso) => aviso.nivel === 'error');

/** RD 920/2017 art. 6: biennial inspections until the tenth year from registration, then annual. */
export const ANIOS_ITV_BIENAL = 10;

export type CaducidadItvSugerida = { fecha: string; anios: 1 | 2 };

/**
 * R12: the expiry an ITV card suggests from its inspection date: + 2 years while the machine is
 * under 10 years from its fechaMatriculacion, + 1 year after (the day clamped to the month's end).
 * Null without both dates. The user may change it.
 */
export const caducidadItvSugerida = ({
  fechaInspeccion,
  fechaMatriculacion,
}: {
  fechaInspeccion: string | null | undefined;
  fechaMatriculacion: string | null | undefined;
}): CaducidadItvSugerida | null => {
  if (!fechaInspeccion || !fechaMatriculacion) return null;
  const anios = fechaInspeccion < sumarMeses(fechaMatriculacion, ANIOS_ITV_BIENAL * 12) ? 2 : 1;
  return { fecha: sumarMeses(fechaInspeccion, anios * 12), anios };
};
