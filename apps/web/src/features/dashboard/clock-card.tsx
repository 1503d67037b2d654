import { Card } from 'react-bootstrap';
import { SYSTEMS, formatLongDate, formatTime, greetingFor, type SystemId } from '@tvsistema/domain';
import { SystemIcon } from '../../components/layout/system-icon.js';
import { useRecordTitle } from '../../lib/page-title.js';

export type ClockCardProps = {
  now: Date;
  firstName: string;
  system: SystemId;
};

/** SPEC 1 / 2.9: live time, the long es-ES date and the greeting with the system's name. */
export const ClockCard = ({ now, firstName, system }: ClockCardProps) => {
  const greeting = `${greetingFor(now)}, ${firstName}`;
  // The document title starts with the h1, as every screen's does (issue 14): "Buenas noches,
  // Ana · Inicio · TVSistema".
  useRecordTitle(greeting);
  return (
    <Card className="clock-card mb-4">
      <Card.Body className="p-4 p-md-5 d-flex flex-column flex-md-row justify-content-between align-items-md-end gap-3">
        <div>
          <span className="clock-card__system">
            <SystemIcon system={system} />
            {SYSTEMS[system].name}
          </span>
          <h1 className="h2 fw-bold mt-3 mb-1">{greeting}</h1>
          <p className="clock-card__date mb-0">{formatLongDate(now)}</p>
        </div>
        <time className="clock-card__time" dateTime={now.toISOString()}>
          <span className="visually-hidden">Hora actual: </span>
          {formatTime(now)}
        </time>
      </Card.Body>
    </Card>
  );
};
