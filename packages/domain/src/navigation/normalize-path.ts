const safeDecodeUri = (value: string): string => {
  try {
    // decodeURI leaves reserved characters (%2F, %3F, %23) encoded, like the router does, so an
    // encoded slash never turns into a segment boundary.
    return decodeURI(value);
  } catch {
    return value;
  }
};

/**
 * The comparable form of a path for rule matching: query and hash dropped, percent-decoded once,
 * backslashes read as slashes (as browsers do), repeated slashes collapsed, dot segments resolved,
 * trailing slash removed and lower-cased (the router matches case-insensitively). Anything that
 * is not a string becomes "/".
 */
export const normalizePath = (path: unknown): string => {
  if (typeof path !== 'string') return '/';
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments: string[] = [];
  for (const segment of safeDecodeUri(pathname).replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return `/${segments.join('/')}`;
};

/** True when `path` is `prefix` or lies below it; `/clientesX` is not under `/clientes`. */
export const isUnderPrefix = (path: string, prefix: string): boolean =>
  prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
