import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import {
  FormProvider,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FaArrowLeft } from 'react-icons/fa';
import { TIMINGS } from '@tvsistema/domain';
import type { FlashState } from '../../lib/flash.js';
import { useHeadingTitle } from '../../lib/page-title.js';
import { RESOURCE_TEXTS as T } from './resource-texts.js';
import { UnsavedChangesGuard } from './unsaved-changes-guard.js';

/** What a banner offers to do about it, e.g. "Recargar" after a conflict. */
export type BannerAction = { label: string; onClick: () => void };

export type FormBanner = {
  variant: 'danger' | 'success';
  message: string;
  details?: string[];
  action?: BannerAction;
};

export type SaveStatus = ReturnType<typeof useSaveStatus>;

/**
 * A form's save outcome: a danger banner on failure; on success "Guardado. Redirigiendo…", the
 * form locked, and after TIMINGS.saveRedirect the list, which shows `flash` once.
 */
export const useSaveStatus = ({ listHref, flash }: { listHref: string; flash: string }) => {
  const navigate = useNavigate();
  const [banner, setBanner] = useState<FormBanner | undefined>();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => {
      const state: FlashState = { flash };
      void navigate(listHref, { state });
    }, TIMINGS.saveRedirect);
    return () => clearTimeout(timer);
  }, [saved, flash, listHref, navigate]);

  return {
    banner,
    saved,
    clear: () => setBanner(undefined),
    fail: (message: string, details?: string[], action?: BannerAction) =>
      setBanner({
        variant: 'danger',
        message,
        ...(details ? { details } : {}),
        ...(action ? { action } : {}),
      }),
    succeed: () => {
      setSaved(true);
      setBanner({ variant: 'success', message: T.saved });
    },
  };
};

export type ResourceFormFrameProps<V extends FieldValues> = {
  form: UseFormReturn<V>;
  status: SaveStatus;
  title: string;
  /** Under the title, e.g. the record's name. */
  subtitle?: ReactNode;
  listHref: string;
  readOnly: boolean;
  /** In read-only mode, where the "Editar" button goes (absent for users who may not edit). */
  editHref?: string | undefined;
  saving: boolean;
  submitLabel: string;
  /** Besides saving and saved, e.g. while a known conflict waits to be fixed. */
  submitDisabled?: boolean;
  onSubmit: SubmitHandler<V>;
  children: ReactNode;
};

/**
 * The page frame of a record form: Volver, title, the save banner, the fields (locked while
 * saving and once saved), Cancelar and the submit button with "Guardando…", and the guard that
 * asks before unsaved changes are lost.
 */
export const ResourceFormFrame = <V extends FieldValues>({
  form,
  status,
  title,
  subtitle,
  listHref,
  readOnly,
  editHref,
  saving,
  submitLabel,
  submitDisabled = false,
  onSubmit,
  children,
}: ResourceFormFrameProps<V>) => {
  // The page's h1 is its document title (issue 14); a record's name still leads it when the
  // screen gives one (useRecordTitle).
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingTitle(title, headingRef);
  const navigate = useNavigate();
  const bannerRef = useRef<HTMLDivElement>(null);
  const { banner, saved } = status;

  // The submit button may be far below the banner on a long form (or a phone): bring it into view.
  // A success takes the focus too, so screen readers and keyboard users hear and start from it.
  useEffect(() => {
    if (banner) bannerRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
    if (banner?.variant === 'success') bannerRef.current?.focus();
  }, [banner]);

  const submit = form.handleSubmit(onSubmit);

  return (
    <FormProvider {...form}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button variant="outline-secondary" onClick={() => void navigate(listHref)}>
          <FaArrowLeft aria-hidden="true" className="me-1" />
          {T.back}
        </Button>
        <div className="me-auto">
          <h1 ref={headingRef} className="h3 mb-0">
            {title}
          </h1>
          {subtitle && <div className="text-body-secondary text-break">{subtitle}</div>}
        </div>
        {readOnly && editHref && (
          <Button variant="primary" onClick={() => void navigate(editHref)}>
            {T.edit}
          </Button>
        )}
      </div>

      {banner && (
        <Alert
          ref={bannerRef}
          variant={banner.variant}
          role={banner.variant === 'danger' ? 'alert' : 'status'}
          tabIndex={-1}
        >
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="flex-grow-1">{banner.message}</span>
            {banner.action && (
              <Button variant="outline-danger" size="sm" onClick={banner.action.onClick}>
                {banner.action.label}
              </Button>
            )}
          </div>
          {banner.details && banner.details.length > 0 && (
            <ul className="mb-0 mt-2">
              {banner.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}

      <Form noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
        <fieldset disabled={readOnly || saving || saved}>{children}</fieldset>

        {!readOnly && (
          <div className="d-flex justify-content-end gap-2 mt-3 resource-form-actions">
            <Button variant="outline-secondary" onClick={() => void navigate(listHref)}>
              {T.cancel}
            </Button>
            <Button
              type="submit"
              className="resource-accent-button"
              disabled={saving || saved || submitDisabled}
            >
              {saving && (
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
              )}
              {saving ? T.saving : submitLabel}
            </Button>
          </div>
        )}
      </Form>

      {/* Once saved, leaving is the point: the guard stands down before the redirect. */}
      <UnsavedChangesGuard dirty={form.formState.isDirty && !saved} />
    </FormProvider>
  );
};
