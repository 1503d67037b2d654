import type { Empresa } from '@tvsistema/domain';

// finanzas.md §5: every text of the screens, once.

const sufijo = (empresa: Empresa) => (empresa === 'transporte' ? 'Transportes' : 'Alquileres');

export const T = {
  /** The screen's name when it cannot show its record (issue 14). */
  singular: 'Factura',
  lista: {
    titulo: (empresa: Empresa) => `Facturas - ${sufijo(empresa)}`,
    buscar: 'Buscar por número, cliente o NIF…',
    cargando: 'Cargando facturas…',
    vacio: 'Aún no hay facturas - Crea tu primera factura o factura los alquileres del mes.',
    vacioFiltrado: 'Ninguna factura coincide con la búsqueda o los filtros.',
    error: 'No se pudo cargar facturas',
    plural: 'facturas',
    nueva: 'Nueva factura',
    facturarAlquileres: 'Facturar alquileres',
    informes: 'Informes',
    verifactu: 'VERI*FACTU',
    compras: 'Compras',
    pendienteCobro: 'Pendiente de cobro',
    vencido: 'Vencido',
    facturado: 'Facturado',
  },
  run: {
    titulo: 'Facturar alquileres',
    hasta: 'Facturar hasta',
    vacio: (fecha: string) => `No hay alquileres pendientes de facturar hasta el ${fecha}.`,
    seleccionados: (n: number, base: string) =>
      `${n} ${n === 1 ? 'alquiler seleccionado' : 'alquileres seleccionados'} · Base ${base}`,
    crear: 'Crear borradores',
    creados: (n: number) => `Se han creado ${n} ${n === 1 ? 'borrador' : 'borradores'}`,
  },
  form: {
    nueva: 'Nueva factura',
    editar: 'Editar borrador',
    nuevaTransporte: 'Nueva factura de transporte',
    editarTransporte: 'Editar borrador de transporte',
    cliente: 'Cliente',
    elegirCliente: 'Escribe el nombre o el NIF del cliente…',
    sinNif: 'El cliente no tiene NIF: solo admite factura simplificada (hasta 400,00 €).',
    datos: 'Datos de la factura',
    lineas: 'Líneas',
    totales: 'Totales',
    anadirLinea: 'Añadir línea',
    guardar: 'Guardar borrador',
    guardarEmitir: 'Guardar y emitir',
    guardando: 'Guardando…',
    guardado: 'Borrador guardado',
    tipo: 'Tipo',
    fechaOperacion: 'Fecha de operación',
    formaPago: 'Forma de pago',
    plazo: 'Plazo de pago (días)',
    plazoAyuda: 'Vacío: el de las condiciones del cliente o el del emisor.',
    referencia: 'Referencia del cliente',
    descripcion: 'Descripción de la operación',
    descripcionAyuda: 'Vacía: la de los datos fiscales del emisor.',
    observaciones: 'Observaciones',
    retencion: 'Retención IRPF',
    recargo: 'Recargo de equivalencia',
    condiciones: 'Condiciones de facturación',
    vistaPrevia: 'Vista previa PDF',
    origen: 'Origen',
    alquiler: 'Alquiler',
    elegirAlquiler: 'Escribe el número o la obra del alquiler…',
    cargarLineas: 'Cargar líneas',
    albaranes: 'Albaranes',
    anadirSeleccionados: 'Añadir seleccionados',
    sinAlbaranes: 'No hay albaranes pendientes de facturar para este cliente.',
    elegirClienteAlbaranes: 'Elige un cliente para ver sus albaranes pendientes de facturar.',
    cargandoAlbaranes: 'Cargando albaranes…',
  },
  condiciones: {
    titulo: 'Condiciones de facturación',
    formaPago: 'Forma de pago',
    plazo: 'Plazo de pago (días)',
    iban: 'IBAN del cliente',
    mandato: 'Referencia del mandato',
    email: 'Correo electrónico de facturación',
    retencion: 'Retención IRPF',
    recargo: 'Recargo de equivalencia',
    contratista: 'Contratista o subcontratista de obra (inversión del sujeto pasivo)',
    tipoIdentificacion: 'Tipo de identificación',
    pais: 'País (código ISO)',
    guardar: 'Guardar condiciones',
    guardadas: 'Condiciones guardadas',
    cargando: 'Cargando condiciones…',
  },
  detalle: {
    cargando: 'Cargando factura…',
    invalido: 'Identificador de factura inválido.',
    noEncontrada: 'Factura no encontrada',
    borrador: 'Borrador de factura',
    titulo: (numero: string) => `Factura ${numero}`,
    pdf: 'Descargar PDF',
    editar: 'Editar',
    emitir: 'Emitir',
    eliminar: 'Eliminar borrador',
    confirmarEliminar: '¿Eliminar este borrador? No se puede deshacer.',
    cobro: 'Registrar cobro',
    nota: 'Nota de abono',
    anular: 'Anular',
    anularTitulo: 'Anular factura',
    anularTexto: (numero: string) =>
      `La anulación registra en VERI*FACTU que esta factura no debió expedirse. El número ${numero} queda usado. Si solo hay que corregir importes, emite una nota de abono.`,
    emitirTitulo: 'Emitir factura',
    emitirTexto: 'Una vez emitida no se puede modificar ni eliminar; se registrará en VERI*FACTU.',
    emitida: (numero: string) => `Factura ${numero} emitida`,
    cobroRegistrado: 'Cobro registrado',
    sinCobros: 'Sin cobros registrados.',
  },
} as const;

