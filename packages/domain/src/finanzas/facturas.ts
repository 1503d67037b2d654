import { z } from '../zod-es.js';
import { fechaSchema } from '../fechas/fechas.js';
import { formatEuros } from '../format/es-es.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import {
  compareDecimals,
  exactDecimal,
  round2,
  subtractDecimals,
  sumDecimals,
  toDecimal,
} from '../money/decimal.js';
import { importeSchema, precioSchema } from '../money/decimal-schemas.js';
import { lineBase, TIPOS_IVA } from '../money/importes.js';
import { textSchema } from '../text/text.js';
import { versionField, versionSchema } from '../versiones/index.js';
import {
  ESTADO_FACTURA_LABELS,
  ESTADOS_FACTURA,
  ESTADOS_FILTRO_FACTURA,
  FACTURA_SORT_FIELDS,
  type EstadoFactura,
  type EstadoFiltroFactura,
} from './finanzas-listas.js';

export {
  ESTADO_FACTURA_LABELS,
  ESTADOS_FACTURA,
  ESTADOS_FILTRO_FACTURA,
  FACTURA_SORT_FIELDS,
  type EstadoFactura,
  type EstadoFiltroFactura,
};

// finanzas.md §2 (Factura, Linea, Cobro), §3 states, rule 1 arithmetic, §6 bodies and queries.

export const EMPRESAS_FACTURA = ['alquileres', 'transporte'] as const;
export type EmpresaFactura = (typeof EMPRESAS_FACTURA)[number];

