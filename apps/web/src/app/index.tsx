import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { StorageUnavailable } from '../components/errors/storage-unavailable.js';
import { AppErrorBoundary } from './app-error-boundary.js';
import { isStorageAvailable } from './global-errors.js';
import { AppProvider } from './provider.js';
import { createAppRouter } from './router.js';

export const App = () => {
  const [router] = useState(createAppRouter);
  const [storageWorks] = useState(() => isStorageAvailable());
  // SPEC 4.5: without storage no session can be kept; start nothing.
  if (!storageWorks) return <StorageUnavailable />;
  return (
    <AppErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </AppErrorBoundary>
  );
};
