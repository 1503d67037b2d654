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

// The configuration endpoint is public: this client never carries a token.
const loadFromServer: LoadRuntimeConfig = (signal) => fetchRuntimeConfig(createApiClient(), signal);

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
