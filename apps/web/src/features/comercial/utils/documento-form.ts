import {
  calcularLineas,
  COMERCIAL_MESSAGES,
  EMPTY_DIRECCION,
  totalesDeLineas,
  type Alquiler,
  type ClaseLinea,
  type Direccion,
  type LineaPrecio,
  type ModoTarifa,
  type Presupuesto,
} from '@tvsistema/domain';

// The quote and rental form's state (comercial.md §5) and what it sends: the lines keep their
// `_id` so the server keeps their price snapshot (R7); the preview prices with the domain's rules.

export type LineaForm = {
  key: string;
  _id?: string | undefined;
  clase: ClaseLinea;
  articuloId: string;
  descripcion: string;
  cantidad: string;
  fechaInicio: string;
  fechaFin: string;
  modoTarifa: ModoTarifa;
  diasMinimos: number;
  descuentoPct: string;
  precioDia: string | null;
  precioSemana: string | null;
  precioMes: string | null;
  precio: string | null;
  unidad: string;
  tipoIva: number;
  /** §2.1: `exenta` or `no_sujeta` when the line's IVA is 0 %. */
  motivoIva0?: string | null | undefined;
  /** A rental line's delivered quantity (R22: it stays, its start is fixed). */
  entregada?: number;
  /** A rental line with an invoiced period (R20: its price terms are fixed). */
  facturada?: boolean;
};

/** Why a rental line's fields are locked (R20, R22), for the disabled inputs' tooltips. */
export const bloqueosDeLinea = (l: LineaForm) => ({
  quitar:
    (l.entregada ?? 0) > 0
      ? COMERCIAL_MESSAGES.lineaEntregada
      : l.facturada
        ? COMERCIAL_MESSAGES.lineaFacturadaQuitar
        : undefined,
  inicio: l.facturada
    ? COMERCIAL_MESSAGES.lineaFacturada
    : (l.entregada ?? 0) > 0
      ? COMERCIAL_MESSAGES.lineaEntregadaBloqueada
      : undefined,
  precio: l.facturada ? COMERCIAL_MESSAGES.lineaFacturada : undefined,
  iva: l.facturada ? COMERCIAL_MESSAGES.lineaFacturadaIva : undefined,
});

/** §2.2, §2.4 Contacto (partes' `contactoSchema`): all empty = no contact. */
export type ContactoForm = { nombre: string; telefono: string; correo: string };
export const CONTACTO_VACIO: ContactoForm = { nombre: '', telefono: '', correo: '' };

export type DocumentoForm = {
  clienteId: string;
  clienteEtiqueta: string;
  provisional: boolean;
  provisionalNombre: string;
  provisionalDocumento: string;
  provisionalTelefono: string;
  provisionalCorreo: string;
  obraNombre: string;
  direccionObra: Direccion;
  /** "Contacto" (quote and rental) and "Contacto en obra" (rental only). */
  contacto: ContactoForm;
  contactoObra: ContactoForm;
  fechaInicio: string;
  fechaFin: string;
  fechaValidez: string;
  referenciaCliente: string;
  fianzaImporte: string;
  fianzaFormaPago: string;
  facturacion: string;
  condiciones: string;
  observaciones: string;
  observacionesInternas: string;
  plantillaId: string;
  lineas: LineaForm[];
};

let secuencia = 0;
export const nuevaClave = () => {
  secuencia += 1;
  return `linea-${secuencia}`;
};

export const vacio = (hoy: string): DocumentoForm => ({
  clienteId: '',
  clienteEtiqueta: '',
  provisional: false,
  provisionalNombre: '',
  provisionalDocumento: '',
  provisionalTelefono: '',
  provisionalCorreo: '',
  obraNombre: '',
  direccionObra: EMPTY_DIRECCION,
  contacto: CONTACTO_VACIO,
  contactoObra: CONTACTO_VACIO,
  fechaInicio: hoy,
  fechaFin: hoy,
  fechaValidez: '',
  referenciaCliente: '',
  fianzaImporte: '',
  fianzaFormaPago: '',
  facturacion: '',
  condiciones: '',
  observaciones: '',
  observacionesInternas: '',
  plantillaId: '',
  lineas: [],
});

const articuloDe = (l: Presupuesto['lineas'][number]) =>
  l.maquinaId ?? l.componenteId ?? l.conceptoId ?? '';

