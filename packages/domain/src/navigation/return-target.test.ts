import { describe, expect, it } from 'vitest';
import { sanitizeReturnTarget } from './return-target.js';

describe('sanitizeReturnTarget (SPEC 2.5)', () => {
  it.each([
    '/dashboard',
    '/clientes',
    '/clientes/123/editar?tab=contactos#arriba',
    '/proveedores?searchTerm=caf%C3%A9',
    '/transporte/facturas?desde=2026-01-01&hasta=2026-12-31',
    '/clientes?q=100%',
  ])('keeps the local path %s', (target) => {
    expect(sanitizeReturnTarget(target)).toBe(target);
  });

  it.each([
    '/unauthorized',
    '/unauthorized?returnTo=%2Fclientes',
    '/not-found',
    '/not-found/',
    '/NOT-FOUND',
  ])('sends %s to /', (target) => {
    expect(sanitizeReturnTarget(target)).toBe('/');
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/dashboard'],
    ['absolute URL', 'https://evil.example'],
    ['absolute URL on our path', 'http://localhost:3000/dashboard'],
    ['backslash', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['encoded slashes after a slash', '/%2F%2Fevil.example'],
    ['encoded slashes', '%2F%2Fevil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['tab between slashes', '/\t/evil.example'],
    ['tab', '/\tevil'],
    ['encoded tab between slashes', '/%09/evil.example'],
    ['newline', '/\n/evil.example'],
    ['null byte', '/dashboard\u0000'],
    ['line separator', '/\u2028/evil.example'],
    ['javascript URL', 'javascript:alert(1)'],
    ['encoded javascript URL', 'javascript%3Aalert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'clientes'],
    ['leading space', ' /dashboard'],
    ['empty', ''],
    ['double slash inside', '/clientes//nuevo'],
    ['slashes in the query', '/clientes?next=//evil.example'],
    ['too deeply encoded', '/%2525252525252F'],
    ['very long', `/${'a'.repeat(5000)}`],
  ])('rejects %s', (_name, target) => {
    expect(sanitizeReturnTarget(target)).toBe('/dashboard');
  });

  it.each([undefined, null, 42, {}, ['/clientes'], true])('rejects the non-string %j', (target) => {
    expect(sanitizeReturnTarget(target)).toBe('/dashboard');
  });
});
