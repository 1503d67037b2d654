import {
  CUENTAS_CONTABLES,
  MESSAGES,
  PARTE_MESSAGES,
  PARTE_TIPO_MESSAGES,
  SYSTEMS,
  type CuentaContable,
  type ParteTipo,
  type Permission,
  type ParteSortField,
  type SystemId,
} from '@tvsistema/domain';
import { keepingParams, type ListStateCodec } from '../../lib/list-state.js';
import { PARTE_LIST_STATE, type ParteListFilters } from './utils/parte-list-state.js';

// Suppliers and clients share one set of screens (DESIGN decision 1); everything that differs
// between them — texts, URLs, accounting set, permissions, API resource — is in one config.

export type ParteTexts = {
  /** "proveedor" / "cliente", for sentences. */
  singular: string;
  plural: string;
  /** "Proveedor" / "Cliente", for titles and buttons. */
  Singular: string;
  Plural: string;
  listTitle: (system: SystemId) => string;
  newButton: string;
  newTitle: string;
  editTitle: string;
  detailTitle: string;
  createButton: string;
  empty: string;
  emptyFiltered: string;
  listFailed: string;
  loadingList: string;
  loading: string;
  invalidId: string;
  loadFailed: string;
  duplicateDocumento: string;
  created: string;
  updated: string;
};

export type PartePaths = {
  list: (base: string) => string;
  create: (base: string) => string;
  edit: (base: string, id: string) => string;
};

export type ParteConfig = {
  tipo: ParteTipo;
  /** API resource and cache-key root: /api/{resource}. */
  resource: 'proveedores' | 'clientes' | 'obras/clientes';
  texts: ParteTexts;
  cuentas: readonly CuentaContable[];
  editPermission: Permission;
  /** Name of the record id in the route (SPEC 2.11, 2.12). */
  idParam: string;
  /** List URL per system (verticales has no party screens: DESIGN decision 5 sends it to /obras). */
  basePath: Record<SystemId, string>;
  paths: PartePaths;
  /** The list's URL state. */
  listState: ListStateCodec<ParteSortField, ParteListFilters>;
};

export const CUENTA_LABELS = {
  cuentaContableProveedor: 'Cuenta proveedor',
  cuentaContableCompra: 'Cuenta compra',
  cuentaContableCliente: 'Cuenta cliente',
  cuentaContableVenta: 'Cuenta venta',
  cuentaContableRetencion: 'Cuenta retención',
} as const satisfies Record<CuentaContable, string>;

const P = MESSAGES.proveedores;
const C = MESSAGES.clientes;

export const PROVEEDOR_CONFIG: ParteConfig = {
  tipo: 'proveedor',
  resource: 'proveedores',
  texts: {
    singular: 'proveedor',
    plural: 'proveedores',
    Singular: 'Proveedor',
    Plural: 'Proveedores',
    listTitle: (system) => `Gestión de Proveedores - ${SYSTEMS[system].displayName}`,
    newButton: 'Nuevo Proveedor',
    newTitle: 'Nuevo Proveedor',
    editTitle: 'Editar Proveedor',
    detailTitle: 'Detalles del Proveedor',
    createButton: 'Crear Proveedor',
    empty: 'Aún no hay proveedores - Crea tu primer proveedor para empezar a facturar y comprar.',
    emptyFiltered: 'Ningún proveedor coincide con la búsqueda o el filtro.',
    listFailed: P.listFailed,
    loadingList: 'Cargando proveedores…',
    loading: 'Cargando proveedor…',
    invalidId: P.invalidId,
    loadFailed: P.loadFailed,
    duplicateDocumento: PARTE_TIPO_MESSAGES.proveedor.duplicateDocumento,
    created: 'Proveedor creado',
    updated: 'Proveedor actualizado',
  },
  cuentas: CUENTAS_CONTABLES.proveedor,
  editPermission: 'proveedores.edit',
  idParam: 'proveedorId',
  basePath: {
    alquileres: '/proveedores',
    transportes: '/transporte/proveedores',
    verticales: '/obras',
  },
  // SPEC 2.12: {base}/new and {base}/{proveedorId}/edit.
  paths: {
    list: (base) => base,
    create: (base) => `${base}/new`,
    edit: (base, id) => `${base}/${encodeURIComponent(id)}/edit`,
  },
  listState: PARTE_LIST_STATE,
};

