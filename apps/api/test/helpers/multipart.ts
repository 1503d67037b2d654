/** A multipart body for `inject`: text fields first, then the file as `archivo`. */
export const multipart = (
  archivo: { nombre: string; contenido: Buffer | string },
  campos: Record<string, string> = {},
) => {
  const boundary = '----tvsistema-prueba';
  const parte = (cabecera: string, cuerpo: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${cabecera}\r\n\r\n`),
      Buffer.from(cuerpo),
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    ...Object.entries(campos).map(([name, value]) =>
      parte(`Content-Disposition: form-data; name="${name}"`, value),
    ),
    parte(
      `Content-Disposition: form-data; name="archivo"; filename="${archivo.nombre}"\r\nContent-Type: application/octet-stream`,
      archivo.contenido,
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
