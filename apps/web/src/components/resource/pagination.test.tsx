import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ListPagination } from './pagination.js';

// Issue 14: screen readers heard react-bootstrap's English ("First", "Previous", "(current)"), and
// the Spanish aria-label of a disabled control sat on a <span>, where it is ignored.
describe('ListPagination', () => {
  it('names every control in Spanish, disabled or not, and marks the current page', () => {
    render(<ListPagination page={1} totalPages={4} onPage={vi.fn()} />);
    const bar = screen.getByRole('navigation', { name: 'Paginación' });
    expect(bar.textContent).not.toMatch(/First|Previous|Next|Last|current/);
    // The first page's «First» and «Previous» are spans: their name is their own text.
    const items = within(bar).getAllByRole('listitem');
    expect(items[0].className).toContain('disabled');
    expect(items[0].textContent).toBe('«Primera página');
    expect(items[1].textContent).toBe('‹Página anterior');
    const current = bar.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Página 1');
    within(bar).getByRole('button', { name: 'Página 2' });
    within(bar).getByRole('button', { name: 'Página siguiente' });
    within(bar).getByRole('button', { name: 'Última página' });
  });

  it('asks for the page its controls name', async () => {
    const onPage = vi.fn();
    render(<ListPagination page={2} totalPages={4} onPage={onPage} />);
    screen.getByRole('button', { name: 'Primera página' }).click();
    screen.getByRole('button', { name: 'Página siguiente' }).click();
    screen.getByRole('button', { name: 'Última página' }).click();
    expect(onPage.mock.calls).toEqual([[1], [3], [4]]);
  });
});
