import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LineaProgresoImportacion } from '@tvsistema/domain';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.js';
import { importacionesApi, postNdjson } from './importacion-api.js';

// logistica.md §6: `validar` and `confirmar` answer NDJSON, read line by line as it streams.

const encoder = new TextEncoder();
const answer = (chunks: string[], { stall = false } = {}) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        if (!stall) controller.close();
      },
    }),
    { headers: { 'Content-Type': 'application/x-ndjson' } },
  );

const run = (response: Response, gapMs?: number) => {
  const lineas: LineaProgresoImportacion[] = [];
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  const promise = postNdjson({
    url: '/api/albaranes/transporte/importaciones/x/validar',
    body: { version: 4 },
    getAccessToken: async () => 'tok',
    onLinea: (l) => lineas.push(l),
    ...(gapMs === undefined ? {} : { gapMs }),
  });
  return { promise, lineas, fetchMock };
};

afterEach(() => vi.unstubAllGlobals());

describe('postNdjson', () => {
  it('hands over each line, even split across chunks, and resolves with the last one', async () => {
    const { promise, lineas, fetchMock } = run(
      answer([
        '{"tipo":"progreso","fase":"validando","procesadas":1,"total":2}\n{"tipo":"pro',
        'greso","fase":"validando","procesadas":2,"total":2}\n',
        '{"tipo":"resumen","version":5,"resumen":{"validas":2,"conErrores":0,"duplicadas":0,"avisos":0,"albaranes":2}}',
      ]),
    );
    const ultima = await promise;
    expect(lineas.map((l) => (l.tipo === 'progreso' ? l.procesadas : l.tipo))).toEqual([
      1,
      2,
      'resumen',
    ]);
    expect(ultima).toMatchObject({ tipo: 'resumen', version: 5 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"version":4}');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('a JSON error before streaming (409) rejects with its status and message', async () => {
    const { promise } = run(
      new Response(JSON.stringify({ message: 'Esta importación ya se ha realizado' }), {
        status: 409,
      }),
    );
    await expect(promise).rejects.toMatchObject({
      status: 409,
      message: 'Esta importación ya se ha realizado',
    });
  });

  it('a gap between lines longer than the timeout is a lost connection', async () => {
    const { promise, lineas } = run(
      answer(['{"tipo":"progreso","fase":"importando","procesadas":1,"total":9}\n'], {
        stall: true,
      }),
      50,
    );
    const error: unknown = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(lineas).toHaveLength(1);
  });

  it('a line outside the contract is refused', async () => {
    const { promise } = run(answer(['{"tipo":"otro"}\n']));
    await expect(promise).rejects.toThrow();
  });
});

describe('importacionesApi', () => {
  it('is the rental or the transport import of §6', () => {
    expect(importacionesApi('alquiler')).toBe('/api/albaranes/importaciones');
    expect(importacionesApi('transporte')).toBe('/api/albaranes/transporte/importaciones');
  });
});
