import { matchRoutes } from 'react-router';
import { SYSTEMS, type SystemId } from '@tvsistema/domain';
import { paths } from './paths.js';

/** The product's name: the document title's last part, and the whole of it off any screen. */
export const APP_TITLE = 'TVSistema';

/**
 * A screen's name: its h1's text (the tour checks they agree, issue 14). A list whose h1 names
 * the system it is in ("Gestión de Proveedores - Alquileres") is named from the system chosen.
 */
type ScreenTitle = string | ((system: SystemId | null) => string);

const crud = (
  routes: { list: { path: string }; create: { path: string }; edit: { path: string } } & {
    detail?: { path: string };
  },
  titles: { list: ScreenTitle; create: string; edit: string; detail?: string },
): [string, ScreenTitle][] => [
  [routes.list.path, titles.list],
  [routes.create.path, titles.create],
  [routes.edit.path, titles.edit],
  ...(routes.detail && titles.detail
    ? ([[routes.detail.path, titles.detail]] as [string, string][])
    : []),
];

/** "Gestión de Proveedores - Alquileres" (SPEC 2.12), as the list's h1 (features/partes). */
const gestionDe = (what: string) => (system: SystemId | null) =>
  system ? `Gestión de ${what} - ${SYSTEMS[system].displayName}` : what;

// The SPEC's title-case texts of the supplier and client screens (docs/style-guide.md).
const clientes = {
  list: gestionDe('Clientes'),
  create: 'Nuevo Cliente',
  edit: 'Editar Cliente',
  detail: 'Detalles del Cliente',
};
const proveedores = {
  list: gestionDe('Proveedores'),
  create: 'Nuevo Proveedor',
  edit: 'Editar Proveedor',
};
const TRANSPORTE_NOTAS = `${paths.transporte.facturas.path}/notas`;
const TRANSPORTE_COMPRAS = paths.transporte.compras.path;

/**
 * The screen name of every route of the table (router.tsx), the first part of its document title
 * "{Pantalla} · TVSistema" (issue 14: screen readers announce it, and it names the browser tab).
 * Declared here once, by route pattern, beside paths.ts; a detail screen adds its record's name
 * with useRecordTitle (lib/page-title.ts). A route without an entry is caught by router.test.tsx.
 */
