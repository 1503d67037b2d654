import { paths } from '../../config/paths.js';

/** The andamios URLs (inventario.md §5.4–§5.6). */
export const andamioHrefs = {
  list: () => paths.andamios.list.getHref(),
  create: () => paths.andamios.create.getHref(),
  edit: (id: string) => paths.andamios.edit.getHref({ andamioId: id }),
  detail: (id: string) => paths.andamios.detail.getHref({ andamioId: id }),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids (§2): anything else is "Identificador de componente inválido." without asking. */
export const isRecordId = (id: string | undefined): id is string => Boolean(id && UUID.test(id));
