import { ApiError, defaultMessageForStatus, NETWORK_ERROR_MESSAGE } from './api-client.js';

/**
 * POSTs one file as multipart/form-data (field `archivo`) with the bearer token, reporting the
 * upload's progress (0–100). fetch cannot report upload progress, hence XMLHttpRequest. Resolves
 * with the JSON answer; rejects with an ApiError carrying the server's Spanish message.
 */
export const uploadFile = <T>(options: {
  url: string;
  file: File;
  token: string | undefined;
  onProgress: (percent: number) => void;
  /** Text fields sent before the file (the server reads them before the bytes). */
  fields?: Readonly<Record<string, string>>;
}): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', options.url);
    if (options.token) request.setRequestHeader('Authorization', `Bearer ${options.token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable)
        options.onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
        return;
      }
      const message = (body as { message?: unknown } | undefined)?.message;
      reject(
        new ApiError(
          request.status,
          typeof message === 'string' && message
            ? message
            : defaultMessageForStatus(request.status),
          { body },
        ),
      );
    });
    request.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE)));
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('archivo', options.file);
    request.send(form);
  });
