import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { direccionInputOf, type Cliente, type Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { CLIENTES_VERTICALES_API, obraKeys } from './obra-keys.js';

// The verticales clients at /api/obras/clientes (SPEC 2.11: their list lives under /obras).

export const useClientesVerticales = (term: string, limit = 20) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.clientes(`${term}|${limit}`),
    queryFn: ({ signal }) =>
      api.get<Paginated<Cliente>>(CLIENTES_VERTICALES_API, {
        query: { searchTerm: term || undefined, limit, activo: 'true' },
        signal,
      }),
  });
};

export const useCrearClienteVerticales = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { nombre: string; documento?: string }) =>
      (
        await api.post<{ data: Cliente }>(CLIENTES_VERTICALES_API, {
          ...body,
          empresa: 'verticales',
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: obraKeys.all }),
  });
};

const sinNulos = <T extends Record<string, unknown>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));

/**
 * PUT /api/obras/clientes/{id} from the record as read, with the fields the modal edits: the rest
 * (contacts, address, accounts) travels as stored, since a PUT replaces the whole party.
 */
export const useEditarClienteVerticales = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      cliente,
      cambios,
    }: {
      cliente: Cliente;
      cambios: { nombre: string; documento: string; activo: boolean };
    }) =>
      (
        await api.put<{ data: Cliente }>(
          `${CLIENTES_VERTICALES_API}/${encodeURIComponent(cliente._id)}`,
          {
            nombre: cambios.nombre,
            ...(cambios.documento ? { documento: cambios.documento } : {}),
            activo: cambios.activo,
            contactos: cliente.contactos.map(sinNulos),
            observaciones: cliente.observaciones,
            direccion: direccionInputOf(cliente.direccion),
            ...sinNulos({
              cuentaContableCliente: cliente.cuentaContableCliente,
              cuentaContableVenta: cliente.cuentaContableVenta,
              cuentaContableRetencion: cliente.cuentaContableRetencion,
            }),
            version: cliente.version,
          },
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: obraKeys.all }),
  });
};
