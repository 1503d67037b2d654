import { MESSAGES } from '@tvsistema/domain';
import { ProgressBar, Spinner } from 'react-bootstrap';

export type LoadingBlockProps = {
  /** Main line under the spinner (SPEC 2.8 default "Cargando..."). */
  message?: string;
  /** Optional second, quieter line. */
  detail?: string;
  /** Optional progress from 0 to 100; no bar when absent. */
  progress?: number;
  className?: string;
};

const clampPercent = (value: number): number => Math.min(100, Math.max(0, Math.round(value)));

/** Centred waiting state inside a page or card (SPEC 2.8 loading block). */
export const LoadingBlock = ({
  message = MESSAGES.loading.default,
  detail,
  progress,
  className = '',
}: LoadingBlockProps) => (
  <div
    className={`loading-block d-flex flex-column align-items-center justify-content-center text-center gap-2 py-5 px-3 ${className}`}
    role="status"
    aria-live="polite"
  >
    <Spinner animation="border" className="loading-block__spinner mb-1" aria-hidden="true" />
    <p className="mb-0 fw-medium">{message}</p>
    {detail ? <p className="mb-0 small text-body-secondary">{detail}</p> : null}
    {progress === undefined ? null : (
      // The bar as a child: react-bootstrap puts a lone bar's other props (aria-label) on the
      // wrapper, leaving role="progressbar" without a name; a child bar keeps them.
      <ProgressBar className="loading-block__progress w-100 mt-2">
        <ProgressBar
          now={clampPercent(progress)}
          label={`${clampPercent(progress)} %`}
          visuallyHidden
          aria-label={message}
        />
      </ProgressBar>
    )}
  </div>
);
