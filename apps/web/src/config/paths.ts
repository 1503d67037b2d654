/** Every URL of the SPA, declared once; components take hrefs from here, never from literals. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  callback: { path: '/callback', getHref: () => '/callback' },
} as const;