export const TIPOS_FACTURA = ['F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type TipoFactura = (typeof TIPOS_FACTURA)[number];
export const TIPOS_RECTIFICATIVA = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;
export const TIPO_FACTURA_LABELS: Record<TipoFactura, string> = {
  F1: 'Factura completa',
  F2: 'Factura simplificada',
  R1: 'Error fundado en derecho y art. 80 Uno, Dos y Seis LIVA',
  R2: 'Concurso de acreedores (art. 80.Tres)',
  R3: 'Créditos incobrables (art. 80.Cuatro)',
  R4: 'Resto de causas',
  R5: 'Rectificativa de factura simplificada',
};

export const FORMAS_PAGO_FACTURA = [
  'transferencia',
  'domiciliacion',
  'efectivo',
  'tarjeta',
] as const;
export type FormaPagoFactura = (typeof FORMAS_PAGO_FACTURA)[number];
export const MEDIOS_COBRO = [...FORMAS_PAGO_FACTURA, 'compensacion'] as const;
export type MedioCobro = (typeof MEDIOS_COBRO)[number];
export const MEDIO_COBRO_LABELS: Record<MedioCobro, string> = {
  transferencia: 'Transferencia',
  domiciliacion: 'Domiciliación',
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  compensacion: 'Compensación',
};

export const NATURALEZAS = ['alquiler', 'servicio_obra', 'transporte', 'venta', 'otro'] as const;
export const TRATAMIENTOS = ['general', 'isp', 'exenta', 'no_sujeta'] as const;
export type Tratamiento = (typeof TRATAMIENTOS)[number];
export const CAUSAS_EXENCION = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;
export const CAUSAS_NO_SUJECION = ['N1', 'N2'] as const;
export const CAUSAS = [...CAUSAS_EXENCION, ...CAUSAS_NO_SUJECION] as const;
export type Causa = (typeof CAUSAS)[number];
export const RETENCIONES = ['0', '1', '7', '15', '19'] as const;

/** Rules 3–4: the legends the PDF prints. */
export const LEYENDA_ISP = 'Inversión del sujeto pasivo (art. 84.Uno.2º.f Ley 37/1992)';
export const LEYENDAS_CAUSA: Record<Causa, string> = {
  E1: 'Operación exenta (art. 20 Ley 37/1992)',
  E2: 'Operación exenta (art. 21 Ley 37/1992)',
  E3: 'Operación exenta (art. 22 Ley 37/1992)',
  E4: 'Operación exenta (arts. 23–24 Ley 37/1992)',
  E5: 'Operación exenta (art. 25 Ley 37/1992)',
  E6: 'Operación exenta (otros)',
  N1: 'Operación no sujeta (art. 7 Ley 37/1992)',
  N2: 'Operación no sujeta por reglas de localización',
};

/** Rule 1: recargo de equivalencia per IVA rate (art. 161 LIVA). */
export const RECARGOS: Readonly<Record<number, string>> = { 21: '5.20', 10: '1.40', 4: '0.50' };

export const LIMITE_SIMPLIFICADA = '400.00';
export const LIMITE_EFECTIVO_FACTURA = '1000.00';

export const FACTURA_MESSAGES = {
  facturaNoEncontrada: 'Factura no encontrada',
  notaNoEncontrada: 'Nota de abono no encontrada',
  clienteNoEncontrado: 'Cliente no encontrado',
  clienteInvalido: 'clienteId: El cliente no existe o no está activo en esta empresa',
  emitidaNoModificable: 'Las facturas emitidas no se pueden modificar. Emite una nota de abono.',
  soloBorradores: 'Solo se pueden eliminar borradores.',
  soloEmitirBorradores: 'Solo se pueden emitir borradores.',
  noEmitir: 'No se puede emitir la factura',
  sinNif:
    'clienteId: El cliente no tiene NIF: emite una factura simplificada (hasta 400,00 €) o completa su ficha',
  sinDireccion: 'clienteId: El cliente no tiene dirección: complétala en su ficha',
  simplificadaLimite:
    'tipoFactura: Una factura simplificada no puede superar 400,00 € IVA incluido (art. 4 RD 1619/2012)',
  simplificadaIsp: 'tipoFactura: Una factura simplificada no admite inversión del sujeto pasivo',
  ispSinNif:
    'lineas: La inversión del sujeto pasivo solo se aplica a un cliente con NIF español (art. 84.Uno.2º.f Ley 37/1992)',
  tipoDeFactura:
    'tipoFactura: Una factura es completa (F1) o simplificada (F2); para rectificarla, crea una nota de abono',
  tipoDeNota:
    'tipoFactura: Una nota de abono es rectificativa: R1 a R4, o R5 si rectifica una factura simplificada',
  r5SoloSimplificada:
    'tipoFactura: R5 rectifica una factura simplificada; para una factura completa elige R1 a R4',
  simplificadaR5: 'tipoFactura: Una factura simplificada se rectifica con R5',
  totalNegativo: 'lineas: El total de una factura no puede ser negativo',
  sinLineas: 'lineas: Añade al menos una línea',
  emisorIncompleto:
    'El emisor no tiene NIF, dirección o IBAN: complétalos en Configuración > Datos fiscales',
  causaObligatoria: 'Indica la causa de exención o no sujeción',
  cobroSupera: (pendiente: string) =>
    `El cobro supera el importe pendiente (${formatEuros(pendiente)}).`,
  efectivo: 'No se admiten pagos en efectivo en operaciones de 1.000 € o más (art. 7 Ley 7/2012).',
  soloEmitidas: 'Solo se registran cobros en facturas emitidas.',
  importePositivo: 'importe: El importe debe ser mayor que 0',
  cobroNoEncontrado: 'Cobro no encontrado',
  compensacionNoSeElimina:
    'Los cobros de compensación no se eliminan: corrige con una nueva factura.',
  noAnular: 'No se puede anular: la factura tiene cobros o notas de abono.',
  soloAnularEmitidas: 'Solo se anulan facturas emitidas.',
  periodoFacturado: (desde: string, hasta: string, numero: string, factura: string) =>
    `El periodo ${desde}–${hasta} del alquiler ${numero} ya está facturado en ${factura}.`,
  albaranFacturado: (numero: string, factura: string) =>
    `El albarán ${numero} ya está facturado en ${factura}.`,
  cuatroAnios: 'No se puede rectificar una factura con más de cuatro años (art. 15 RD 1619/2012).',
  notaSupera: (numero: string, importe: string) =>
    `La nota supera lo pendiente de abonar de la factura ${numero} (${formatEuros(importe)}).`,
  sustitucionConCobros: 'Solo se sustituye una factura sin cobros.',
  rectificadaInvalida:
    'facturaRectificadaId: Elige una factura emitida del mismo cliente y empresa',
  fueraDePlazo:
    'Fuera de plazo: el art. 11 del RD 1619/2012 pide expedirla antes del día 16 del mes siguiente.',
  empresaInmutable: 'empresa: La empresa no puede modificarse después de la creación.',
  motivo: 'Indica el motivo (entre 3 y 500 caracteres)',
  fechaCobro: 'fecha: La fecha debe estar entre la de expedición y hoy',
  transporteRuta: 'Las facturas de transporte se editan en su propia ruta.',
} as const;

/**
 * A nota de abono's own words where the invoice's texts above speak of a factura or a cobro: a
 * nota's cobro is a "devolución" (finanzas.md §2 Cobro, §5 "Devoluciones", "Pendiente de
 * devolver"), and what it needs corrected is the nota, not an invoice.
 */
export const NOTA_MESSAGES = {
  devolucionNoEncontrada: 'Devolución no encontrada',
  compensacionNoSeElimina:
    'Las devoluciones por compensación no se eliminan: si la nota de abono es errónea, corrige con una nueva factura.',
  soloEmitidas: 'Solo se registran devoluciones en notas de abono emitidas.',
  devolucionSupera: (pendiente: string) =>
    `La devolución supera el importe pendiente de devolver (${formatEuros(pendiente.replace(/^-/, ''))}).`,
  importeNegativo: 'importe: Una devolución es un importe negativo',
  emitidaNoModificable:
    'Las notas de abono emitidas no se pueden modificar: corrige con otra nota de abono o con una nueva factura.',
  noEmitir: 'No se puede emitir la nota de abono',
} as const;

/**
 * The texts a factura and a nota share, each in its own words (the service and the screens pick
 * them by the document's clase).
 */
export const mensajesDocumento = (clase: 'factura' | 'rectificativa') =>
  clase === 'rectificativa'
    ? {
        cobroNoEncontrado: NOTA_MESSAGES.devolucionNoEncontrada,
        compensacionNoSeElimina: NOTA_MESSAGES.compensacionNoSeElimina,
        soloEmitidas: NOTA_MESSAGES.soloEmitidas,
        cobroSupera: NOTA_MESSAGES.devolucionSupera,
        importeConSigno: NOTA_MESSAGES.importeNegativo,
        emitidaNoModificable: NOTA_MESSAGES.emitidaNoModificable,
        noEmitir: NOTA_MESSAGES.noEmitir,
      }
    : {
        cobroNoEncontrado: FACTURA_MESSAGES.cobroNoEncontrado,
        compensacionNoSeElimina: FACTURA_MESSAGES.compensacionNoSeElimina,
        soloEmitidas: FACTURA_MESSAGES.soloEmitidas,
        cobroSupera: FACTURA_MESSAGES.cobroSupera,
        importeConSigno: FACTURA_MESSAGES.importePositivo,
        emitidaNoModificable: FACTURA_MESSAGES.emitidaNoModificable,
        noEmitir: FACTURA_MESSAGES.noEmitir,
      };

const opcional = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    textSchema({ multiline: true }).trim().max(max).nullable().optional(),
  );

