import { useEffect, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { FaCamera } from 'react-icons/fa';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { defaultMessageForStatus } from '../../../lib/api-client.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { maquinaUrl } from '../api/maquina-keys.js';

const IMAGEN = /^image\/(jpeg|png|webp)$/;
const MAX_FOTO_BYTES = 25 * 1024 * 1024;

/** Why a photo cannot be uploaded, before sending it (§2.1: one JPEG, PNG or WebP). */
export const fotoError = (file: File): string | undefined => {
  if (file.size > MAX_FOTO_BYTES) return 'El archivo supera 25 MB';
  if (!IMAGEN.test(file.type))
    return 'Tipo de archivo no admitido: la foto debe ser JPEG, PNG o WebP';
  return undefined;
};

/**
 * §5.2 "Foto": the machine's photo (GET …/foto with the user's token) and its replacement
 * (PUT …/foto, multipart `archivo`), saved at once, apart from the form. A new machine gets its
 * photo once created.
 */
export const FotoCard = ({ maquinaId }: { maquinaId: string | undefined }) => {
  const { getAccessToken } = useAuthContext();
  const [url, setUrl] = useState<string>();
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!maquinaId) return undefined;
    let objectUrl: string | undefined;
    let cancelled = false;
    void (async () => {
      const token = await getAccessToken().catch(() => undefined);
      const response = await fetch(maquinaUrl(maquinaId, 'foto'), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }).catch(() => undefined);
      if (cancelled || !response?.ok) return;
      objectUrl = URL.createObjectURL(await response.blob());
      if (!cancelled) setUrl(objectUrl);
    })();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [maquinaId, version, getAccessToken]);

  const upload = async (file: File) => {
    const invalid = fotoError(file);
    setError(invalid);
    if (invalid || !maquinaId) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('archivo', file);
      const token = await getAccessToken().catch(() => undefined);
      const response = await fetch(maquinaUrl(maquinaId, 'foto'), {
        method: 'PUT',
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: form,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as
          | { message?: string; errors?: unknown[] }
          | undefined;
        // §6.1: a refused file comes back as "archivo: …" (decision 0026).
        const archivo = body?.errors?.find(
          (entry): entry is string => typeof entry === 'string' && entry.startsWith('archivo: '),
        );
        setError(
          archivo?.slice('archivo: '.length) ??
            body?.message ??
            defaultMessageForStatus(response.status),
        );
        return;
      }
      setVersion((value) => value + 1);
    } catch {
      setError('No se pudo subir la foto');
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title="Foto" icon={<FaCamera />}>
      {!maquinaId ? (
        <p className="text-body-secondary mb-0">Podrás añadir la foto una vez creada la máquina.</p>
      ) : (
        <>
          {url ? (
            <img src={url} alt="Foto de la máquina" className="img-fluid rounded mb-2" />
          ) : (
            <p className="text-body-secondary">Sin foto</p>
          )}
          {error && (
            <Alert variant="danger" className="py-2">
              {error}
            </Alert>
          )}
          <SelectorArchivo
            id="maquina-foto"
            label={`${url ? 'Cambiar la foto' : 'Subir una foto'} (JPEG, PNG o WebP)`}
            labelClassName="small"
            boton="Seleccionar foto"
            accept="image/jpeg,image/png,image/webp"
            disabled={busy}
            vaciar
            onChange={(files) => {
              if (files[0]) void upload(files[0]);
            }}
          />
          {busy && (
            <div className="small mt-1" role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />
              Subiendo…
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
};
