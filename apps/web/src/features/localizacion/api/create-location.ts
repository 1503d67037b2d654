import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CalleCreate,
  CiudadCreate,
  CodigoPostalCreate,
  MunicipioCreate,
  PaisCreate,
  ProvinciaCreate,
} from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { LEVELS, type LocationLevel, type LocationRecord } from '../levels.js';
import {
  LOCALIZACION_BASE_PATH,
  localizacionKeys,
  type LocationEnvelope,
} from './localizacion-keys.js';

export type LocationCreateMap = {
  pais: PaisCreate;
  provincia: ProvinciaCreate;
  municipio: MunicipioCreate;
  ciudad: CiudadCreate;
  calle: CalleCreate;
  codigoPostal: CodigoPostalCreate;
};
export type LocationCreatePayload = LocationCreateMap[LocationLevel];

/** POST /api/localizacion/{level}. */
export const createLocation = <L extends LocationLevel>(
  api: ApiClient,
  level: L,
  payload: LocationCreateMap[L],
): Promise<LocationEnvelope<LocationRecord<L>>> =>
  api.post(`${LOCALIZACION_BASE_PATH}/${LEVELS[level].segment}`, payload);

export const useCreateLocation = <L extends LocationLevel>(level: L) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: LocationCreateMap[L]) =>
      (await createLocation(api, level, payload)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localizacionKeys.all }),
  });
};
