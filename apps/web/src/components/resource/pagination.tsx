import { Pagination } from 'react-bootstrap';

/** Page numbers around the current one, with the first and last always reachable. */
export const pageWindow = (page: number, totalPages: number, radius = 2): number[] => {
  const start = Math.max(1, Math.min(page - radius, totalPages - radius * 2));
  const end = Math.min(totalPages, Math.max(page + radius, 1 + radius * 2));
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
};

export type PaginationProps = {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
};

export const ListPagination = ({ page, totalPages, onPage }: PaginationProps) => {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  return (
    <nav aria-label="Paginación">
      <Pagination className="mb-0 flex-wrap">
        <Pagination.First
          disabled={page === 1}
          onClick={() => onPage(1)}
          aria-label="Primera página"
        />
        <Pagination.Prev
          disabled={page === 1}
          onClick={() => onPage(page - 1)}
          aria-label="Página anterior"
        />
        {pages.map((number) => (
          <Pagination.Item
            key={number}
            active={number === page}
            onClick={() => onPage(number)}
            aria-label={`Página ${number}`}
          >
            {number}
          </Pagination.Item>
        ))}
        <Pagination.Next
          disabled={page === totalPages}
          onClick={() => onPage(page + 1)}
          aria-label="Página siguiente"
        />
        <Pagination.Last
          disabled={page === totalPages}
          onClick={() => onPage(totalPages)}
          aria-label="Última página"
        />
      </Pagination>
    </nav>
  );
};
