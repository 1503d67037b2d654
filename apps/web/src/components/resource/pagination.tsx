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

/**
 * One control of the bar. react-bootstrap's First/Prev/Next/Last carry English hidden text
 * ("First", "Previous"…), and a disabled or current item is a `<span>`, where an `aria-label` is
 * ignored: the Spanish name goes in the content instead, the symbol hidden from screen readers.
 */
const Control = ({
  symbol,
  label,
  disabled,
  onClick,
}: {
  symbol: string;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) => (
  <Pagination.Item disabled={disabled} onClick={onClick}>
    <span aria-hidden="true">{symbol}</span>
    <span className="visually-hidden">{label}</span>
  </Pagination.Item>
);

export const ListPagination = ({ page, totalPages, onPage }: PaginationProps) => {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const first = page === 1;
  const last = page === totalPages;
  return (
    <nav aria-label="Paginación">
      <Pagination className="mb-0 flex-wrap">
        <Control symbol="«" label="Primera página" disabled={first} onClick={() => onPage(1)} />
        <Control
          symbol="‹"
          label="Página anterior"
          disabled={first}
          onClick={() => onPage(page - 1)}
        />
        {pages.map((number) => (
          <Pagination.Item
            key={number}
            active={number === page}
            // The current page says so in Spanish (react-bootstrap's default is "(current)").
            activeLabel=""
            aria-current={number === page ? 'page' : undefined}
            onClick={() => onPage(number)}
          >
            <span className="visually-hidden">Página </span>
            {number}
          </Pagination.Item>
        ))}
        <Control
          symbol="›"
          label="Página siguiente"
          disabled={last}
          onClick={() => onPage(page + 1)}
        />
        <Control
          symbol="»"
          label="Última página"
          disabled={last}
          onClick={() => onPage(totalPages)}
        />
      </Pagination>
    </nav>
  );
};
