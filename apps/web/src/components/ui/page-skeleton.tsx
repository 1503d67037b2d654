import type { ReactNode } from 'react';
import { Suspense } from 'react';

/**
 * What a lazy screen shows while its code arrives: an empty block. The shell keeps the footer at
 * the bottom of the window meanwhile, so nothing moves when the screen replaces it (issue 13,
 * layout shift; theme.css). Silent: the screen itself announces its own loading.
 */
export const PageSkeleton = () => <div className="page-skeleton" aria-busy="true" />;

/** A lazy screen (React.lazy) behind its skeleton. */
export const LazyPage = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
);
