/** Machine ids are uuids (inventario.md §2): anything else is refused before asking the API. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isMaquinaId = (id: string | undefined): id is string =>
  id !== undefined && UUID.test(id.trim());