const TITLES: [pattern: string, title: ScreenTitle][] = [
  [paths.selectSystem.path, 'Selección de sistema'],
  [paths.callback.path, 'Iniciando sesión'],
  [paths.unauthorized.path, 'Acceso no autorizado'],
  [paths.notFound.path, 'Página no encontrada'],
  [paths.dashboard.path, 'Inicio'],
  [paths.profile.path, 'Mi Perfil'],
  [paths.settings.path, 'Configuración'],
  ...crud(paths.maquinaria, {
    list: 'Maquinaria',
    create: 'Nueva máquina',
    edit: 'Editar máquina',
    detail: 'Ficha de máquina',
  }),
  ...crud(paths.andamios, {
    list: 'Andamios',
    create: 'Nuevo componente',
    edit: 'Editar componente',
    detail: 'Componente de andamio',
  }),
  ...crud(paths.conceptos, {
    list: 'Conceptos de Alquiler',
    create: 'Nueva plantilla de concepto',
    edit: 'Editar plantilla',
    detail: 'Plantilla de concepto',
  }),
  ...crud(paths.presupuestos, {
    list: 'Presupuestos',
    create: 'Nuevo presupuesto',
    edit: 'Editar presupuesto',
    detail: 'Presupuesto',
  }),
  [paths.presupuestos.templates.path, 'Plantillas de presupuesto'],
  ...crud(paths.alquileres, {
    list: 'Alquileres',
    create: 'Nuevo alquiler',
    edit: 'Editar alquiler',
    detail: 'Alquiler',
  }),
  [`${paths.alquileres.files.path}/*`, 'Archivos del alquiler'],
  ...crud(paths.facturas, {
    list: 'Facturas',
    create: 'Nueva factura',
    edit: 'Editar factura',
    detail: 'Factura',
  }),
  [paths.facturas.transporteCreate.path, 'Nueva factura de transporte'],
  [paths.facturas.transporteEdit.path, 'Editar factura de transporte'],
  ['/facturas/informes', 'Informes fiscales'],
  ['/facturas/verifactu', 'Registros VERI*FACTU'],
  ...crud(paths.notas, {
    list: 'Notas de abono',
    create: 'Nueva nota de abono',
    edit: 'Editar nota de abono',
    detail: 'Nota de abono',
  }),
  [TRANSPORTE_NOTAS, 'Notas de abono'],
  [`${TRANSPORTE_NOTAS}/nueva`, 'Nueva nota de abono'],
  [`${TRANSPORTE_NOTAS}/:notaId/editar`, 'Editar nota de abono'],
  [`${TRANSPORTE_NOTAS}/:notaId`, 'Nota de abono'],
  ...crud(paths.compras, {
    list: 'Compras',
    create: 'Nueva compra',
    edit: 'Editar compra',
    detail: 'Compra',
  }),
  [TRANSPORTE_COMPRAS, 'Compras'],
  [`${TRANSPORTE_COMPRAS}/nueva`, 'Nueva compra'],
  [`${TRANSPORTE_COMPRAS}/:compraId/editar`, 'Editar compra'],
  [`${TRANSPORTE_COMPRAS}/:compraId`, 'Compra'],
  [paths.albaranes.list.path, 'Albaranes'],
  [paths.albaranes.create.path, 'Nuevo albarán'],
  [paths.albaranes.createNew.path, 'Nuevo albarán'],
  [paths.albaranes.import.path, 'Importar albaranes'],
  [paths.albaranes.editById.path, 'Editar albarán'],
  [paths.albaranes.edit.path, 'Editar albarán'],
  [paths.albaranes.view.path, 'Albarán'],
  [paths.albaranes.detail.path, 'Albarán'],
  [paths.albaranes.transporteCreate.path, 'Nuevo albarán de transporte'],
  [paths.albaranes.transporteEdit.path, 'Editar albarán de transporte'],
  [paths.albaranes.transporteView.path, 'Albarán de transporte'],
  [paths.obras.list.path, 'Gestión de Obras'],
  [paths.obras.create.path, 'Nueva Obra'],
  [paths.obras.edit.path, 'Editar Obra'],
  ...crud(paths.clientes, clientes),
  ...crud(paths.transporte.clientes, clientes),
  ...crud(paths.proveedores, proveedores),
  ...crud(paths.transporte.proveedores, proveedores),
  ...crud(paths.transporte.camiones, {
    list: 'Flota de Vehículos',
    create: 'Nuevo Vehículo',
    edit: 'Editar Vehículo',
    detail: 'Ficha de vehículo',
  }),
  [paths.localizacion.ciudades.path, 'Ciudades'],
];

const TITLE_ROUTES = TITLES.map(([path, title]) => ({ path, title }));

// matchRoutes flattens and ranks the whole table on every call; the root route asks on every
// render, nearly always for the path it asked last (issue 13: a phone's first screen).
let lastMatch: { pathname: string; title: ScreenTitle | undefined } | undefined;

/**
 * The screen name of the route at `pathname` in `system` (the one chosen; null off any); undefined
 * for a redirect or an unknown path.
 */
export const screenTitleFor = (
  pathname: string,
  system: SystemId | null = null,
): string | undefined => {
  if (lastMatch?.pathname !== pathname) {
    lastMatch = { pathname, title: matchRoutes(TITLE_ROUTES, pathname)?.at(-1)?.route.title };
  }
  const { title } = lastMatch;
  return typeof title === 'function' ? title(system) : title;
};

/**
 * "{Pantalla} · TVSistema", with the record a detail screen shows first when it has loaded:
 * "{registro} · {Pantalla} · TVSistema". Off any screen, "TVSistema".
 */
export const documentTitle = (screen: string | undefined, record?: string | null): string =>
  [record?.trim(), screen, APP_TITLE].filter(Boolean).join(' · ');