export const origenLineaSchema = z.object({
  tipo: z.enum(['alquiler', 'albaran']),
  id: z.uuid(),
  numero: z.string().max(40),
  lineaId: z.string().max(60),
  desde: fechaSchema().nullable().optional(),
  hasta: fechaSchema().nullable().optional(),
});
export type OrigenLinea = z.output<typeof origenLineaSchema>;

const lineaFields = {
  id: z.string().max(60).optional(),
  conceptoId: z.uuid().nullable().optional(),
  descripcion: textSchema().trim().min(1, 'La descripción es obligatoria').max(500),
  cantidad: precioSchema('La cantidad', { minimo: 'ninguno' }),
  unidad: z.string().trim().max(20).default('ud'),
  precioUnitario: precioSchema('El precio'),
  descuentoPct: precioSchema('El descuento').default('0'),
  naturaleza: z.enum(NATURALEZAS).default('otro'),
  tratamiento: z.enum(TRATAMIENTOS).default('general'),
  causa: z.enum(CAUSAS).nullable().optional(),
  tipoIva: z
    .union(TIPOS_IVA.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<21>, z.ZodLiteral<10>])
    .default(21),
  origen: origenLineaSchema.nullable().optional(),
};

// A refinement runs even when a field failed its own check: a number not written as one has its
// message already and is not compared (it threw, and the API answered 500).
const esDecimal = (v: string) => /^-?\d+(\.\d+)?$/.test(v);

