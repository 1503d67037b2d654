import { StrictMode, useState, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { availableSystems, type Role, type SystemId } from '@tvsistema/domain';
import { AuthContext, type AuthContextValue } from '../lib/auth-context.js';
import { SystemContext } from '../lib/system-context.js';

export type FakeAuth = Partial<AuthContextValue>;

/** A signed-in, loaded session with the given roles (systems derived as the app does). */
export const signedInAs = (roles: Role[], overrides: FakeAuth = {}): FakeAuth => ({
  isAuthenticated: true,
  user: { sub: 'auth0|test', name: 'Ana Prueba', email: 'ana@tvsistema.test' },
  roles,
  availableSystems: availableSystems(roles),
  ...overrides,
});

export const fakeAuth = (overrides: FakeAuth = {}): AuthContextValue => ({
  isLoading: false,
  isAuthenticated: false,
  user: undefined,
  roles: [],
  availableSystems: [],
  error: undefined,
  login: async () => undefined,
  logout: async () => undefined,
  getAccessToken: async () => 'token',
  renewSession: async () => undefined,
  ...overrides,
});

/** A system context backed by React state, like the real one, so setting re-renders. */
const FakeSystemProvider = ({
  initial,
  onSet,
  children,
}: {
  initial: SystemId | null;
  onSet: ((system: SystemId) => void) | undefined;
  children: ReactNode;
}) => {
  const [currentSystem, setSystem] = useState<SystemId | null>(initial);
  return (
    <SystemContext
      value={{
        currentSystem,
        setCurrentSystem: (system) => {
          onSet?.(system);
          setSystem(system);
        },
        clearCurrentSystem: () => setSystem(null),
      }}
    >
      {children}
    </SystemContext>
  );
};

export type RenderWithContextsOptions = {
  auth?: FakeAuth;
  currentSystem?: SystemId | null;
  onSetSystem?: (system: SystemId) => void;
  path?: string;
  routePath?: string;
  /** Extra routes beside the one under test, to observe navigation. */
  routes?: RouteObject[];
  /** Rendered once beside every route, like the app's root watchers. */
  around?: ReactNode;
  /** StrictMode as in development (effects run twice on mount); on unless set to false. */
  strict?: boolean;
};

/** Renders one route with fake auth and system contexts and a memory router. */
export const renderWithContexts = (
  element: ReactElement,
  options: RenderWithContextsOptions = {},
) => {
  const { path = '/', routes = [], routePath = path.split('?', 1)[0] ?? '/' } = options;
  const auth = fakeAuth(options.auth);
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthContext value={auth}>
            <FakeSystemProvider initial={options.currentSystem ?? null} onSet={options.onSetSystem}>
              {options.around}
              <Outlet />
            </FakeSystemProvider>
          </AuthContext>
        ),
        children: [{ path: routePath, element }, ...routes],
      },
    ],
    { initialEntries: [path] },
  );
  const app = <RouterProvider router={router} />;
  const result = render(options.strict === false ? app : <StrictMode>{app}</StrictMode>);
  return { ...result, router, auth };
};

/** A route that shows where navigation ended up. */
export const landing = (path: string): RouteObject => ({ path, element: <p>En {path}</p> });
