import type { ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

/** One labelled line of a card; an empty value reads "Sin datos". */
export type CardLine<R> = {
  id: string;
  icon: ReactNode;
  label: string;
  value: (row: R) => ReactNode;
};

export type ResourceCardsProps<R extends { _id: string }> = {
  rows: readonly R[];
  title: (row: R) => ReactNode;
  /** Beside the title, e.g. the record's state. */
  badge?: (row: R) => ReactNode;
  lines: readonly CardLine<R>[];
  /** The card's footer, e.g. its RowActions. */
  footer: (row: R) => ReactNode;
};

const Line = ({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) => {
  const vacio = value === '' || value === null || value === undefined;
  return (
    <div className="d-flex gap-2 align-items-start small text-body-secondary">
      <span aria-hidden="true" className="resource-card-icon">
        {icon}
      </span>
      <span className="visually-hidden">{label}: </span>
      <span className={vacio ? 'fst-italic' : 'text-break'}>{vacio ? T.noData : value}</span>
    </div>
  );
};

/** The card view of a list: a responsive grid, one card per record. */
export const ResourceCards = <R extends { _id: string }>({
  rows,
  title,
  badge,
  lines,
  footer,
}: ResourceCardsProps<R>) => (
  <Row xs={1} md={2} xl={3} className="g-3 ps-0 mb-0" as="ul" aria-label={T.results} role="list">
    {rows.map((row) => (
      <Col as="li" key={row._id} className="list-unstyled">
        <Card className="h-100 shadow-sm resource-card">
          <Card.Body className="d-flex flex-column gap-2">
            <div className="d-flex justify-content-between align-items-start gap-2">
              <Card.Title as="h2" className="h6 mb-0 text-break">
                {title(row)}
              </Card.Title>
              {badge?.(row)}
            </div>
            {lines.map((line) => (
              <Line key={line.id} icon={line.icon} label={line.label} value={line.value(row)} />
            ))}
          </Card.Body>
          <Card.Footer className="bg-transparent">{footer(row)}</Card.Footer>
        </Card>
      </Col>
    ))}
  </Row>
);
