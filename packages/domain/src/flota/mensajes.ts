import { formatFecha, formatNumero, plural } from '../format/es-es.js';

// Every text of flota-obras.md part A that users read: the API answers them and the web shows
// them, so both say exactly the same.

const f = formatFecha;
const km = (valor: number) => `${formatNumero(valor)} km`;

export const FLOTA_MESSAGES = {
  // §4.1 identity
  matriculaR: 'Solo los remolques y semirremolques llevan matrícula R',
  remolqueSinR: 'Los remolques y semirremolques llevan matrícula R (R 1234 BCD)',
  remolqueLigero:
    'Los remolques de hasta 750 kg no tienen matrícula propia y no se registran en la flota',
  matriculaDuplicada: (texto: string) => `Ya existe un vehículo con la matrícula ${texto}`,
  bastidorDuplicado: (vin: string) => `Ya existe un vehículo con el bastidor ${vin}`,

  // §2.1 fields
  tipo: 'Elige un tipo de vehículo',
  marca: 'La marca es obligatoria (hasta 60 caracteres)',
  modelo: 'El modelo es obligatorio (hasta 60 caracteres)',
  mma: 'La MMA es un número entero de 100 a 60.000 kg',
  tara: 'La tara es un número entero de kg mayor que 0',
  taraMenor: 'La tara debe ser menor que la MMA',
  fechaFutura: 'La fecha no puede ser posterior a hoy',
  fechaAltaAnterior: 'La fecha de alta no puede ser anterior a la primera matriculación',
  fechaAnteriorMatriculacion: 'La fecha no puede ser anterior a la primera matriculación',
  itvProximaInicial: 'Indica la fecha de la próxima ITV que figura en la tarjeta ITV',
  autorizacionRequerida:
    'Elige el tipo de autorización de transporte («No requiere» si el vehículo no la necesita)',
  tacografoRequerido: 'Elige el tipo de tacógrafo («No lleva» si el vehículo no tiene)',
  autorizacionNumero: 'Indica el número de autorización (hasta 30 caracteres)',
  autorizacionVisado: 'Indica la fecha de visado',
  autorizacionMdp: 'La autorización MDP es para vehículos de más de 3.500 kg de MMA',
  autorizacionMdl:
    'La autorización MDL es para vehículos de más de 2.000 kg y hasta 3.500 kg de MMA',
  soloMotor: 'Los remolques y semirremolques no llevan este dato',
  tacografoExento:
    'Vehículo de más de 3.500 kg sin tacógrafo: comprueba que está exento (Reglamento (CE) 561/2006, art. 13)',
  aseguradora: 'Indica la aseguradora (hasta 80 caracteres)',
  poliza: 'Indica el número de póliza (hasta 40 caracteres)',
  importe: 'Importe no válido: hasta 2 decimales',
  kmLectura: 'El kilometraje es un número entero de 0 a 9.999.999',
  texto: (max: number) => `Como máximo ${formatNumero(max)} caracteres`,
  motivo: 'Indica el motivo',
  motivoBaja: 'Indica el motivo (de 3 a 200 caracteres)',

  // §4.4 odometer
  remolqueSinKm: 'Los remolques no tienen cuentakilómetros',
  kmSupera: (valor: number, fecha: string, otro: number) =>
    `El kilometraje (${km(valor)}) supera la lectura posterior del ${f(fecha)} (${km(otro)})`,
  kmInferior: (valor: number, fecha: string, otro: number) =>
    `El kilometraje (${km(valor)}) es inferior a la lectura del ${f(fecha)} (${km(otro)})`,
  kmInusual: (diferencia: number, dias: number) =>
    `Aumento de kilometraje inusual: ${km(diferencia)} en ${
      dias === 0 ? 'el mismo día' : plural(dias, 'día', 'días')
    }. Revisa la lectura o confírmala.`,
  soloManuales: 'Solo se eliminan directamente las lecturas manuales',

  // §4.2 ITV
  informeItv: 'Elige un informe ITV de los documentos del vehículo',
  soloUltimaInspeccion: 'Solo se puede modificar o eliminar la última inspección registrada',
  itvDesfavorable: (fecha: string) => `ITV desfavorable: subsanar antes del ${f(fecha)}`,
  itvNegativa: (fecha: string) => `ITV negativa: subsanar antes del ${f(fecha)}`,
  itvCaducada: (fecha: string) => `ITV caducada desde el ${f(fecha)}`,
  itvExenta: (fecha: string) => `Exenta hasta ${f(fecha)}`,

  // §4.7 apto
  enTaller: 'En taller',
  dadoDeBaja: 'Dado de baja',
  sinSeguro: 'Sin seguro en vigor',
  tacografoCaducado: 'Revisión del tacógrafo caducada',
  sinVisar: 'Autorización de transporte sin visar',
  seguroNoRegistrado: 'Seguro no registrado',

  // §4.6 drivers
  asignacion: 'No se puede asignar el conductor habitual',
  conductorInactivo: (nombre: string) => `${nombre} no está activo`,
  sinPermisoTractora: 'El conductor no tiene el permiso CE, necesario para una cabeza tractora',
  sinPermiso: (clase: string) =>
    `El conductor no tiene el permiso ${clase}, necesario para este vehículo`,
  permisoCaducado: (nombre: string, fecha: string) =>
    `El permiso de conducir de ${nombre} caducó el ${f(fecha)}`,
  capCaducado: (nombre: string, fecha: string) => `El CAP de ${nombre} caducó el ${f(fecha)}`,
  yaHabitual: (nombre: string, matricula: string) =>
    `${nombre} ya es el conductor habitual de ${matricula}`,
  remolqueSinConductor: 'Los remolques y semirremolques no tienen conductor habitual',
  conductorDesconocido: 'Elige un conductor de la lista',
  nombre: 'El nombre tiene de 2 a 100 caracteres',
  apellidos: 'Los apellidos tienen de 2 a 150 caracteres',
  documento: 'Indica un DNI o NIE válido',
  documentoDuplicado: (documento: string) => `Ya existe un conductor con el documento ${documento}`,
  clases: 'Marca al menos una clase de permiso',
  capRequerido: 'Indica el vencimiento del CAP (obligatorio con permisos distintos de B)',
  tarjeta: 'El número de la tarjeta tiene hasta 20 caracteres',
  telefono: 'Teléfono no válido',
  correo: 'Correo electrónico no válido',

  // §3 states
  accionNoPermitida: (estado: string) => `El vehículo está ${estado}: no admite esta acción`,
  fechaTaller: 'La fecha no puede ser anterior a la entrada en el taller',

  // §4.10 deletion, §6 404s
  noEliminable: (partes: string[]) =>
    `No se puede eliminar el vehículo: tiene registros asociados (${partes.join(', ')}). Dalo de baja.`,
  vehiculoNoEncontrado: 'Vehículo no encontrado',
  conductorNoEncontrado: 'Conductor no encontrado',
  inspeccionNoEncontrada: 'Inspección no encontrada',
  mantenimientoNoEncontrado: 'Mantenimiento no encontrado',
  lecturaNoEncontrada: 'Lectura no encontrada',
  documentoNoEncontrado: 'Documento no encontrado',
  tallerInvalido: 'Elige un taller de Transportes de la lista',
  compraInvalida: 'Elige una compra de Transportes de la lista',
} as const;
