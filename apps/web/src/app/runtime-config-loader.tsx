import { useEffect, useState, type ReactNode } from 'react';
import { StartupError } from '../components/errors/startup-error.js';
import { FullPageLoader } from '../components/ui/full-page-loader.js';
import { createApiClient } from '../lib/api-client.js';
import {
  fetchRuntimeConfig,
  RuntimeConfigContext,
  type RuntimeConfig,
} from '../lib/runtime-config.js';

export type LoadRuntimeConfig = (signal: AbortSignal) => Promise<RuntimeConfig>;

let started: Promise<RuntimeConfig> | undefined;

/**
 * Asks the server for the configuration once; main.tsx calls it before the first render, so the
 * request runs beside the entry's first paint and the identity SDK's chunk instead of after the
 * first commit (issue 13: on the signed-in list it started about 0.8 s after the entry had run).
 * A failed request is asked again by the next caller. The endpoint is public: this client never
 * carries a token.
 */
export const startRuntimeConfig = (): Promise<RuntimeConfig> => {
  const request = (started ??= fetchRuntimeConfig(createApiClient()));
  request.catch(() => {
    if (started === request) started = undefined;
  });
  return request;
};

const loadFromServer: LoadRuntimeConfig = () => startRuntimeConfig();

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig }
  | { status: 'failed'; message: string };

export type RuntimeConfigLoaderProps = {
  children: ReactNode;
  load?: LoadRuntimeConfig;
};

/** Renders nothing of the app until the server has said which identity provider to use. */
export const RuntimeConfigLoader = ({
  children,
  load = loadFromServer,
}: RuntimeConfigLoaderProps) => {
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (config) => setState({ status: 'ready', config }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('No se pudo cargar la configuración de la aplicación', error);
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return () => controller.abort();
  }, [load]);

  if (state.status === 'loading') return <FullPageLoader message="Iniciando aplicación..." />;
  if (state.status === 'failed') return <StartupError detail={state.message} />;
  return <RuntimeConfigContext value={state.config}>{children}</RuntimeConfigContext>;
};