const lineaDe = (
  l: Presupuesto['lineas'][number],
  fechas: { fechaInicio: string; fechaFin: string },
): LineaForm => ({
  key: nuevaClave(),
  _id: l._id,
  clase: l.clase,
  articuloId: articuloDe(l),
  descripcion: l.descripcion,
  cantidad: String(Number(l.cantidad)),
  fechaInicio: l.fechaInicio ?? l.fecha ?? fechas.fechaInicio,
  fechaFin: l.fechaFin ?? l.fecha ?? fechas.fechaFin,
  modoTarifa: l.modoTarifa,
  diasMinimos: l.diasMinimos,
  descuentoPct: String(Number(l.descuentoPct)),
  precioDia: l.precioDia,
  precioSemana: l.precioSemana,
  precioMes: l.precioMes,
  precio: l.precio,
  unidad: l.unidad,
  tipoIva: l.tipoIva,
  motivoIva0: l.motivoIva0,
});

const contactoDe = (
  c: { nombre: string; telefono?: string | undefined; correo?: string | undefined } | null,
): ContactoForm =>
  c ? { nombre: c.nombre, telefono: c.telefono ?? '', correo: c.correo ?? '' } : CONTACTO_VACIO;

export const desdePresupuesto = (p: Presupuesto): DocumentoForm => ({
  ...vacio(p.fechaInicio),
  clienteId: p.clienteId ?? '',
  clienteEtiqueta: p.cliente?.nombre ?? '',
  provisional: !p.clienteId && Boolean(p.clienteProvisional),
  provisionalNombre: p.clienteProvisional?.nombre ?? '',
  provisionalDocumento: p.clienteProvisional?.documento ?? '',
  provisionalTelefono: p.clienteProvisional?.telefono ?? '',
  provisionalCorreo: p.clienteProvisional?.correo ?? '',
  obraNombre: p.obraNombre ?? '',
  direccionObra: p.direccionObra ?? EMPTY_DIRECCION,
  contacto: contactoDe(p.contacto),
  fechaInicio: p.fechaInicio,
  fechaFin: p.fechaFin,
  fechaValidez: p.fechaValidez,
  fianzaImporte: p.fianza,
  facturacion: p.facturacion,
  condiciones: p.condiciones ?? '',
  observaciones: p.observaciones ?? '',
  observacionesInternas: p.observacionesInternas ?? '',
  plantillaId: p.plantillaId ?? '',
  lineas: p.lineas.map((l) => lineaDe(l, p)),
});

export const desdeAlquiler = (a: Alquiler): DocumentoForm => ({
  ...vacio(a.fechaInicio),
  clienteId: a.clienteId,
  clienteEtiqueta: a.cliente?.nombre ?? '',
  obraNombre: a.obraNombre ?? '',
  direccionObra: a.direccionObra ?? EMPTY_DIRECCION,
  contacto: contactoDe(a.contacto),
  contactoObra: contactoDe(a.contactoObra),
  fechaInicio: a.fechaInicio,
  fechaFin: a.fechaFin,
  referenciaCliente: a.referenciaCliente ?? '',
  fianzaImporte: a.fianza.importe,
  fianzaFormaPago: a.fianza.formaPago ?? '',
  facturacion: a.facturacion,
  condiciones: a.condiciones ?? '',
  observaciones: a.observaciones ?? '',
  observacionesInternas: a.observacionesInternas ?? '',
  lineas: a.lineas.map((l) => ({
    ...lineaDe(l, a),
    entregada: l.cantidadEntregada,
    facturada: Boolean(l.facturadoHasta),
  })),
});

const esTiempo = (l: LineaForm) =>
  l.clase !== 'concepto' || ['dia', 'semana', 'mes'].includes(l.unidad);

/** A typed price for the preview: "95,5" → "95.5"; empty or half-typed → no price. */
const precioPreview = (v: string | null) => {
  const limpio = v?.trim().replace(',', '.') ?? '';
  return /^\d+(\.\d+)?$/.test(limpio) ? limpio : null;
};

/** R1–R6 on the form's lines: what the "Resumen" shows before saving. */
export const previsualizar = (lineas: readonly LineaForm[]) => {
  try {
    const precios: LineaPrecio[] = lineas.map((l) => ({
      clase: l.clase,
      unidad: l.unidad,
      cantidad: /^\d+(\.\d+)?$/.test(l.cantidad) ? l.cantidad : '0',
      fechaInicio: esTiempo(l) ? l.fechaInicio : null,
      fechaFin: esTiempo(l) ? (l.fechaFin < l.fechaInicio ? l.fechaInicio : l.fechaFin) : null,
      modoTarifa: l.modoTarifa,
      diasMinimos: l.diasMinimos,
      precioDia: precioPreview(l.precioDia),
      precioSemana: precioPreview(l.precioSemana),
      precioMes: precioPreview(l.precioMes),
      precio: precioPreview(l.precio),
      descuentoPct: /^\d+(\.\d+)?$/.test(l.descuentoPct) ? l.descuentoPct : '0',
      tipoIva: l.tipoIva,
    }));
    const calculo = calcularLineas(precios);
    return {
      lineas: calculo,
      totales: totalesDeLineas(
        calculo.map((c, i) => ({ base: c.base, tipoIva: lineas[i]?.tipoIva ?? 21 })),
      ),
    };
  } catch {
    return undefined;
  }
};

