import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider.js';
import { createAppRouter } from './router.js';

export const App = () => {
  // Created here rather than inside the tree, so the identity provider (which sits above the
  // router) can still move it once the login redirect has been processed.
  const [router] = useState(createAppRouter);
  const onRedirect = useCallback(
    (target: string) => void router.navigate(target, { replace: true }),
    [router],
  );

  return (
    <AppProvider onRedirect={onRedirect}>
      <RouterProvider router={router} />
    </AppProvider>
  );
};