export const lineaFacturaInputSchema = z.object(lineaFields).superRefine((l, ctx) => {
  if (esDecimal(l.cantidad) && compareDecimals(l.cantidad, 0) === 0)
    ctx.addIssue({ code: 'custom', message: 'La cantidad no puede ser 0', path: ['cantidad'] });
  if (esDecimal(l.descuentoPct) && compareDecimals(l.descuentoPct, 100) > 0)
    ctx.addIssue({
      code: 'custom',
      message: 'El descuento no puede superar 100',
      path: ['descuentoPct'],
    });
  if ((l.tratamiento === 'exenta' || l.tratamiento === 'no_sujeta') && !l.causa)
    ctx.addIssue({ code: 'custom', message: FACTURA_MESSAGES.causaObligatoria, path: ['causa'] });
  if (l.tratamiento === 'exenta' && l.causa && !l.causa.startsWith('E'))
    ctx.addIssue({ code: 'custom', message: 'La causa de exención es E1–E6', path: ['causa'] });
  if (l.tratamiento === 'no_sujeta' && l.causa && !l.causa.startsWith('N'))
    ctx.addIssue({
      code: 'custom',
      message: 'La causa de no sujeción es N1 o N2',
      path: ['causa'],
    });
});
export type LineaFacturaInput = z.input<typeof lineaFacturaInputSchema>;
export type LineaFacturaValues = z.output<typeof lineaFacturaInputSchema>;

const facturaFields = {
  clienteId: z.uuid({ error: 'Elige un cliente' }),
  // F1 unless said (an invoice); a nota R1, or R5 when it rectifies an F2 (finanzas.md §2).
  tipoFactura: z.enum(TIPOS_FACTURA).optional(),
  fechaOperacion: fechaSchema().nullable().optional(),
  formaPago: z.enum(FORMAS_PAGO_FACTURA).optional(),
  diasVencimiento: z.coerce
    .number()
    .int()
    .min(0, 'El plazo no puede ser negativo')
    .max(60, 'El plazo de pago no puede superar 60 días (Ley 3/2004, art. 4)')
    .optional(),
  referenciaCliente: opcional(60),
  descripcionOperacion: opcional(500),
  observaciones: opcional(2000),
  retencionPct: z.enum(RETENCIONES).optional(),
  recargoEquivalencia: z.boolean().optional(),
  lineas: z.array(lineaFacturaInputSchema).max(200),
  // Notas de abono (clase rectificativa).
  facturaRectificadaId: z.uuid().nullable().optional(),
  tipoRectificacion: z.enum(['I', 'S']).nullable().optional(),
  motivo: opcional(500),
};

export const facturaCreateSchema = z.object({
  empresa: z.enum(EMPRESAS_FACTURA),
  ...facturaFields,
});
export const facturaUpdateSchema = z.object({
  empresa: z.unknown().optional(),
  ...facturaFields,
  ...versionField,
});
export type FacturaCreate = z.output<typeof facturaCreateSchema>;
export type FacturaInput = z.input<typeof facturaCreateSchema>;
export type FacturaFields = Omit<FacturaCreate, 'empresa'>;

// ---- rule 1: arithmetic --------------------------------------------------------------------

export type Calificacion = 'S1' | 'S2' | 'N1' | 'N2';
export type GrupoDesglose = {
  calificacion: Calificacion | null;
  exencion: string | null;
  tipoIva: number;
  base: string;
  cuota: string;
  tipoRecargo: string | null;
  cuotaRecargo: string;
};

export type LineaCalculo = {
  cantidad: string;
  precioUnitario: string;
  descuentoPct?: string | undefined;
  tipoIva: number;
  tratamiento?: Tratamiento | undefined;
  causa?: string | null | undefined;
  naturaleza?: string | undefined;
};

export type TotalesFactura = {
  bases: string[];
  desglose: GrupoDesglose[];
  baseImponible: string;
  cuotaIva: string;
  cuotaRecargo: string;
  importeTotal: string;
  retencion: string;
  totalAPagar: string;
};

