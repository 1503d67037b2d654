import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from '@tvsistema/domain';
import { ResourceResults } from './resource-results.js';
import { stubListWidth } from '../../testing/list-width.js';

type Row = { _id: string; nombre: string };

const query = {
  isError: false,
  isPending: false,
  isPlaceholderData: false,
  isFetching: false,
  data: {
    data: [{ _id: '1', nombre: 'Suministros Pons' }],
    meta: { page: 1, limit: 10, total: 1, totalPages: 1 },
  },
} as unknown as UseQueryResult<Paginated<Row>>;

const TEXTS = { loading: '', empty: '', emptyFiltered: '', failed: '', plural: 'proveedores' };

const renderList = () =>
  render(
    <ResourceResults
      query={query}
      view="list"
      texts={TEXTS}
      filtered={false}
      onClearFilters={() => {}}
      onPage={() => {}}
      cards={() => <p>tarjetas</p>}
      table={() => <p>tabla</p>}
    />,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResourceResults on narrow screens (issue 14)', () => {
  it('shows the table view chosen on a wide screen', () => {
    stubListWidth(false);
    renderList();
    expect(screen.getByText('tabla')).toBeTruthy();
  });

  it('shows the cards instead below 768 px, where the table cannot fit', () => {
    stubListWidth(true);
    renderList();
    expect(screen.getByText('tarjetas')).toBeTruthy();
    expect(screen.queryByText('tabla')).toBeNull();
  });
});

describe('the range line', () => {
  it('writes its numbers the es-ES way, thousands grouped', () => {
    stubListWidth(false);
    render(
      <ResourceResults
        query={
          {
            ...query,
            data: {
              data: [{ _id: '1', nombre: 'Suministros Pons' }],
              meta: { page: 500, limit: 20, total: 9997, totalPages: 500 },
            },
          } as unknown as UseQueryResult<Paginated<Row>>
        }
        view="list"
        texts={{ ...TEXTS, plural: 'albaranes' }}
        filtered={false}
        onClearFilters={() => {}}
        onPage={() => {}}
        cards={() => <p>tarjetas</p>}
        table={() => <p>tabla</p>}
      />,
    );
    expect(screen.getByText('Mostrando 9.981–9.997 de 9.997 albaranes')).toBeTruthy();
  });
});
