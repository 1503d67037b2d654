import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadIdentitySdk } from '../lib/identity-sdk.js';
import { coverHappyDomGaps } from './happy-dom-gaps.js';

// Under CI's load (API tests and journeys beside these on two cores) the default 1 s findBy… wait
// failed on a lazy screen (obra-screens.test.tsx "Clientes - Trabajos Verticales").
configure({ asyncUtilTimeout: 5000 });

coverHappyDomGaps();

// The app loads the identity SDK's chunk before it renders anything that reads the SDK
// (IdentityProvider); tests render those parts directly, so the SDK is loaded up front.
await loadIdentitySdk();

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
