import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from './index.js';

describe('App start-up (SPEC 4.5)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('without browser storage it does not start and explains why', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    render(<App />);
    expect(screen.getByRole('heading', { name: 'Navegador no compatible' })).toBeTruthy();
    expect(screen.queryByText('Iniciando aplicación...')).toBeNull();
  });
});
