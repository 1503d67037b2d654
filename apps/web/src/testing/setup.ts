import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadIdentitySdk } from '../lib/identity-sdk.js';
import { coverHappyDomGaps } from './happy-dom-gaps.js';

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