/** The effective rate of a line: 0 unless `general` (§2 Linea). */
export const tipoEfectivo = (l: LineaCalculo): number =>
  (l.tratamiento ?? 'general') === 'general' ? l.tipoIva : 0;

/**
 * Rule 1: line base = round(cantidad × precio × (1 − dto/100), 2); per desglose group
 * (calificación, causa, tipo, recargo) cuota = round(Σ bases × tipo/100, 2); recargo the same
 * on `venta` lines when recargoEquivalencia; retención = round(base × pct/100, 2);
 * importeTotal = Σ bases + Σ cuotas + Σ recargos; totalAPagar = importeTotal − retención.
 */
export const calcularFactura = (
  lineas: readonly LineaCalculo[],
  { retencionPct = '0', recargoEquivalencia = false } = {} as {
    retencionPct?: string;
    recargoEquivalencia?: boolean;
  },
): TotalesFactura => {
  const bases = lineas.map((l) =>
    lineBase({
      cantidad: l.cantidad,
      precio: l.precioUnitario,
      descuentoPct: l.descuentoPct ?? '0',
    }),
  );
  const grupos = new Map<
    string,
    { g: Omit<GrupoDesglose, 'base' | 'cuota' | 'cuotaRecargo'>; bases: string[] }
  >();
  lineas.forEach((l, i) => {
    const tratamiento = l.tratamiento ?? 'general';
    const tipoIva = tipoEfectivo(l);
    const calificacion: Calificacion | null =
      tratamiento === 'general'
        ? 'S1'
        : tratamiento === 'isp'
          ? 'S2'
          : tratamiento === 'no_sujeta'
            ? ((l.causa ?? 'N1') as Calificacion)
            : null;
    const exencion = tratamiento === 'exenta' ? (l.causa ?? 'E6') : null;
    const tipoRecargo =
      recargoEquivalencia && l.naturaleza === 'venta' && tratamiento === 'general'
        ? (RECARGOS[tipoIva] ?? null)
        : null;
    const key = `${calificacion}|${exencion}|${tipoIva}|${tipoRecargo}`;
    const entry = grupos.get(key) ?? {
      g: { calificacion, exencion, tipoIva, tipoRecargo },
      bases: [],
    };
    entry.bases.push(bases[i] as string);
    grupos.set(key, entry);
  });
  const orden = (g: GrupoDesglose) =>
    `${g.calificacion ?? 'Z'}${g.exencion ?? ''}${String(100 - g.tipoIva).padStart(3, '0')}`;
  const desglose = [...grupos.values()]
    .map(({ g, bases: bs }) => {
      const base = sumDecimals(bs);
      const cuota = round2(multiplyPct(base, g.tipoIva));
      const cuotaRecargo = g.tipoRecargo ? round2(multiplyPct(base, g.tipoRecargo)) : '0.00';
      return { ...g, base: round2(base), cuota, cuotaRecargo };
    })
    .sort((a, b) => orden(a).localeCompare(orden(b)));
  const baseImponible = round2(sumDecimals(desglose.map((d) => d.base)));
  const cuotaIva = round2(sumDecimals(desglose.map((d) => d.cuota)));
  const cuotaRecargo = round2(sumDecimals(desglose.map((d) => d.cuotaRecargo)));
  const importeTotal = round2(sumDecimals([baseImponible, cuotaIva, cuotaRecargo]));
  const retencion = round2(multiplyPct(baseImponible, retencionPct));
  return {
    bases,
    desglose,
    baseImponible,
    cuotaIva,
    cuotaRecargo,
    importeTotal,
    retencion,
    totalAPagar: round2(subtractDecimals(importeTotal, retencion)),
  };
};

/** value × pct / 100, exact (rounded by the caller where a rule says so). */
const multiplyPct = (value: string, pct: string | number): string =>
  exactDecimal(toDecimal(value).times(toDecimal(pct)).div(toDecimal(100)), 2);

// ---- answers --------------------------------------------------------------------------------

