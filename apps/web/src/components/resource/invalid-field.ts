// A field the form refuses, as a screen reader must hear it too (issue 14): react-bootstrap's
// `isInvalid` only paints it red, so the field also says it is invalid and is described by the
// message `Form.Control.Feedback` shows under `errorIdOf(controlId)`.

/** The id of a field's error message, given to its `Form.Control.Feedback`. */
export const errorIdOf = (controlId: string) => `${controlId}-error`;

/**
 * The props of a field with `error` (or none): red, `aria-invalid`, and described by its message
 * after what already describes it (`describedBy`, a hint or a note).
 */
export const invalidProps = (
  controlId: string,
  error: string | undefined,
  describedBy?: string,
) => {
  const ids = [describedBy, error ? errorIdOf(controlId) : undefined].filter(Boolean).join(' ');
  return {
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids === '' ? undefined : ids,
  };
};