/** The compras screens' base path per empresa (finanzas.md §7). */
export const comprasBase = (empresa: Empresa) =>
  empresa === 'transporte' ? '/transporte/compras' : '/compras';

/** §5 Desglose "Tratamiento": a compra line's VAT regime (rule 15). */
export const TRATAMIENTO_LABELS = {
  general: 'General',
  isp: 'ISP',
  exenta: 'Exenta',
  no_sujeta: 'No sujeta',
} as const;

/** finanzas.md §5, compras. */
export const TC = {
  singular: 'Compra',
  sinPdf: 'Sin PDF',
  lista: {
    titulo: (empresa: Empresa) => `Compras - ${sufijo(empresa)}`,
    buscar: 'Buscar por proveedor, NIF o número…',
    cargando: 'Cargando compras…',
    vacio: 'Aún no hay compras - Registra la primera factura recibida de un proveedor.',
    vacioFiltrado: 'Ninguna compra coincide con la búsqueda o los filtros.',
    error: 'No se pudo cargar compras',
    nueva: 'Nueva compra',
  },
  form: {
    nueva: 'Nueva compra',
    editar: (registro: string) => `Editar compra ${registro}`,
    proveedor: 'Proveedor',
    elegirProveedor: 'Escribe el nombre o el NIF del proveedor…',
    sinNif: 'El proveedor no tiene NIF: el IVA no será deducible hasta completarlo.',
    factura: 'Factura recibida',
    desglose: 'Desglose',
    documento: 'Documento',
    soltar: 'Arrastra aquí el PDF de la factura o haz clic para seleccionarlo',
    quitar: 'Quitar',
    totales: 'Totales',
    registrar: 'Registrar compra',
    guardarCambios: 'Guardar cambios',
    registrada: 'Compra registrada',
    actualizada: 'Compra actualizada',
  },
  detalle: {
    cargando: 'Cargando compra…',
    invalido: 'Identificador de compra inválido.',
    noEncontrada: 'Compra no encontrada',
    titulo: (registro: string) => `Compra ${registro}`,
    editar: 'Editar',
    pago: 'Registrar pago',
    anular: 'Anular',
    anularTitulo: 'Anular compra',
    anularTexto: 'La compra anulada sale de los libros y del modelo 347. No se puede deshacer.',
    pdf: 'Descargar PDF de la factura',
    pagoRegistrado: 'Pago registrado',
    eliminarPago: 'Eliminar pago',
    eliminarPagoDe: (importe: string, fecha: string) =>
      `Eliminar el pago de ${importe} del ${fecha}`,
    confirmarEliminarPago: (importe: string, fecha: string) =>
      `¿Eliminar el pago de ${importe} del ${fecha}? La compra volverá a quedar pendiente por ese importe.`,
    pagoEliminado: 'Pago eliminado',
    anulada: 'Compra anulada',
    sinPagos: 'Sin pagos registrados.',
  },
} as const;

/** The notas screens' base path per empresa (SPEC 2.3 keeps /notas out of transportes). */
export const notasBase = (empresa: Empresa) =>
  empresa === 'transporte' ? '/transporte/facturas/notas' : '/notas';

/** finanzas.md §5, notas de abono. */
export const TN = {
  singular: 'Nota de abono',
  lista: {
    titulo: (empresa: Empresa) => `Notas de abono - ${sufijo(empresa)}`,
    cargando: 'Cargando notas de abono…',
    vacio: 'Aún no hay notas de abono - Se crean desde una factura emitida con «Nota de abono».',
    vacioFiltrado: 'Ninguna nota de abono coincide con la búsqueda o los filtros.',
    error: 'No se pudo cargar notas de abono',
    plural: 'notas de abono',
    nueva: 'Nueva nota de abono',
  },
  form: {
    nueva: 'Nueva nota de abono',
    editar: 'Editar borrador de nota de abono',
    rectificada: 'Factura rectificada',
    elegir: 'Escribe el número o el cliente de una factura emitida…',
    pendienteAbonar: 'Pendiente de abonar',
    tipo: 'Tipo de rectificativa',
    metodo: 'Método',
    diferencias: 'Por diferencias',
    sustitucion: 'Por sustitución',
    motivo: 'Motivo',
    completa: 'Abonar factura completa',
    emitida: (numero: string) => `Nota de abono ${numero} emitida`,
  },
  detalle: {
    cargando: 'Cargando nota de abono…',
    invalido: 'Identificador de nota de abono inválido.',
    noEncontrada: 'Nota de abono no encontrada',
    borrador: 'Borrador de nota de abono',
    titulo: (numero: string) => `Nota de abono ${numero}`,
    devoluciones: 'Devoluciones',
    devolucion: 'Registrar devolución',
    devolucionRegistrada: 'Devolución registrada',
    sinDevoluciones: 'Sin devoluciones registradas.',
    emitirTitulo: 'Emitir nota de abono',
  },
} as const;

