import type { Empresa } from '@tvsistema/domain';

// finanzas.md §5: every text of the screens, once.

const sufijo = (empresa: Empresa) => (empresa === 'transporte' ? 'Transportes' : 'Alquileres');

export const T = {
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
    sinNif: 'El cliente no tiene NIF: solo admite factura simplificada (hasta 400,00 €).',
    datos: 'Datos de la factura',
    lineas: 'Líneas',
    totales: 'Totales',
    anadirLinea: 'Añadir línea',
    guardar: 'Guardar borrador',
    guardarEmitir: 'Guardar y emitir',
    guardando: 'Guardando…',
    guardado: 'Borrador guardado',
    emitidaNoModificable: 'Las facturas emitidas no se pueden modificar. Emite una nota de abono.',
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
