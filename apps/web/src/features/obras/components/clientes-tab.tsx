import { Suspense } from 'react';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { ClientesVerticalesScreen } from '../../partes/index.js';

/**
 * §5.5 Clientes tab: the party list of the partes module bound to /api/obras/clientes, with the
 * party form's cards in a modal (SPEC 2.11 puts verticales clients under /obras).
 */
export const ClientesTab = () => (
  <Suspense fallback={<LoadingStatus message="Cargando clientes…" />}>
    <ClientesVerticalesScreen />
  </Suspense>
);
