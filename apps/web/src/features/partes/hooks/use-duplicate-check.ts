import { useCallback, useState } from 'react';
import { documentoSchema, type Empresa } from '@tvsistema/domain';
import { useFindByDocumento } from '../api/find-by-documento.js';

type Taken = { empresa: Empresa; documento: string };

export const normalizeDocumento = (value: string): string => value.trim().toUpperCase();

/**
 * SPEC 4.6: when Documento loses focus, ask whether another record of the same empresa has it.
 * The own record (on edit) is not a duplicate. The verdict holds only for the documento and
 * empresa it was asked for, so editing either clears it at once.
 */
export const useDuplicateCheck = (resource: string, ownId: string | undefined) => {
  const find = useFindByDocumento(resource);
  const [taken, setTaken] = useState<Taken | null>(null);

  const check = useCallback(
    async (empresa: Empresa | '', rawDocumento: string) => {
      const documento = normalizeDocumento(rawDocumento);
      if (!empresa || !documento || !documentoSchema.safeParse(documento).success) {
        setTaken(null);
        return;
      }
      try {
        const found = await find(empresa, documento);
        setTaken(found && found._id !== ownId ? { empresa, documento } : null);
      } catch {
        // The check is a courtesy: the server refuses a duplicate on save anyway (409).
        setTaken(null);
      }
    },
    [find, ownId],
  );

  const markTaken = useCallback((empresa: Empresa | '', rawDocumento: string) => {
    if (empresa) setTaken({ empresa, documento: normalizeDocumento(rawDocumento) });
  }, []);

  const isTaken = (empresa: Empresa | '', rawDocumento: string): boolean =>
    taken !== null &&
    taken.empresa === empresa &&
    taken.documento === normalizeDocumento(rawDocumento);

  return { check, isTaken, markTaken };
};
