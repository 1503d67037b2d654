import { describe, expect, it } from 'vitest';
import { returnToParam, selectSystemUrl, unauthorizedUrl } from './redirect-urls.js';

describe('redirect URLs', () => {
  it('encode the path and query the user wanted', () => {
    expect(selectSystemUrl('/clientes?page=2&q=a b')).toBe(
      '/select-system?returnTo=%2Fclientes%3Fpage%3D2%26q%3Da%20b',
    );
    expect(unauthorizedUrl('/compras')).toBe('/unauthorized?returnTo=%2Fcompras');
  });

  it('leave returnTo out when there is nothing worth returning to', () => {
    expect(selectSystemUrl('/')).toBe('/select-system');
    expect(selectSystemUrl('/callback?code=1')).toBe('/select-system');
    expect(selectSystemUrl(null)).toBe('/select-system');
    expect(unauthorizedUrl()).toBe('/unauthorized');
  });

  it('read returnTo back from a URL', () => {
    expect(returnToParam(selectSystemUrl('/clientes?page=2'))).toBe('/clientes?page=2');
    expect(returnToParam('/select-system')).toBeNull();
    expect(returnToParam('/select-system?returnTo=%2Fobras#x')).toBe('/obras');
    expect(returnToParam(42)).toBeNull();
  });
});
