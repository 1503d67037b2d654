import { paths } from '../../config/paths.js';

/** The presupuestos and alquileres URLs (SPEC 2.11, comercial.md §5). */
export const comercialHrefs = {
  presupuestos: () => paths.presupuestos.list.getHref(),
  plantillas: () => paths.presupuestos.templates.getHref(),
  nuevoPresupuesto: (plantilla?: string) =>
    `${paths.presupuestos.create.getHref()}${plantilla ? `?plantilla=${encodeURIComponent(plantilla)}` : ''}`,
  presupuesto: (id: string) => paths.presupuestos.detail.getHref({ presupuestoId: id }),
  editarPresupuesto: (id: string) => paths.presupuestos.edit.getHref({ presupuestoId: id }),
  alquileres: () => `${paths.alquileres.list.getHref()}?estado=reservado,en_curso,devuelto_parcial`,
  nuevoAlquiler: () => paths.alquileres.create.getHref(),
  alquiler: (id: string) => paths.alquileres.detail.getHref({ id }),
  editarAlquiler: (id: string) => paths.alquileres.edit.getHref({ id }),
  archivos: (id: string, carpeta?: string) =>
    `${paths.alquileres.files.getHref({ id })}${carpeta ? `/${carpeta}` : ''}`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRecordId = (id: string | undefined): id is string => Boolean(id && UUID.test(id));
