import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { decideCallback, TIMINGS, type SystemId } from '@tvsistema/domain';
import { FullPageLoader } from '../../../components/ui/full-page-loader.js';
import { paths } from '../../../config/paths.js';
import { clearReturnPath, readReturnPath } from '../../../lib/return-path.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { clearLoginState, readLoginState } from '../utils/login-state.js';

export const CALLBACK_MESSAGE = 'Completando inicio de sesión...';

export type CallbackPageProps = {
  currentSystem: SystemId | null;
  setCurrentSystem: (system: SystemId) => void;
};

/**
 * SPEC 2.7 / 4.4: the provider sends the browser here; once the SDK has swapped the code for
 * tokens, the target system is applied and the user moves on. A provider error is the identity
 * error gate's (error screen, then /unauthorized).
 */
export const CallbackPage = ({ currentSystem, setCurrentSystem }: CallbackPageProps) => {
  const { isLoading, isAuthenticated, roles, error } = useAuthContext();
  const navigate = useNavigate();
  const decided = useRef(false);

  useEffect(() => {
    if (decided.current) return;
    try {
      const login = readLoginState();
      const decision = decideCallback({
        isLoading,
        hasError: error !== undefined,
        isAuthenticated,
        roles,
        currentSystem,
        pendingSystem: login.pendingSystem,
        returnTo: login.returnTo ?? readReturnPath() ?? undefined,
      });
      if (decision.kind === 'wait') return;
      decided.current = true;
      clearLoginState();
      if (decision.reason === 'provider-error') return;
      if (decision.system) {
        setCurrentSystem(decision.system);
        clearReturnPath();
      }
      const go = () => void navigate(decision.to, { replace: true });
      // Deliberately not cancelled on unmount: the decision is taken once (the login state is
      // consumed), and StrictMode's rehearsal unmount would otherwise strand the user here.
      if (decision.delayed) setTimeout(go, TIMINGS.redirect);
      else go();
    } catch (unexpected) {
      console.error('Error al completar el inicio de sesión', unexpected);
      decided.current = true;
      void navigate(paths.selectSystem.getHref(), { replace: true });
    }
  }, [isLoading, isAuthenticated, roles, error, currentSystem, setCurrentSystem, navigate]);

  return <FullPageLoader message={CALLBACK_MESSAGE} />;
};
