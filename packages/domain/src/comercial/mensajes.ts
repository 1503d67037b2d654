import { formatFecha, plural } from '../format/es-es.js';
// Comercial's texts (comercial.md §3, §4 and §6), `COMERCIAL_MESSAGES`: the API
// answers them and the screens show them, so each lives here once.

export const COMERCIAL_MESSAGES = {
  clienteObligatorio: 'El cliente es obligatorio',
  clienteNoValido: 'El cliente no existe o no está activo',
  lineasObligatorias: 'Añade al menos una línea',
  fechaFinAnterior: 'La fecha de fin no puede ser anterior a la de inicio',
  periodoMaximo: 'El periodo de una línea no puede superar 1.825 días',
  cantidadPositiva: 'La cantidad debe ser mayor que 0',
  cantidadEntera: 'La cantidad de andamio debe ser un número entero',
  precioDiaObligatorio: 'El precio por día es obligatorio',
  precioNegativo: 'El precio no puede ser negativo',
  descuento: 'El descuento debe estar entre 0 y 100',
  iva: 'El IVA debe ser 21, 10, 4 o 0',
  validezPasada: 'La fecha de validez no puede ser anterior a hoy',
  motivoObligatorio: 'El motivo es obligatorio',
  maxLineasPresupuesto: 'Máximo 200 líneas',
  maxLineasAlquiler: 'Máximo 300 líneas',
  fechaObligatoria: 'La fecha es obligatoria',
  articuloObligatorio: 'Elige el artículo de la línea',
  articuloNoValido: 'El artículo no existe o no está activo',
  direccionObraObligatoria: 'La dirección de la obra es obligatoria',
  maquinaRepetida: 'La misma máquina aparece en dos líneas con fechas que se solapan',
  efectivoLimite: 'No se admiten pagos en efectivo de 1.000 € o más (Ley 7/2012, art. 7)',
  noReserva: 'El presupuesto no reserva material: la reserva se hace al aceptarlo.',
  materialNoDisponible: 'Hay material no disponible en las fechas indicadas.',

  presupuestoNoEncontrado: 'Presupuesto no encontrado',
  alquilerNoEncontrado: 'Alquiler no encontrado',
  plantillaNoEncontrada: 'Plantilla no encontrada',
  presupuestoCerrado: 'Un presupuesto aceptado o rechazado no puede modificarse.',
  soloEliminarBorrador: 'Solo se pueden eliminar presupuestos en borrador.',
  /** R7: "Actualizar precios" is offered in borrador and enviado (quotes) and reservado (rentals). */
  actualizarPreciosPresupuesto:
    'Solo se actualizan los precios de presupuestos en borrador o enviados.',
  actualizarPreciosAlquiler: 'Solo se actualizan los precios de alquileres reservados.',
  soloEnviarBorrador: 'Solo se pueden enviar presupuestos en borrador.',
  validezPasadaEnviar: 'La validez ha pasado; indica una fecha de validez futura.',
  soloAceptarEnviado: 'Solo se pueden aceptar presupuestos enviados.',
  caducado: (fecha: string) =>
    `El presupuesto ha caducado el ${formatFecha(fecha)}. Renueva su validez antes de aceptarlo.`,
  aceptarSinCliente: 'Para aceptar el presupuesto, asígnale un cliente dado de alta.',
  soloRechazarEnviado: 'Solo se pueden rechazar presupuestos enviados.',
  soloRenovarCaducado: 'Solo se puede renovar la validez de un presupuesto caducado.',
  plantillaDuplicada: 'Ya existe una plantilla con este nombre',
  plantillaEnUso: (n: number) =>
    `La plantilla se ha usado en ${plural(n, 'presupuesto', 'presupuestos')}; desactívala en su lugar.`,

  clienteConEntregas: 'El cliente no puede cambiar con material entregado.',
  cerradoSoloObservaciones:
    'Un alquiler finalizado o cancelado solo admite cambios en las observaciones internas.',
  accionNoAdmitida: (estado: 'finalizado' | 'cancelado') =>
    `El alquiler está ${estado}: no admite esta acción.`,
  yaCancelado: 'El alquiler ya está cancelado.',
  cancelarFinalizado: 'No se puede cancelar un alquiler finalizado.',
  cancelarEntregado:
    'No se puede cancelar un alquiler con material entregado. Registra la devolución o finaliza el alquiler.',
  finalizarReservado:
    'No se puede finalizar un alquiler sin material entregado: cancélalo si ya no se necesita.',
  yaFinalizado: 'El alquiler ya está finalizado.',
  finalizarCancelado: 'No se puede finalizar un alquiler cancelado.',
  pendientesDevolver: (n: number) =>
    n === 1
      ? 'No se puede finalizar: queda 1 unidad pendiente de devolver.'
      : `No se puede finalizar: quedan ${n} unidades pendientes de devolver.`,
  fianzaDevolucion: 'La fianza solo se devuelve con el alquiler finalizado o cancelado.',
  motivoIva0: 'Indica si la operación está exenta o no sujeta',
  fianzaSinCobro: 'La fianza no se ha cobrado: registra el cobro antes de la devolución.',
  fianzaNoRequerida: 'El alquiler no tiene fianza: no hay importe que devolver.',
  fianzaSuma: 'El importe devuelto más el retenido debe sumar el importe de la fianza',
  motivoRetencion: 'Indica el motivo de la retención',
  lineaEntregada: 'No se puede quitar una línea con material entregado.',
  lineaFacturada: 'La línea ya tiene periodos facturados; su precio no puede cambiar.',
  /** R20: an invoiced line stays (its invoices name it). */
  lineaFacturadaQuitar:
    'No se puede quitar una línea con periodos facturados. Rectifica primero las facturas de esos periodos.',
  /** R20 extended to the IVA: the periods already invoiced carry it. */
  lineaFacturadaIva:
    'La línea ya tiene periodos facturados; su IVA no puede cambiar. Rectifica primero las facturas de esos periodos.',
  // R20: "facturacion changes only before the first invoice".
  facturacionFacturada:
    'La forma de facturación no puede cambiar: el alquiler ya tiene periodos facturados.',
  lineaEntregadaBloqueada:
    'Una línea con material entregado no puede cambiar su inicio ni su artículo, ni bajar de lo entregado.',
  cambiarFinAnterior: 'La nueva fecha de fin no puede ser anterior al inicio ni a hoy',
  cambiarFinEntrega: 'La nueva fecha de fin no puede ser anterior a la primera entrega',
  bajaFecha: 'La fecha de baja debe estar entre la primera entrega y dentro de 30 días',
  bajaSinMaterial: 'No hay material en obra que dar de baja',
  alquilerCancelado: (numero: string) => `El alquiler ${numero} está cancelado`,
  albaranFacturado: (factura: string) =>
    `El albarán afecta a un periodo ya facturado (${factura}). Rectifica la factura primero.`,
  calendarioIntervalo: 'El intervalo del calendario no puede superar 92 días',
  /** The lists' `desde`/`hasta` ("Emitido desde"/"hasta", "Activos entre"). */
  hastaAnteriorDesde: 'La fecha final no puede ser anterior a la inicial',
  lineaAnadida: (albaran: string) => `Línea añadida por la entrega ${albaran}`,
  /** R24: "Horas extra MEX-001: 12,5 h × 18,00 €". */
  horasExtra: (codigo: string, exceso: string, horaExtra: string) =>
    `Horas extra ${codigo}: ${exceso} h × ${horaExtra}`,
  retraso: (dias: number) => `Retraso: ${dias} ${dias === 1 ? 'día' : 'días'}`,
  conflictoRetraso: (codigo: string, numero: string, dias: number) =>
    `Conflicto: ${codigo} no ha sido devuelta (${numero}, ${dias} ${dias === 1 ? 'día' : 'días'} de retraso)`,
} as const;
