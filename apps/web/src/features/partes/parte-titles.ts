import { SYSTEMS, type SystemId } from '@tvsistema/domain';

// The lists' titles, apart from parte-config.ts: the routes (in the entry chunk) show them while
// the screens' code arrives (LazyPage's title, issue 13), and the config is the screens' chunk.
export const proveedoresListTitle = (system: SystemId) =>
  `Gestión de Proveedores - ${SYSTEMS[system].displayName}`;
export const clientesListTitle = (system: SystemId) =>
  `Gestión de Clientes - ${SYSTEMS[system].displayName}`;
