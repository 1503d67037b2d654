import type { SystemId } from '@tvsistema/domain';

/**
 * The URLs the navbar and the dashboards link to. Kept here until they are folded into
 * `config/paths.ts`; nothing else in the layout or dashboard spells a URL.
 */
export const LINKS = {
  dashboard: '/dashboard',
  profile: '/profile',
  // SPEC 2.2: the navbar links to /settings although that route is not shown.
  settings: '/settings',
  maquinaria: '/maquinaria',
  andamios: '/andamios',
  conceptos: '/conceptos',
  presupuestos: '/presupuestos',
  alquileres: '/alquileres',
  facturas: '/facturas',
  notas: '/notas',
  compras: '/compras',
  clientes: '/clientes',
  proveedores: '/proveedores',
  ciudades: '/localizacion/ciudades',
  // DESIGN decision 4: the fleet lives at /transporte/camiones.
  camiones: '/transporte/camiones',
  transporteClientes: '/transporte/clientes',
  transporteProveedores: '/transporte/proveedores',
  albaranes: '/albaranes',
  obras: '/obras',
} as const;

export type NavItem = { readonly label: string; readonly to: string };

/** A navbar entry: a direct link, or a dropdown of links. */
export type NavEntry =
  | ({ readonly kind: 'link' } & NavItem)
  | { readonly kind: 'menu'; readonly label: string; readonly items: readonly NavItem[] };

/** SPEC 2.14: the menus of each system, in display order, after "Inicio". */
export const NAV_MENUS = {
  alquileres: [
    {
      kind: 'menu',
      label: 'Inventario',
      items: [
        { label: 'Maquinaria', to: LINKS.maquinaria },
        { label: 'Andamios', to: LINKS.andamios },
        { label: 'Conceptos de Alquiler', to: LINKS.conceptos },
      ],
    },
    {
      kind: 'menu',
      label: 'Comercial',
      items: [
        { label: 'Presupuestos', to: LINKS.presupuestos },
        { label: 'Alquileres', to: LINKS.alquileres },
      ],
    },
    {
      kind: 'menu',
      label: 'Finanzas',
      items: [
        { label: 'Facturas', to: LINKS.facturas },
        { label: 'Notas', to: LINKS.notas },
        { label: 'Compras', to: LINKS.compras },
      ],
    },
    {
      kind: 'menu',
      label: 'CRM',
      items: [
        { label: 'Clientes', to: LINKS.clientes },
        { label: 'Proveedores', to: LINKS.proveedores },
      ],
    },
    {
      kind: 'menu',
      label: 'Localización',
      items: [{ label: 'Ciudades', to: LINKS.ciudades }],
    },
  ],
  transportes: [
    {
      kind: 'menu',
      label: 'Inventario',
      items: [{ label: 'Flota de Vehículos', to: LINKS.camiones }],
    },
    // SPEC 2.14 lists only Clientes here, but SPEC 2.2 and 2.3 route transport suppliers: the
    // route wins (issue 14, docs/decisions/0024-transportes-proveedores-en-menu.md).
    {
      kind: 'menu',
      label: 'CRM',
      items: [
        { label: 'Clientes', to: LINKS.transporteClientes },
        { label: 'Proveedores', to: LINKS.transporteProveedores },
      ],
    },
    { kind: 'menu', label: 'Logística', items: [{ label: 'Albaranes', to: LINKS.albaranes }] },
    { kind: 'menu', label: 'Finanzas', items: [{ label: 'Facturas', to: LINKS.facturas }] },
  ],
  verticales: [{ kind: 'link', label: 'Obras', to: LINKS.obras }],
} as const satisfies Record<SystemId, readonly NavEntry[]>;
