import { formatEntero } from '@tvsistema/domain/format';

/** Texts of the resource kit: the same on every module's list, detail and form screens. */
export const RESOURCE_TEXTS = {
  activo: 'Activo',
  inactivo: 'Inactivo',
  search: 'Buscar',
  sortBy: 'Ordenar por',
  pageSize: 'Elementos por página',
  perPage: (size: number) => `${size} por página`,
  refresh: 'Actualizar',
  views: 'Vista',
  cardsView: 'Vista de tarjetas',
  listView: 'Vista de lista',
  retry: 'Reintentar',
  clearFilters: 'Limpiar filtros',
  results: 'Resultados',
  noData: 'Sin datos',
  // es-ES numbers (modules/README.md): "Mostrando 9.981–9.997 de 9.997 albaranes". Whole numbers:
  // formatEntero spares every list's first render the decimal library (issue 13).
  showing: (from: number, to: number, total: number, plural: string) =>
    `Mostrando ${formatEntero(from)}–${formatEntero(to)} de ${formatEntero(total)} ${plural}`,
  viewDetails: 'Ver detalles',
  viewDetailsOf: (name: string) => `Ver detalles de ${name}`,
  edit: 'Editar',
  editName: (name: string) => `Editar ${name}`,
  close: 'Cerrar',
  exportCsv: 'Exportar CSV',
  exporting: 'Exportando…',
  exportFailed: 'No se pudo exportar el listado.',
  // A save refused field by field (errores-formulario.tsx).
  revisaCampos: 'Revisa los campos marcados.',
  errorLinea: (n: number, mensaje: string) => `Línea ${n}: ${mensaje}`,
  back: 'Volver',
  backToList: 'Volver a la lista',
  cancel: 'Cancelar',
  save: 'Guardar Cambios',
  saving: 'Guardando…',
  saved: 'Guardado. Redirigiendo…',
  unsavedTitle: 'Cambios sin guardar',
  unsavedBody: 'Hay cambios sin guardar. Si sales ahora, se perderán.',
  unsavedStay: 'Seguir editando',
  unsavedLeave: 'Salir sin guardar',
} as const;
