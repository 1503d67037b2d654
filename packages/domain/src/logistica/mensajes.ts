import { formatFecha, formatNumero } from '../format/es-es.js';

// Logística's texts (logistica.md §3–§5), answered by the API and shown by the screens.

export const LOGISTICA_MESSAGES = {
  albaranNoEncontrado: 'Albarán no encontrado',
  alquilerNoEncontrado: 'Alquiler no encontrado',
  alquilerObligatorio: 'Elige el alquiler del albarán',
  alquilerNoPermite: (tipo: 'entrega' | 'recogida', numero: string) =>
    tipo === 'entrega'
      ? `El alquiler ${numero} no admite entregas en su estado actual`
      : `El alquiler ${numero} no tiene material en obra para recoger`,
  lineasObligatorias: 'Añade al menos una línea de material',
  maxLineas: 'Máximo 200 líneas',
  articuloRepetido: (codigo: string) => `Artículo repetido: ${codigo}`,
  articuloNoValido: 'El artículo no existe o no está activo',
  cantidadPositiva: 'La cantidad debe ser mayor que 0',
  cantidadMaquina: 'Una máquina se entrega o recoge de una en una: la cantidad debe ser 1',
  cantidadEntera: 'La cantidad de andamio debe ser un número entero',
  recuentoNoCuadra: 'Correcto + Dañado + Falta debe ser igual a la cantidad',
  maquinaSinVolver:
    'Una máquina que no vuelve no se recoge: indica Correcto o Dañado, el alquiler sigue abierto',
  observacionDanoObligatoria: 'Describe el daño o la falta',
  horometroObligatorio: 'El horómetro es obligatorio al recoger una máquina',
  direccionObraObligatoria: 'La dirección de la obra es obligatoria',
  fechaFutura: 'No se puede emitir un albarán con fecha posterior a hoy',
  fechaFinCobroPosterior: 'La fecha de fin de cobro no puede ser posterior a la de la recogida',
  fechaFinCobroAnterior: (numero: string, fecha: string) =>
    `La fecha de fin de cobro no puede ser anterior a la entrega ${numero} (${formatFecha(fecha)})`,
  devuelveMasDeLoQueHay: (n: number, codigo: string, s: number) =>
    `Se devuelven ${n} unidades de ${codigo} pero solo hay ${s} en obra`,
  noEnObra: (codigo: string) => `${codigo} no está en la obra de este alquiler`,
  entregaMasDeLoContratado: (codigo: string, c: number, t: number) =>
    `Se entregan más unidades de ${codigo} de las contratadas (contratadas ${c}, entregadas en total ${t}).`,
  stockInsuficiente: (codigo: string, n: number, m: number) =>
    `Stock insuficiente en ${codigo}: disponibles ${n}, solicitadas ${m}`,
  soloBorrador: 'Solo se puede modificar un albarán en borrador.',
  soloBorradorEliminar: 'Solo se puede eliminar un albarán en borrador.',
  soloBorradorEmitir: 'Solo se puede emitir un albarán en borrador.',
  soloEmitidoFirmar: 'Solo se puede firmar un albarán emitido y aún sin firmar.',
  yaAnulado: 'El albarán ya está anulado.',
  borradorNoSeAnula: 'Un borrador no se anula: elimínalo.',
  anularConRecogida: (numero: string, recogida: string) =>
    `No se puede anular ${numero}: la recogida ${recogida} devuelve material de esta entrega. Anula antes esa recogida.`,
  anularFacturado: (factura: string) =>
    `No se puede anular un albarán facturado (${factura}). Emite antes una factura rectificativa.`,
  motivo: 'El motivo debe tener entre 10 y 500 caracteres',
  tipoInmutable: 'El tipo no puede modificarse después de la creación.',
  empresaInmutable: 'La empresa no puede modificarse después de la creación.',
  accionNoAdmitida: 'La acción solo se indica al crear el albarán.',
  referenciaDuplicada: (numero: string, ref: string) =>
    `Ya existe el albarán ${numero} con la referencia «${ref}» para este cliente.`,
  // Firma (§2.4)
  firmaNombre: 'El nombre del firmante debe tener entre 2 y 100 caracteres',
  firmaDni: 'El DNI/NIE del firmante no es válido',
  firmaImagen: 'La firma debe ser una imagen PNG de hasta 300 KB y 2000 × 1000 px',
  firmaVacia: 'Dibuje su firma antes de guardar',
  // §11.5 Solicitar transporte
  soloEntregaEmitida: 'Solo se solicita transporte para un albarán de entrega emitido.',
  transporteYaSolicitado: (numero: string) =>
    `Ya se ha solicitado el transporte de este albarán: ${numero}.`,
  altaClienteTransporte: (razonSocial: string) =>
    `Da de alta a ${razonSocial} como cliente de Transportes para solicitar el transporte`,
  mercanciaDeAlquiler: (numero: string) => `Material de alquiler según albarán ${numero}`,
  // Transporte (§2.3, R10–R14)
  clienteObligatorio: 'El cliente es obligatorio',
  clienteNoValido: 'No existe ningún cliente de Transportes activo con ese identificador',
  destinatarioNombre: 'El nombre del destinatario debe tener entre 1 y 200 caracteres',
  mercanciaObligatoria: 'Describe la mercancía (1 a 500 caracteres)',
  pesoRango: 'El peso debe ser un número entero de kg entre 1 y 60.000',
  entregaPreviaAnterior: 'La entrega prevista no puede ser anterior a la fecha de carga',
  motivoExencion: 'Indica el motivo de la exención',
  municipioObligatorio: 'Elige al menos el municipio',
  camionNoValido: 'El camión no existe o no es de la flota',
  proveedorNoValido: 'El proveedor no existe o no es de Transportes',
  faltanDatosControl: (lista: string[]) =>
    `Faltan datos del documento de control (Orden FOM/2861/2012, art. 6): ${lista.join(', ')}.`,
  itvVencida: (matricula: string, fecha: string) =>
    `El camión ${matricula} tiene la ITV vencida (válida hasta el ${formatFecha(fecha)}).`,
  camionBaja: (matricula: string) => `El camión ${matricula} está dado de baja.`,
  camionTaller: (matricula: string) => `El camión ${matricula} está en el taller.`,
  camionNoEnFlota: (matricula: string) =>
    `El camión ${matricula} no está en la flota propia: elígelo de la flota o indica el transportista subcontratado.`,
  sobrepeso: (p: number, u: number) =>
    `El peso declarado (${formatNumero(p)} kg) supera la carga útil del camión (${formatNumero(u)} kg).`,
  entregaSinFirma: 'Captura la firma del receptor o indica por qué se entrega sin firma',
  entregaAntesDeCarga: (fecha: string) =>
    `No se puede registrar la entrega antes de la fecha de carga (${formatFecha(fecha)})`,
  soloPrecioTrasPendiente:
    'Solo se pueden modificar precio, IVA y observaciones de un albarán en ruta o entregado.',
  estadoNoPermite: (accion: string, estado: string) =>
    `No se puede ${accion} un albarán en estado ${estado}.`,
  facturado: (numero: string, factura: string) =>
    `El albarán ${numero} ya está facturado en ${factura}.`,
  transporteNoEncontrado: 'Albarán no encontrado',
} as const;
