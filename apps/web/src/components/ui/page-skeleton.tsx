import type { ReactNode } from 'react';
import { Suspense } from 'react';

/**
 * What a lazy screen shows while its code arrives: an empty block. The shell keeps the footer at
 * the bottom of the window meanwhile, so nothing moves when the screen replaces it (issue 13,
 * layout shift; theme.css). Silent: the screen itself announces its own loading.
 */
export const PageSkeleton = () => <div className="page-skeleton" aria-busy="true" />;

/**
 * A list screen's title while its code arrives, in the boxes the list puts its heading in
 * (ResourcePage's container, ListHeader's row; page-skeleton.test.tsx compares them): the page's
 * largest paint on a phone is that heading, and with this it no longer waits for the screen's
 * chunks, their stylesheet and the screen's first render (issue 13, decision 0046). Not a heading
 * for assistive technology: the screen's own h1, which replaces it, is the one that takes focus
 * after a navigation (use-route-focus.ts) and the one a screen reader announces.
 */
export const ListPageSkeleton = ({ title }: { title: string }) => (
  <div className="container-xxl py-3 resource-page" aria-busy="true">
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
      <div className="h3 mb-0" aria-hidden="true">
        {title}
      </div>
    </div>
  </div>
);

/** A lazy screen (React.lazy) behind its skeleton; a list's skeleton shows its `title`. */
export const LazyPage = ({
  children,
  title,
}: {
  children: ReactNode;
  title?: string | undefined;
}) => (
  <Suspense fallback={title ? <ListPageSkeleton title={title} /> : <PageSkeleton />}>
    {children}
  </Suspense>
);
