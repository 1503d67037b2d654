import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FullPageLoader } from './full-page-loader.js';
import { LoadingBlock } from './loading-block.js';

describe('LoadingBlock (SPEC 2.8)', () => {
  it('says "Cargando..." by default, without second line or bar', () => {
    render(<LoadingBlock />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Cargando...');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows its text, a second line and a progress bar', () => {
    render(<LoadingBlock message="Cargando proveedores..." detail="Un momento" progress={42.4} />);
    expect(screen.getByText('Cargando proveedores...')).toBeDefined();
    expect(screen.getByText('Un momento')).toBeDefined();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
  });

  it('keeps the progress between 0 and 100', () => {
    render(<LoadingBlock progress={180} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('names its progress bar with what it shows, in Spanish ("Cargando..." by default)', () => {
    const { unmount } = render(<LoadingBlock message="Cargando proveedores..." progress={42} />);
    expect(screen.getByRole('progressbar', { name: 'Cargando proveedores...' })).toBeDefined();
    unmount();
    render(<LoadingBlock progress={10} />);
    expect(screen.getByRole('progressbar', { name: 'Cargando...' })).toBeDefined();
  });
});

describe('FullPageLoader (SPEC 2.8)', () => {
  it.each(['Iniciando aplicación...', 'Navegando...', 'Preparando tu sesión...'])(
    'shows "%s"',
    (message) => {
      render(<FullPageLoader message={message} />);
      expect(screen.getByRole('status').textContent).toContain(message);
    },
  );

  it('says "Cargando..." by default and an optional second line', () => {
    render(<FullPageLoader detail="Conectando con el servidor" />);
    expect(screen.getByRole('status').textContent).toBe('Cargando...Conectando con el servidor');
  });
});
