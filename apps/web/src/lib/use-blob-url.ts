import { useEffect, useState } from 'react';
import { useAuthContext } from './auth-context.js';

/**
 * An object URL for a protected file (a photo, a thumbnail): an <img> cannot send the bearer
 * token, so the bytes come through fetch. Undefined until they arrive, or when the request fails;
 * the URL is revoked when the component leaves or `url` changes.
 */
export const useBlobUrl = (url: string | undefined): string | undefined => {
  const { getAccessToken } = useAuthContext();
  // The object URL with the url it was made for: a stale one is never shown for a new url.
  const [blob, setBlob] = useState<{ url: string; src: string } | undefined>();
  useEffect(() => {
    if (!url) return undefined;
    let objectUrl: string | undefined;
    let vigente = true;
    void (async () => {
      const token = await getAccessToken().catch(() => undefined);
      const response = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }).catch(() => undefined);
      if (!response?.ok || !vigente) return;
      objectUrl = URL.createObjectURL(await response.blob());
      if (vigente) setBlob({ url, src: objectUrl });
    })();
    return () => {
      vigente = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, getAccessToken]);
  return blob && blob.url === url ? blob.src : undefined;
};
