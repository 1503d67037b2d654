import { formatFecha, formatNumero, plural } from '../format/es-es.js';
import { HORAS_MAX_DIA, MAX_FOTOS_PARTE } from './catalogos.js';

// The Spanish texts of flota-obras.md part B (§2.3–§4.10, §5.5–§5.6), once.

export const OBRAS_MESSAGES = {
  nombreObra: 'El nombre de la obra debe tener entre 3 y 150 caracteres',
  clienteObra: 'Elige un cliente activo de Trabajos Verticales',
  ciudadObra: 'Elige la ciudad de la obra',
  calleObra: 'Elige la calle de la obra',
  tipoTrabajo: 'Elige el tipo de trabajo',
  descripcion: 'La descripción no puede superar los 4.000 caracteres',
  finAntesDeInicio: 'La fecha de fin no puede ser anterior a la de inicio',
  importe: 'El importe debe estar entre 0,00 y 99.999.999,99 €',
  progreso: 'El avance debe ser un número entero entre 0 y 100',
  textoCien: 'No puede superar los 100 caracteres',
  referencia: 'La referencia no puede superar los 60 caracteres',
  equipoEnCuerpo: 'El equipo se modifica en la pestaña Equipo',
  estadoEnCuerpo: 'El estado se cambia con las acciones de la obra',
  codigoEnCuerpo: 'El código se asigna al crear la obra',
  empresaInmutable: 'La empresa no puede modificarse después de la creación.',
  fechasPrevistas: 'Indica las fechas previstas de inicio y fin',
  fechaFutura: 'La fecha no puede ser posterior a hoy',
  motivo: 'Indica el motivo',
  accion: 'Elige una acción',
  hastaAntesDeDesde: 'La fecha final no puede ser anterior a la inicial',
  planificacionLarga: 'La planificación abarca como máximo 42 días',
  obraNoEncontrada: 'Obra no encontrada',
  operarioNoEncontrado: 'Operario no encontrado',
  parteNoEncontrado: 'Parte de trabajo no encontrado',
  documentoNoEncontrado: 'Documento no encontrado',
  rolEquipo: 'Elige el rol en la obra',
  operarioActivo: 'Elige un operario activo',
  operarioRepetido: 'El operario ya está en el equipo',
  guardarEquipo: 'No se puede guardar el equipo',
  documentosSeguridad: 'Falta el plan de seguridad y salud o la evaluación de riesgos',
  comunicacionApertura: 'Falta la comunicación de apertura',
  categoriaDocumento: 'Elige la categoría del documento',
  // Operarios
  nombre: 'El nombre debe tener entre 2 y 100 caracteres',
  apellidos: 'Los apellidos deben tener entre 2 y 150 caracteres',
  documentoOperario: 'Indica un DNI o NIE válido',
  operarioDuplicado: (documento: string) => `Ya existe un operario con el documento ${documento}`,
  telefono: 'Teléfono no válido',
  correo: 'Correo electrónico no válido',
  esquema: 'Elige el esquema de certificación',
  nivel: 'El nivel debe ser 1, 2 o 3',
  numeroCertificacion: 'El número no puede superar los 40 caracteres',
  vencimientoAntesDeEmision: 'El vencimiento no puede ser anterior a la emisión',
  curso: 'Indica el curso (hasta 150 caracteres)',
  horasCurso: 'Las horas deben estar entre 0,5 y 500, con un decimal como máximo',
  resultado: 'Elige el resultado del reconocimiento',
  // Partes de trabajo
  operariosParte: 'Indica al menos un operario con sus horas',
  horasParte: 'Las horas deben estar entre 0,25 y 12, en múltiplos de 0,25',
  tareas: 'Describe las tareas realizadas (hasta 4.000 caracteres)',
  incidencia: 'Describe la incidencia (hasta 1.000 caracteres)',
  tipoIncidencia: 'Elige el tipo de incidencia',
  viento: 'El viento debe estar entre 0 y 200 km/h',
  avance: 'El avance debe ser un número entero entre 0 y 100',
  fechaParteAntesDeInicio: (inicio: string) =>
    `La fecha no puede ser anterior al inicio real de la obra (${formatFecha(inicio)})`,
  operarioFueraDeEquipo: 'El operario no forma parte del equipo de la obra',
  operarioRepetidoParte: 'El operario ya figura en el parte',
  partesSoloEnCurso: 'Solo se registran partes en obras en curso',
  parteCerrado: 'Solo se modifican o eliminan partes en borrador',
  parteYaCerrado: 'El parte ya está cerrado',
  parteNoCerrado: 'El parte no está cerrado',
  cerrarParte: 'No se puede cerrar el parte',
  equipoParte: 'Un parte de trabajo en cuerda necesita al menos 2 operarios aptos y uno de nivel 3',
  avanceInferior: (avance: number) =>
    `El avance no puede ser inferior al del último parte cerrado (${avance} %)`,
  maxFotos: `El parte ya tiene ${MAX_FOTOS_PARTE} fotos (máximo)`,
  soloImagenes: 'Solo se admiten imágenes JPEG, PNG, WebP o HEIC',
} as const;