/** finanzas.md §5, the facturas list's batch emission of drafts ("Emitir seleccionadas"). */
export const TL = {
  seleccionarTodas: 'Seleccionar todos los borradores de la página',
  seleccionar: (cliente: string, total: string) =>
    `Seleccionar el borrador de ${cliente} (${total})`,
  boton: (n: number) => `Emitir seleccionadas (${n})`,
  titulo: (n: number) => `Emitir ${n} ${n === 1 ? 'factura' : 'facturas'}`,
  texto: 'Una vez emitidas no se pueden modificar ni eliminar; se registrarán en VERI*FACTU.',
  emitiendo: 'Emitiendo…',
  resultado: (emitidas: number, errores: number) =>
    `Emitidas: ${emitidas} · Con errores: ${errores}`,
  borradorDe: (cliente: string, total: string) => `Borrador de ${cliente} (${total})`,
  error: 'No se pudieron emitir las facturas',
} as const;

/** A record's last envío as the AEAT answered it (finanzas.md rule 13). */
export const ESTADO_REGISTRO_LABELS: Readonly<Record<string, string>> = {
  pendiente: 'Pendiente de envío',
  aceptado: 'Aceptado',
  aceptado_con_errores: 'Aceptado con errores',
  rechazado: 'Rechazado',
  error_conexion: 'Error de conexión',
};

/** A huella shown short: its first and last 8 characters (§5 "Huella 8…8"). */
export const huellaCorta = (huella: string) => `${huella.slice(0, 8)}…${huella.slice(-8)}`;

/** finanzas.md §5, the "VERI*FACTU" tab of an invoice or nota. */
export const TV = {
  cargando: 'Cargando registros VERI*FACTU…',
  error: 'No se pudieron cargar los registros VERI*FACTU',
  sinRegistros: 'Sin registros: el documento no está emitido.',
  registro: (orden: number) => `Registro ${orden}`,
  tipo: 'Tipo',
  generado: 'Generado',
  huella: 'Huella',
  huellaAnterior: 'Huella anterior',
  primerRegistro: 'Ninguna (primer registro)',
  estado: 'Estado',
  csvAeat: 'CSV AEAT',
  error_: 'Error',
  cadena: 'Cadena de la huella',
  copiar: (orden: number) => `Copiar la huella del registro ${orden}`,
  copiada: 'Huella copiada',
  noCopiada: 'No se pudo copiar: selecciona la huella en la cadena.',
  qr: 'QR tributario',
  qrAlt: (numero: string) => `Código QR tributario de ${numero}`,
  tipos: { alta: 'Alta', anulacion: 'Anulación' } as Record<string, string>,
  subsanacion: ' (subsanación)',
} as const;

/** finanzas.md §3 "Eliminar cobro" (facturas.anular) on the invoice's Cobros tab. */
export const TE = {
  eliminar: 'Eliminar cobro',
  // The button's visible text begins its name (WCAG 2.5.3).
  eliminarDe: (importe: string, fecha: string) => `Eliminar cobro de ${importe} del ${fecha}`,
  confirmar: (importe: string, fecha: string) =>
    `¿Eliminar el cobro de ${importe} del ${fecha}? La factura volverá a quedar pendiente por ese importe.`,
  eliminado: 'Cobro eliminado',
} as const;

/** finanzas.md §3 "Eliminar cobro" on a nota's "Devoluciones" tab (notas.edit): a devolución
 * recorded by mistake; amounts shown without their sign, as "Registrar devolución" asks them. */
export const TED = {
  eliminar: 'Eliminar devolución',
  eliminarDe: (importe: string, fecha: string) => `Eliminar devolución de ${importe} del ${fecha}`,
  confirmar: (importe: string, fecha: string) =>
    `¿Eliminar la devolución de ${importe} del ${fecha}? La nota de abono volverá a quedar pendiente de devolver por ese importe.`,
  eliminado: 'Devolución eliminada',
} as const;