export const CLIENTE_CONFIG: ParteConfig = {
  tipo: 'cliente',
  resource: 'clientes',
  texts: {
    singular: 'cliente',
    plural: 'clientes',
    Singular: 'Cliente',
    Plural: 'Clientes',
    listTitle: (system) => `Gestión de Clientes - ${SYSTEMS[system].displayName}`,
    newButton: 'Nuevo Cliente',
    newTitle: 'Nuevo Cliente',
    editTitle: 'Editar Cliente',
    detailTitle: 'Detalles del Cliente',
    createButton: 'Crear Cliente',
    empty: 'Aún no hay clientes - Crea tu primer cliente para empezar a presupuestar y facturar.',
    emptyFiltered: 'Ningún cliente coincide con la búsqueda o el filtro.',
    listFailed: C.listFailed,
    loadingList: 'Cargando clientes…',
    loading: 'Cargando cliente…',
    invalidId: C.invalidId,
    loadFailed: C.loadFailed,
    duplicateDocumento: PARTE_TIPO_MESSAGES.cliente.duplicateDocumento,
    created: 'Cliente creado',
    updated: 'Cliente actualizado',
  },
  cuentas: CUENTAS_CONTABLES.cliente,
  editPermission: 'clientes.edit',
  idParam: 'clienteId',
  basePath: {
    alquileres: '/clientes',
    transportes: '/transporte/clientes',
    verticales: '/obras',
  },
  // SPEC 2.11: clientes use nuevo and {clienteId}/editar.
  paths: {
    list: (base) => base,
    create: (base) => `${base}/nuevo`,
    edit: (base, id) => `${base}/${encodeURIComponent(id)}/editar`,
  },
  listState: PARTE_LIST_STATE,
};

/**
 * The verticales clients (SPEC 2.11 "or /obras for verticales"; flota-obras.md §5.5): the same
 * list and party form, in the Clientes tab of /obras (`?vista=clientes`), served by
 * /api/obras/clientes under the works' permissions. /obras has no client routes, so creating and
 * editing open the form in a modal named by `cliente` in the URL.
 */
const VISTA_CLIENTES = 'vista=clientes';
export const CLIENTE_VERTICALES_CONFIG: ParteConfig = {
  ...CLIENTE_CONFIG,
  resource: 'obras/clientes',
  texts: { ...CLIENTE_CONFIG.texts, listTitle: () => 'Clientes - Trabajos Verticales' },
  editPermission: 'obras.edit',
  basePath: { alquileres: '/obras', transportes: '/obras', verticales: '/obras' },
  paths: {
    list: (base) => `${base}?${VISTA_CLIENTES}`,
    create: (base) => `${base}?${VISTA_CLIENTES}&cliente=nuevo`,
    edit: (base, id) => `${base}?${VISTA_CLIENTES}&cliente=${encodeURIComponent(id)}`,
  },
  listState: keepingParams(PARTE_LIST_STATE, ['vista', 'cliente']),
};

/** Texts shared by both party types (the generic ones are the resource kit's). */
export const PARTE_UI_TEXTS = {
  searchPlaceholder: 'Buscar por nombre o documento…',
  activoLabel: 'Estado',
  activoFilter: { todos: 'Todos', activos: 'Activos', inactivos: 'Inactivos' },
  createFailed: P.createFailed,
  updateFailed: P.updateFailed,
  invalidData: P.invalidData,
  noActiveSystem: P.noActiveSystem,
  empresaImmutable: PARTE_MESSAGES.empresaImmutable,
  /** After a conflict (409, versiones): load the stored record into the form. */
  reload: 'Recargar',
} as const;