/** "presupuestada", "en curso": an estado inside a sentence. */
const estadoEnFrase = (estado: string) => estado.replace('_', ' ');

/** §3 texts with values. */
export const OBRAS_TEXTOS = {
  noSePuede: (verbo: string) => `No se puede ${verbo} la obra`,
  estadoNoAdmite: (estado: string) =>
    `La obra está ${estadoEnFrase(estado)}: no admite esta acción`,
  equipoMinimo: (fecha: string, aptos: number) =>
    `Se necesitan al menos 2 operarios aptos el ${formatFecha(fecha)} (hay ${aptos})`,
  equipoNivel3: (fecha: string) =>
    `Se necesita un operario apto de nivel 3 el ${formatFecha(fecha)}`,
  noCumple: (nombre: string, fecha: string, motivos: readonly string[]) =>
    `${nombre} no cumple los requisitos el ${formatFecha(fecha)}: ${motivos.join(', ')}`,
  supervisorNivel3: (nombre: string) =>
    `${nombre} no puede ser supervisor: necesita certificación de nivel 3 vigente`,
  aperturaPosterior: (inicio: string) =>
    `La comunicación de apertura no puede ser posterior al inicio (${formatFecha(inicio)})`,
  partesBorrador: (n: number) =>
    n === 1
      ? 'Hay 1 parte en borrador: ciérralo o elimínalo antes de finalizar la obra'
      : `Hay ${n} partes en borrador: ciérralos o elimínalos antes de finalizar la obra`,
  finAntesDeInicioReal: (inicio: string) =>
    `La fecha no puede ser anterior al inicio real de la obra (${formatFecha(inicio)})`,
  horasDia: (nombre: string, fecha: string, yaTiene: string, sumaria: string) =>
    `${nombre} ya tiene ${formatNumero(yaTiene, 2)} h el ${formatFecha(fecha)}; con este parte sumaría ${formatNumero(sumaria, 2)} h (máximo ${HORAS_MAX_DIA} h)`,
  certificacionesPorVencer: (n: number) => `Certificaciones por vencer (${n})`,
  operarios: (n: number) => plural(n, 'operario', 'operarios'),
} as const;

/** §4.8 reasons an operario is not apto on a day. */
export const APTITUD_MOTIVOS = {
  inactivo: 'no está activo',
  sinCertificacion: 'sin certificación de trabajos verticales vigente',
  certificacionCaducada: (fecha: string) => `certificación caducada el ${formatFecha(fecha)}`,
  sinReconocimiento: 'sin reconocimiento médico vigente',
  reconocimientoNoApto: 'reconocimiento médico no apto',
  sinPrl: 'sin formación PRL vigente',
} as const;

/** §4.8 obra alerts. */
export const ALERTAS_OBRA = {
  equipoNoApto: 'Equipo no apto hoy',
  finSuperado: 'Fin previsto superado',
} as const;
