import { createHash } from 'node:crypto';
import { jsonCanonico } from '@tvsistema/domain/logistica';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { AuthUser } from '../../auth/auth.plugin.js';
import { API_MESSAGES, HttpError } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';

// What rental and transport albaranes share: who did it, the 409s, hashing, search text.

export type Usuario = Pick<AuthUser, 'sub' | 'email'> | undefined;
export type Operador = Pick<AuthUser, 'sub' | 'email' | 'roles'>;

export const conflicto = (message: string, errors?: string[]) =>
  new HttpError(409, message, errors ? { errors } : {});
export const prohibido = () => new HttpError(403, API_MESSAGES.forbidden);

export const autoria = (user: Usuario, { crear }: { crear: boolean }) => ({
  ...(crear ? { createdBySub: user?.sub ?? null, createdByEmail: user?.email ?? null } : {}),
  updatedBySub: user?.sub ?? null,
  updatedByEmail: user?.email ?? null,
});

export const idValido = (id: string) => isUuid(id);

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** R9: the fingerprint of signed content. */
export const huellaDe = (contenido: unknown) => sha256(jsonCanonico(contenido));

const SEPARADOR = '\u001f';
export const columnaBusqueda = (...partes: (string | null | undefined)[]) =>
  partes
    .filter((parte): parte is string => Boolean(parte))
    .map(normalizeSearchText)
    .join(SEPARADOR);

/** §2.4: a PNG data URL, checked by content: signature, 1–300 KB, ≤ 2000 × 1000 px. */
export const leerPng = (dataUrl: string): Buffer | null => {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!m?.[1]) return null;
  const png = Buffer.from(m[1], 'base64');
  const firma = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (png.length < 33 || png.length > 300 * 1024 || !png.subarray(0, 8).equals(firma)) return null;
  if (png.subarray(12, 16).toString('ascii') !== 'IHDR') return null;
  const ancho = png.readUInt32BE(16);
  const alto = png.readUInt32BE(20);
  if (ancho < 1 || alto < 1 || ancho > 2000 || alto > 1000) return null;
  return png;
};
