import { formatFecha, formatNumero, plural } from '../format/es-es.js';

// Every text of inventario.md that users read, in one place: the API answers them and the web
// shows them, so both say exactly the same.

const f = formatFecha;
const horas = (valor: string | number) => `${formatNumero(valor, 1)} h`;
const rango = (desde: string, hasta: string | null) =>
  hasta ? `${f(desde)}–${f(hasta)}` : `desde el ${f(desde)}`;

export const INVENTARIO_MESSAGES = {
  // R1 codes
  codigoMaquinaDuplicado: (codigo: string) => `Ya existe una máquina con el código ${codigo}`,
  serieDuplicada: (marca: string, numeroSerie: string, codigo: string) =>
    `Ya existe una máquina ${marca} con el número de serie ${numeroSerie} (${codigo})`,
  codigoComponenteDuplicado: (codigo: string) => `Ya existe un componente con el código ${codigo}`,
  codigoPlantillaDuplicado: (codigo: string) => `Ya existe una plantilla con el código ${codigo}`,

  // Field texts (§2)
  codigoInterno: 'El código interno admite de 2 a 20 letras, números o guiones (p. ej. MEX-001)',
  codigoComponente: 'El código admite de 2 a 20 letras, números, puntos o guiones',
  codigoPlantilla: 'El código admite de 2 a 20 letras, números o guiones',
  tipoRequerido: 'Elige un tipo',
  marca: 'La marca es obligatoria (hasta 60 caracteres)',
  modelo: 'El modelo es obligatorio (hasta 80 caracteres)',
  anio: (max: number) => `El año debe estar entre 1950 y ${max}`,
  numeroSerie: 'El número de serie admite de 3 a 40 letras, números, puntos, barras o guiones',
  fechaFutura: 'La fecha no puede ser posterior a hoy',
  fechaMatriculacionRequerida: 'Indica la fecha de matriculación',
  itvSinMatricula: 'Solo una máquina con matrícula puede requerir ITV',
  pesoMaquina: 'El peso debe ser mayor que 0 y como máximo 99.999,9 kg, con un decimal',
  pesoComponente: 'El peso debe ser mayor que 0 y como máximo 9.999,999 kg, con hasta 3 decimales',
  horometro: 'Lectura no válida: un número de horas mayor o igual que 0 con un decimal',
  dimension: 'Cada medida es un número entero de 1 a 30.000 mm',
  caracteristicaNombre: 'El nombre de la característica tiene de 1 a 40 caracteres',
  caracteristicaValor: 'El valor de la característica tiene de 1 a 80 caracteres',
  demasiadasCaracteristicas: 'Como máximo 20 características',
  demasiadasRevisiones: 'Como máximo 10 revisiones en el plan',
  revisionNombre: 'El nombre de la revisión tiene de 2 a 80 caracteres',
  revisionPeriodo: 'Indica cada cuántas horas (10–10.000) o meses (1–60) se hace la revisión',
  horasIncluidas: 'Las horas incluidas por día van de 1 a 24',
  diasPreparacion: 'Los días de preparación van de 0 a 7',
  nombreComponente: 'El nombre tiene de 2 a 120 caracteres',
  textoCorto: 'Como máximo 60 caracteres',
  stockInicial: 'El stock inicial es un número entero de 0 a 1.000.000',
  stockMinimo: 'El stock mínimo es un número entero mayor o igual que 0',
  nombrePlantilla: 'El nombre tiene de 2 a 120 caracteres',
  descripcionPlantilla: 'La descripción admite hasta 1.000 caracteres',
  motivoIva0: 'Indica si la operación está exenta o no sujeta',

  // R13, R14
  importe: 'Importe no válido: hasta 2 decimales y como máximo 999.999,99',
  precio: 'Precio no válido: hasta 4 decimales y como máximo 999.999,9999',
  tarifaDiaria: 'La tarifa diaria debe ser mayor que 0',
  tarifaSemanal: 'La tarifa semanal debe estar entre la diaria y 7 veces la diaria',
  tarifaMensual:
    'La tarifa mensual debe ser mayor que la semanal (o la diaria) y como máximo 30 veces la diaria',
  fianzaIva: 'La fianza no está sujeta a IVA: elige 0 % (no sujeta)',
  porcentaje: 'Un porcentaje debe ser mayor que 0 y como máximo 100',
  porcentajeTipo: 'Solo los conceptos de seguro u otros pueden ser un porcentaje',

  // R6, R4 availability
  reservada: (codigo: string, desde: string, hasta: string, numero: string) =>
    `${codigo} está reservada del ${f(desde)} al ${f(hasta)} (${numero})`,
  preparacion: (dias: number) => ` y necesita ${plural(dias, 'día', 'días')} de preparación`,
  enTallerSinFin: (codigo: string, fecha: string) =>
    `${codigo} está en taller desde el ${f(fecha)} sin fecha de fin prevista`,
  enTallerHasta: (codigo: string, desde: string, hasta: string) =>
    `${codigo} está en taller del ${f(desde)} al ${f(hasta)}`,
  dadaDeBaja: (codigo: string) => `${codigo} está dada de baja`,
  vencido: (codigo: string, numero: string, hasta: string) =>
    `${codigo} sigue en ${numero}, que debía volver el ${f(hasta)}`,
  faltanPiezas: (
    codigo: string,
    faltan: number,
    fecha: string,
    disponibles: number,
    solicitadas: number,
  ) =>
    `${codigo}: faltan ${faltan === 1 ? '1 ud.' : `${formatNumero(faltan)} uds.`} el ${f(fecha)} (disponibles ${formatNumero(disponibles)} de ${formatNumero(solicitadas)} solicitadas)`,
  sobrerreserva: (faltan: number, fecha: string) =>
    `Sobrerreserva: faltan ${faltan === 1 ? '1 ud.' : `${formatNumero(faltan)} uds.`} el ${f(fecha)}`,
  rangoMaximo: 'El periodo no puede superar 366 días',
  rangoInvertido: 'La fecha final no puede ser anterior a la inicial',
  libreAmbas: 'Indica las dos fechas del periodo o ninguna',

  // §3 stock
  stockInsuficiente: (codigo: string, etiqueta: string, n: number, m: number) =>
    `Stock insuficiente en ${codigo}: ${etiqueta} ${formatNumero(n)}, solicitadas ${formatNumero(m)}`,
  /** A machine back too late for its next booking (the return is kept; the booking needs a look). */
  devolucionTardia: (codigo: string, fecha: string, numero: string, desde: string) =>
    `${codigo} vuelve el ${fecha} y no llega a tiempo para ${numero}, que empieza el ${desde}: revisa las fechas de esa reserva.`,
  recuentoCambiado: (n: number) =>
    `El stock disponible ha cambiado desde el recuento (ahora ${formatNumero(n)}). Vuelve a cargar y repite el recuento.`,
  motivo: 'Indica el motivo (de 5 a 200 caracteres)',
  cantidad: 'La cantidad es un número entero mayor que 0',
  cantidadMaxima: 'Como máximo 1.000.000 de unidades',

  // R9 hour meter
  lecturaMenor: (x: string, y: string, fecha: string) =>
    `La lectura (${horas(x)}) no puede ser menor que la última registrada (${horas(y)} el ${f(fecha)})`,
  soloUltimaLectura: 'Solo se puede eliminar la última lectura',
  lecturaInicial: 'La lectura inicial no se puede eliminar',
  reinicioSinPermiso: 'Solo administración puede registrar una sustitución del horómetro',

  // §3.1 states
  bajaAlquilada: 'No se puede dar de baja una máquina alquilada',
  reservasFuturas: (numero: string, desde: string, hasta: string) =>
    `La máquina tiene reservas futuras: ${numero} (${f(desde)}–${f(hasta)})`,
  noDisponible: (estado: string) => `La máquina no está disponible (estado: ${estado})`,
  noDisponibleCodigo: (codigo: string, estado: string) =>
    `La máquina ${codigo} no está disponible (estado: ${estado})`,
  noEstaDeBaja: 'La máquina no está dada de baja',
  reservadaMantenimiento: (numero: string, desde: string, hasta: string) =>
    `La máquina está reservada en esas fechas: ${numero} (${f(desde)}–${f(hasta)})`,
  reservadaOtroMantenimiento: (desde: string, hasta: string) =>
    `La máquina está reservada en esas fechas: mantenimiento programado (${f(desde)}–${f(hasta)})`,
  reservaAfectada: (numero: string, desde: string, hasta: string | null) =>
    `Reserva afectada: ${numero} (${rango(desde, hasta)})`,

  // R12
  itvCaducadaEntrega: (codigo: string, fecha: string) =>
    `No se puede entregar ${codigo}: ITV caducada el ${f(fecha)}`,
  seguroCaducadoEntrega: (codigo: string, fecha: string) =>
    `No se puede entregar ${codigo}: seguro caducado el ${f(fecha)}`,

  // R15
  noEliminable: (codigo: string, reservas: number, movimientos: number) =>
    `No se puede eliminar ${codigo}: tiene ${plural(reservas, 'reserva', 'reservas')} y ${plural(movimientos, 'movimiento', 'movimientos')}. Dala de baja (o desactívalo) en su lugar.`,
  plantillaEnUso: (codigo: string) =>
    `No se puede eliminar la plantilla ${codigo}: está en uso en presupuestos o alquileres. Desactívala en su lugar.`,

  // §5 screens and 404s
  maquinaNoEncontrada: 'Máquina no encontrada',
  componenteNoEncontrado: 'Componente no encontrado',
  plantillaNoEncontrada: 'Plantilla no encontrada',
  maquinaInvalida: 'Identificador de máquina inválido.',
  componenteInvalido: 'Identificador de componente inválido.',
  plantillaInvalida: 'Identificador de plantilla inválido.',
} as const;
