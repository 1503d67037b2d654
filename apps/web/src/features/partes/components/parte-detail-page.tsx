import { Button } from 'react-bootstrap';
import { FaArrowLeft } from 'react-icons/fa';
import { useNavigate } from 'react-router';
import { RESOURCE_TEXTS as T } from '../../../components/resource/resource-texts.js';
import type { ParteConfig } from '../parte-config.js';
import type { ParteRecord } from '../parte-record.js';
import { FichaButton } from './ficha-button.js';
import { ParteDetailTabs } from './parte-detail-modal.js';

/** A party shown read-only at its own address (SPEC 2.11: `/clientes/{clienteId}`). */
export const ParteDetailPage = ({
  config,
  record,
  listHref,
  editHref,
}: {
  config: ParteConfig;
  record: ParteRecord;
  listHref: string;
  editHref: string | undefined;
}) => {
  const navigate = useNavigate();
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button variant="outline-secondary" onClick={() => void navigate(listHref)}>
          <FaArrowLeft aria-hidden="true" className="me-1" />
          {T.back}
        </Button>
        <h1 className="h3 mb-0 me-auto">{config.texts.detailTitle}</h1>
        <FichaButton config={config} record={record} />
        {editHref && (
          <Button variant="primary" onClick={() => void navigate(editHref)}>
            {T.edit}
          </Button>
        )}
      </div>
      <ParteDetailTabs config={config} record={record} canEdit={editHref !== undefined} />
    </>
  );
};