export const lineaFacturaSchema = z.object({
  id: z.string(),
  orden: z.number().int(),
  conceptoId: z.string().nullable(),
  descripcion: z.string(),
  cantidad: z.string(),
  unidad: z.string(),
  precioUnitario: z.string(),
  descuentoPct: z.string(),
  naturaleza: z.enum(NATURALEZAS),
  tratamiento: z.enum(TRATAMIENTOS),
  causa: z.string().nullable(),
  tipoIva: z.number(),
  base: z.string(),
  origen: origenLineaSchema.nullable(),
});
export type LineaFactura = z.output<typeof lineaFacturaSchema>;

export const grupoDesgloseSchema = z.object({
  calificacion: z.string().nullable(),
  exencion: z.string().nullable(),
  tipoIva: z.number(),
  base: z.string(),
  cuota: z.string(),
  tipoRecargo: z.string().nullable(),
  cuotaRecargo: z.string(),
});

export const cobroSchema = z.object({
  _id: z.string(),
  fecha: z.string(),
  importe: z.string(),
  medio: z.enum(MEDIOS_COBRO),
  referencia: z.string().nullable(),
  contrapartidaId: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Cobro = z.output<typeof cobroSchema>;

export const parteSnapshotSchema = z.object({
  nombre: z.string(),
  documento: z.string().nullable(),
  direccion: z.array(z.string()),
  tipoIdentificacion: z.string().optional(),
  paisCodigo: z.string().optional(),
});

export const verifactuEstadoSchema = z
  .object({ estado: z.string(), huella: z.string(), qrUrl: z.string().nullable() })
  .nullable();

export const facturaSchema = z.object({
  _id: z.string(),
  empresa: z.enum(EMPRESAS_FACTURA),
  clase: z.enum(['factura', 'rectificativa']),
  tipoFactura: z.enum(TIPOS_FACTURA),
  estado: z.enum(ESTADOS_FACTURA),
  vencida: z.boolean(),
  rectificadaParcialmente: z.boolean(),
  serie: z.string().nullable(),
  ejercicio: z.number().nullable(),
  secuencial: z.number().nullable(),
  numero: z.string().nullable(),
  fechaExpedicion: z.string().nullable(),
  fechaVencimiento: z.string().nullable(),
  fechaOperacion: z.string().nullable(),
  clienteId: z.string(),
  cliente: parteSnapshotSchema,
  emisor: z.record(z.string(), z.unknown()).nullable(),
  formaPago: z.enum(FORMAS_PAGO_FACTURA),
  diasVencimiento: z.number(),
  retencionPct: z.string(),
  recargoEquivalencia: z.boolean(),
  referenciaCliente: z.string().nullable(),
  descripcionOperacion: z.string(),
  observaciones: z.string().nullable(),
  origen: z.enum(['alquiler', 'albaran', 'manual']),
  lineas: z.array(lineaFacturaSchema),
  desglose: z.array(grupoDesgloseSchema),
  baseImponible: z.string(),
  cuotaIva: z.string(),
  cuotaRecargo: z.string(),
  importeTotal: z.string(),
  retencion: z.string(),
  totalAPagar: z.string(),
  cobrado: z.string(),
  pendiente: z.string(),
  facturaRectificadaId: z.string().nullable(),
  facturaRectificadaNumero: z.string().nullable(),
  tipoRectificacion: z.enum(['I', 'S']).nullable(),
  motivo: z.string().nullable(),
  motivoAnulacion: z.string().nullable(),
  anuladaAt: z.string().nullable(),
  verifactu: verifactuEstadoSchema,
  cobros: z.array(cobroSchema),
  notas: z.array(
    z.object({
      _id: z.string(),
      numero: z.string().nullable(),
      fechaExpedicion: z.string().nullable(),
      tipoFactura: z.string(),
      importeTotal: z.string(),
      estado: z.string(),
    }),
  ),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Factura = z.output<typeof facturaSchema>;

export const facturaResumenSchema = facturaSchema.omit({
  lineas: true,
  cobros: true,
  notas: true,
  emisor: true,
  desglose: true,
});
export type FacturaResumen = z.output<typeof facturaResumenSchema>;

export const facturaListQuerySchema = z.object({
  ...listQueryFields({ sortFields: FACTURA_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  empresa: z.enum(EMPRESAS_FACTURA).default('alquileres'),
  estado: z.enum(ESTADOS_FILTRO_FACTURA).optional(),
  clienteId: z.uuid().optional(),
  desde: fechaSchema().optional(),
  hasta: fechaSchema().optional(),
  origen: z.enum(['alquiler', 'albaran', 'manual']).optional(),
});
export type FacturaListQuery = z.output<typeof facturaListQuerySchema>;
export const parseFacturaSort = (sort: string | undefined) =>
  parseSort(sort, FACTURA_SORT_FIELDS, { field: 'fecha', direction: 'desc' });

export const emitirSchema = z.object({ version: versionSchema.optional() });
export const anularSchema = z.object({
  version: versionSchema.optional(),
  motivo: textSchema({ multiline: true })
    .trim()
    .min(3, FACTURA_MESSAGES.motivo)
    .max(500, FACTURA_MESSAGES.motivo),
});
export const cobroCreateSchema = z.object({
  fecha: fechaSchema(),
  importe: importeSchema('El importe', { minimo: 'ninguno' }),
  medio: z.enum(FORMAS_PAGO_FACTURA),
  referencia: opcional(100),
  version: versionSchema.optional(),
});
export const emitirLoteSchema = z.object({ ids: z.array(z.uuid()).min(1).max(200) });

export const pendientesQuerySchema = z.object({
  hasta: fechaSchema().optional(),
  clienteId: z.uuid().optional(),
  desde: fechaSchema().optional(),
});
/**
 * GET lineas-albaranes / lineas-alquileres: `ids` comma-separated (≤ 300; none gives no line,
 * after the empresa check), `hasta` optional.
 */
export const lineasPendientesQuerySchema = z.object({
  ids: z
    .string()
    .default('')
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).max(300)),
  hasta: fechaSchema().optional(),
});
export const desdeAlquileresSchema = z.object({
  hasta: fechaSchema(),
  alquilerIds: z.array(z.uuid()).min(1).max(300),
});

/** Vencida (rule 5): emitida, vencimiento < today, pendiente ≠ 0. */
export const esVencida = (
  f: { estado: string; fechaVencimiento: string | null; pendiente: string },
  hoy: string,
): boolean =>
  f.estado === 'emitida' &&
  f.fechaVencimiento !== null &&
  f.fechaVencimiento < hoy &&
  compareDecimals(f.pendiente, 0) !== 0;

/** finanzas.md §2 Condiciones de facturación. */
export const TIPOS_IDENTIFICACION = ['NIF', '02', '03', '04', '06'] as const;
export const condicionesInputSchema = z.object({
  formaPago: z.enum(FORMAS_PAGO_FACTURA).default('transferencia'),
  diasVencimiento: z.coerce
    .number()
    .int()
    .min(0)
    .max(60, 'El plazo de pago no puede superar 60 días (Ley 3/2004, art. 4)')
    .nullable()
    .optional(),
  ibanCliente: z.string().trim().max(40).nullable().optional(),
  referenciaMandato: z.string().trim().max(35).nullable().optional(),
  emailFacturacion: z.string().trim().max(200).nullable().optional(),
  retencionPct: z.enum(RETENCIONES).default('0'),
  recargoEquivalencia: z.boolean().default(false),
  contratistaObra: z.boolean().default(false),
  tipoIdentificacion: z.enum(TIPOS_IDENTIFICACION).default('NIF'),
  paisCodigo: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'El país es un código ISO de dos letras')
    .default('ES'),
  /** The version read; 0 while the client has no stored conditions. */
  version: z.number().int().min(0).optional(),
});
export type CondicionesInput = z.input<typeof condicionesInputSchema>;
export const condicionesSchema = z.object({
  clienteId: z.string(),
  formaPago: z.enum(FORMAS_PAGO_FACTURA),
  diasVencimiento: z.number().nullable(),
  ibanCliente: z.string().nullable(),
  referenciaMandato: z.string().nullable(),
  emailFacturacion: z.string().nullable(),
  retencionPct: z.string(),
  recargoEquivalencia: z.boolean(),
  contratistaObra: z.boolean(),
  tipoIdentificacion: z.string(),
  paisCodigo: z.string(),
  version: z.number().int(),
});
export type Condiciones = z.output<typeof condicionesSchema>;
