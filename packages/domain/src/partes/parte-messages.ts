import type { ParteTipo } from './parte-tipos.js';

// The texts of suppliers and clients, beside their schemas; MESSAGES.proveedores and
// MESSAGES.clientes (messages.ts) are these objects.

/** The supplier texts of SPEC 8 (MESSAGES.proveedores). */
export const PROVEEDORES_MESSAGES = {
  listFailed: 'No se pudo cargar proveedores',
  noActiveSystem: 'No hay un sistema activo seleccionado',
  invalidData: 'Datos inválidos',
  createFailed: 'Ocurrió un error al guardar.',
  updateFailed: 'Ocurrió un error al guardar los cambios.',
  invalidId: 'Identificador de proveedor inválido.',
  loadFailed: 'No se pudo cargar la información del proveedor.',
  duplicateDocumento: 'Ya existe un proveedor con este documento en esta empresa',
} as const;

// Clients are not in SPEC 8: the supplier texts, naming the client (DESIGN decision 1).
export const CLIENTES_MESSAGES = {
  listFailed: 'No se pudo cargar clientes',
  invalidId: 'Identificador de cliente inválido.',
  loadFailed: 'No se pudo cargar la información del cliente.',
} as const;

export const PARTE_MESSAGES = {
  contactoNombreRequired: 'El nombre del contacto es obligatorio',
  correoInvalid: 'El correo electrónico no es válido',
  telefonoInvalid: 'El teléfono solo puede incluir números, espacios, paréntesis, guiones y +',
  cuentaInvalid: 'La cuenta contable debe tener entre 3 y 12 dígitos',
  nombreTooLong: 'El nombre no puede exceder los 200 caracteres',
  empresaInvalid: 'La empresa debe ser alquileres, transporte o verticales',
  empresaImmutable: 'La empresa no puede modificarse después de la creación.',
  unknownFields: 'Campos no admitidos',
  contactosTooMany: 'No se pueden registrar más de 20 contactos',
  observacionesTooMany: 'No se pueden registrar más de 50 observaciones',
} as const;

/** Texts that name the party type: the API's 404 and 409 answers, the form's duplicate error. */
export const PARTE_TIPO_MESSAGES = {
  proveedor: {
    notFound: 'Proveedor no encontrado',
    duplicateDocumento: 'Ya existe un proveedor con este documento en esta empresa',
  },
  cliente: {
    notFound: 'Cliente no encontrado',
    duplicateDocumento: 'Ya existe un cliente con este documento en esta empresa',
  },
} as const satisfies Record<ParteTipo, { notFound: string; duplicateDocumento: string }>;
