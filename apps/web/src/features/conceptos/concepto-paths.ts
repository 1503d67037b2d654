import { paths } from '../../config/paths.js';

/** The conceptos URLs (inventario.md §5.7). */
export const conceptoHrefs = {
  list: () => paths.conceptos.list.getHref(),
  create: () => paths.conceptos.create.getHref(),
  duplicate: (id: string) =>
    `${paths.conceptos.create.getHref()}?${new URLSearchParams({ desde: id }).toString()}`,
  edit: (id: string) => paths.conceptos.edit.getHref({ templateId: id }),
  detail: (id: string) => paths.conceptos.detail.getHref({ templateId: id }),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids (§2): anything else is "Identificador de plantilla inválido." without asking. */
export const isRecordId = (id: string | undefined): id is string => Boolean(id && UUID.test(id));