const opcional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** A contact with nothing typed is none; otherwise the server checks it (nombre required). */
export const contactoPayload = (c: ContactoForm) =>
  c.nombre.trim() || c.telefono.trim() || c.correo.trim()
    ? {
        nombre: c.nombre.trim(),
        telefono: opcional(c.telefono),
        correo: opcional(c.correo),
      }
    : undefined;

/** A price as typed ("95,5" → "95.5"); empty is no price (null). */
const precioPayload = (v: string | null) =>
  v === null || v.trim() === '' ? null : v.trim().replace(',', '.');

const lineasPayload = (lineas: readonly LineaForm[]) =>
  lineas.map((l) => ({
    ...(l._id ? { _id: l._id } : {}),
    clase: l.clase,
    ...(l.clase === 'maquina' ? { maquinaId: l.articuloId } : {}),
    ...(l.clase === 'andamio' ? { componenteId: l.articuloId } : {}),
    ...(l.clase === 'concepto' ? { conceptoId: l.articuloId } : {}),
    descripcion: opcional(l.descripcion),
    cantidad: l.clase === 'maquina' ? undefined : l.cantidad.replace(',', '.'),
    ...(esTiempo(l)
      ? { fechaInicio: l.fechaInicio, fechaFin: l.fechaFin }
      : { fecha: l.fechaInicio }),
    modoTarifa: l.modoTarifa,
    diasMinimos: l.diasMinimos,
    // R7: the line's own prices (copied from the tariff when added, overridable in the row).
    ...(l.clase === 'concepto'
      ? { precio: precioPayload(l.precio) }
      : {
          precioDia: precioPayload(l.precioDia),
          precioSemana: precioPayload(l.precioSemana),
          precioMes: precioPayload(l.precioMes),
        }),
    descuentoPct: l.descuentoPct.replace(',', '.') || '0',
    tipoIva: l.tipoIva,
    motivoIva0: l.tipoIva === 0 ? (l.motivoIva0 ?? undefined) : undefined,
  }));

export const presupuestoPayload = (f: DocumentoForm) => ({
  ...(f.provisional
    ? {
        clienteProvisional: {
          nombre: f.provisionalNombre,
          documento: opcional(f.provisionalDocumento),
          telefono: opcional(f.provisionalTelefono),
          correo: opcional(f.provisionalCorreo),
        },
      }
    : { clienteId: opcional(f.clienteId) }),
  obraNombre: opcional(f.obraNombre),
  direccionObra: direccionInput(f.direccionObra),
  contacto: contactoPayload(f.contacto),
  fechaInicio: f.fechaInicio,
  fechaFin: f.fechaFin,
  fechaValidez: opcional(f.fechaValidez),
  fianza: opcional(f.fianzaImporte.replace(',', '.')),
  facturacion: opcional(f.facturacion),
  condiciones: opcional(f.condiciones),
  observaciones: opcional(f.observaciones),
  observacionesInternas: opcional(f.observacionesInternas),
  plantillaId: opcional(f.plantillaId),
  lineas: lineasPayload(f.lineas),
});

export const alquilerPayload = (f: DocumentoForm) => ({
  clienteId: f.clienteId,
  referenciaCliente: opcional(f.referenciaCliente),
  contacto: contactoPayload(f.contacto),
  contactoObra: contactoPayload(f.contactoObra),
  obraNombre: opcional(f.obraNombre),
  direccionObra: direccionInput(f.direccionObra),
  facturacion: opcional(f.facturacion),
  fianza: opcional(f.fianzaImporte)
    ? {
        importe: f.fianzaImporte.replace(',', '.'),
        ...(f.fianzaFormaPago ? { formaPago: f.fianzaFormaPago } : {}),
      }
    : undefined,
  condiciones: opcional(f.condiciones),
  observaciones: opcional(f.observaciones),
  observacionesInternas: opcional(f.observacionesInternas),
  lineas: lineasPayload(f.lineas),
});

const direccionInput = (d: Direccion) => ({
  paisId: d.paisId,
  provinciaId: d.provinciaId,
  municipioId: d.municipioId,
  ciudadId: d.ciudadId,
  calleId: d.calleId,
  codigoPostalId: d.codigoPostalId,
  altura: d.altura,
  planta: d.planta,
  local: d.local,
  observacion: d.observacion,
});
