import { useEffect, useState } from 'react';
import { useAuthContext } from '../../../lib/auth-context.js';

/**
 * A photo's 480 px thumbnail (§4.9: galleries never load originals). An <img> cannot send the
 * bearer token, so the bytes come through fetch and show from an object URL.
 */
export const FotoMiniatura = ({ url, nombre }: { url: string; nombre: string }) => {
  const { getAccessToken } = useAuthContext();
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    let objectUrl: string | undefined;
    let vigente = true;
    void (async () => {
      const token = await getAccessToken().catch(() => undefined);
      const response = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }).catch(() => undefined);
      if (!response?.ok || !vigente) return;
      objectUrl = URL.createObjectURL(await response.blob());
      if (vigente) setSrc(objectUrl);
    })();
    return () => {
      vigente = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, getAccessToken]);
  return src ? (
    <img src={src} alt={nombre} className="parte-foto rounded border" />
  ) : (
    <span className="badge text-bg-light border">{nombre}</span>
  );
};
