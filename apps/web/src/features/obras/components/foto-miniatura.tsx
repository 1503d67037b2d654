import { useBlobUrl } from '../../../lib/use-blob-url.js';

/** A photo's 480 px thumbnail (§4.9: galleries never load originals). */
export const FotoMiniatura = ({ url, nombre }: { url: string; nombre: string }) => {
  const src = useBlobUrl(url);
  return src ? (
    <img src={src} alt={nombre} className="parte-foto rounded border" />
  ) : (
    <span className="badge text-bg-light border">{nombre}</span>
  );
};
