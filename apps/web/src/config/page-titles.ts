import { matchRoutes } from 'react-router';
import { paths } from './paths.js';

/** The product's name: the document title's last part, and the whole of it off any screen. */
export const APP_TITLE = 'TVSistema';

const crud = (
  routes: { list: { path: string }; create: { path: string }; edit: { path: string } } & {
    detail?: { path: string };
  },
  titles: { list: string; create: string; edit: string; detail?: string },
): [string, string][] => [
  [routes.list.path, titles.list],
  [routes.create.path, titles.create],
  [routes.edit.path, titles.edit],
  ...(routes.detail && titles.detail
    ? ([[routes.detail.path, titles.detail]] as [string, string][])
    : []),
];

const clientes = { list: 'Clientes', create: 'Nuevo cliente', edit: 'Editar cliente' };
const proveedores = { list: 'Proveedores', create: 'Nuevo proveedor', edit: 'Editar proveedor' };
const TRANSPORTE_NOTAS = `${paths.transporte.facturas.path}/notas`;
const TRANSPORTE_COMPRAS = paths.transporte.compras.path;

/**
 * The screen name of every route of the table (router.tsx), the first part of its document title
 * "{Pantalla} · TVSistema" (issue 14: screen readers announce it, and it names the browser tab).
 * Declared here once, by route pattern, beside paths.ts; a detail screen adds its record's name
 * with useRecordTitle (lib/page-title.ts). A route without an entry is caught by router.test.tsx.
 */
const TITLES: [pattern: string, title: string][] = [
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
    list: 'Conceptos de alquiler',
    create: 'Nueva plantilla de concepto',
    edit: 'Editar plantilla de concepto',
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
  [paths.obras.list.path, 'Obras'],
  [paths.obras.create.path, 'Nueva obra'],
  [paths.obras.edit.path, 'Editar obra'],
  ...crud(paths.clientes, { ...clientes, detail: 'Cliente' }),
  ...crud(paths.transporte.clientes, { ...clientes, detail: 'Cliente' }),
  ...crud(paths.proveedores, proveedores),
  ...crud(paths.transporte.proveedores, proveedores),
  ...crud(paths.transporte.camiones, {
    list: 'Flota de vehículos',
    create: 'Nuevo vehículo',
    edit: 'Editar vehículo',
    detail: 'Ficha de vehículo',
  }),
  [paths.localizacion.ciudades.path, 'Ciudades'],
];

const TITLE_ROUTES = TITLES.map(([path, title]) => ({ path, title }));

/** The screen name of the route at `pathname`; undefined for a redirect or an unknown path. */
export const screenTitleFor = (pathname: string): string | undefined =>
  matchRoutes(TITLE_ROUTES, pathname)?.at(-1)?.route.title;

/**
 * "{Pantalla} · TVSistema", with the record a detail screen shows first when it has loaded:
 * "{registro} · {Pantalla} · TVSistema". Off any screen, "TVSistema".
 */
export const documentTitle = (screen: string | undefined, record?: string | null): string =>
  [record?.trim(), screen, APP_TITLE].filter(Boolean).join(' · ');
