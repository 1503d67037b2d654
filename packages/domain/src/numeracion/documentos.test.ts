import { describe, expect, it } from 'vitest';
import {
  formatNumeroDocumento,
  PREFIJOS_DOCUMENTO,
  prefijoDocumento,
  PrefijoDocumentoError,
} from './documentos.js';

describe('document numbers (modules/README.md)', () => {
  it('formats {PREFIX}{YYYY}-{NNNNN}', () => {
    expect(formatNumeroDocumento('P', 2026, 17)).toBe('P2026-00017');
    expect(formatNumeroDocumento('AE', 2027, 1)).toBe('AE2027-00001');
    expect(formatNumeroDocumento('F', 2026, 123_456)).toBe('F2026-123456');
  });

  it('takes each empresa its own prefix, and refuses a document the empresa does not issue', () => {
    expect(prefijoDocumento('factura', 'alquileres')).toBe('F');
    expect(prefijoDocumento('factura', 'transporte')).toBe('T');
    expect(prefijoDocumento('obra', 'verticales')).toBe('OB');
    expect(() => prefijoDocumento('factura', 'verticales')).toThrow(PrefijoDocumentoError);
  });

  it('has the reviewed prefix table', () => {
    expect(PREFIJOS_DOCUMENTO).toMatchSnapshot();
  });
});
