import { selectSystemUrl, unauthorizedUrl } from '@tvsistema/domain';

/** The `:name` parameters of a route pattern, e.g. "id" for "/obras/:id/editar". */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type HrefArgs<Path extends string> = [ParamNames<Path>] extends [never]
  ? []
  : [params: Record<ParamNames<Path>, string>];

export type RoutePath<Path extends string> = {
  /** The router pattern. */
  readonly path: Path;
  /** A concrete URL; parameters are percent-encoded. */
  readonly getHref: (...args: HrefArgs<Path>) => string;
};

const route = <Path extends string>(path: Path): RoutePath<Path> => ({
  path,
  getHref: (...args: HrefArgs<Path>) => {
    const params = (args[0] ?? {}) as Record<string, string>;
    return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  },
});

/** The list, create, edit and detail routes most modules share (SPEC 2.11). */
const crud = <Base extends string, Create extends string, Param extends string>(
  base: Base,
  create: Create,
  param: Param,
) => ({
  list: route(base),
  create: route(`${base}/${create}`),
  edit: route(`${base}/:${param}/editar`),
  detail: route(`${base}/:${param}`),
});

/** SPEC 2.12: the supplier screens, the same under each base. */
const supplierRoutes = <Base extends string>(base: Base) => ({
  list: route(base),
  create: route(`${base}/new`),
  edit: route(`${base}/:proveedorId/edit`),
  /** Old spelling of the create route; redirects to `create`. */
  legacyCreate: route(`${base}/nuevo`),
});

/**
 * Every URL of the SPA (SPEC 2.2, 2.11, 2.12), declared once; components take hrefs from here,
 * never from literals.
 */
export const paths = {
  home: route('/'),
  callback: route('/callback'),
  selectSystem: {
    path: '/select-system',
    /** With the page the user wanted as `returnTo`, when it is worth coming back to. */
    getHref: (returnTo?: string | null) => selectSystemUrl(returnTo),
  },
  unauthorized: {
    path: '/unauthorized',
    getHref: (returnTo?: string | null) => unauthorizedUrl(returnTo),
  },
  notFound: route('/not-found'),
  dashboard: route('/dashboard'),
  profile: route('/profile'),
  /** The navbar's "Configuración": the empresas' legal data (issue 11). */
  settings: route('/settings'),
  /** Redirects to /dashboard (SPEC 2.2). */
  transportes: route('/transportes'),
  /** Redirects to /obras (SPEC 2.2). */
  verticales: route('/verticales'),

  maquinaria: crud('/maquinaria', 'nueva', 'maquinariaId'),
  andamios: crud('/andamios', 'nuevo', 'andamioId'),
  conceptos: crud('/conceptos', 'nueva', 'templateId'),
  presupuestos: {
    ...crud('/presupuestos', 'nuevo', 'presupuestoId'),
    templates: route('/presupuestos/templates'),
  },
  alquileres: {
    ...crud('/alquileres', 'nuevo', 'id'),
    /** Followed by any file path (`/*`). */
    files: route('/alquileres/:id/archivos'),
  },
  facturas: {
    ...crud('/facturas', 'nueva', 'facturaId'),
    detail: route('/facturas/:id'),
    transporteCreate: route('/facturas/transporte/nueva'),
    transporteEdit: route('/facturas/transporte/:facturaId/editar'),
  },
  compras: { ...crud('/compras', 'nueva', 'compraId'), detail: route('/compras/:id') },
  notas: crud('/notas', 'nueva', 'notaId'),
  albaranes: {
    list: route('/albaranes'),
    create: route('/albaranes/crear'),
    import: route('/albaranes/importar'),
    editById: route('/albaranes/editar/:id'),
    view: route('/albaranes/ver/:albaranId'),
    transporteCreate: route('/albaranes/transporte/crear'),
    transporteEdit: route('/albaranes/transporte/editar/:id'),
    transporteView: route('/albaranes/transporte/ver/:albaranId'),
    createNew: route('/albaranes/nuevo'),
    edit: route('/albaranes/:id/editar'),
    detail: route('/albaranes/:albaranId'),
  },
  obras: {
    list: route('/obras'),
    create: route('/obras/crear'),
    edit: route('/obras/:id/editar'),
  },
  // Clients follow SPEC 2.11 (nuevo, {clienteId}/editar, {clienteId} in view mode).
  clientes: crud('/clientes', 'nuevo', 'clienteId'),
  proveedores: supplierRoutes('/proveedores'),
  transporte: {
    camiones: crud('/transporte/camiones', 'nuevo', 'camionId'),
    clientes: crud('/transporte/clientes', 'nuevo', 'clienteId'),
    proveedores: supplierRoutes('/transporte/proveedores'),
    albaranes: route('/transporte/albaranes'),
    facturas: route('/transporte/facturas'),
    compras: route('/transporte/compras'),
  },
  localizacion: {
    ciudades: route('/localizacion/ciudades'),
  },
} as const;
