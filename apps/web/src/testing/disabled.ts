/**
 * Whether a form control is disabled, as a browser decides it (HTML's "actually disabled"): its own
 * `disabled`, or a disabled fieldset around it, unless it sits in that fieldset's first legend.
 * happy-dom's `:disabled` sees only the control's own attribute, not the fieldset's.
 */
export const isDisabled = (control: Element): boolean => {
  if (control.hasAttribute('disabled')) return true;
  for (
    let fieldset = control.parentElement?.closest('fieldset');
    fieldset;
    fieldset = fieldset.parentElement?.closest('fieldset')
  ) {
    if (!fieldset.hasAttribute('disabled')) continue;
    const legend = Array.from(fieldset.children).find((child) => child.localName === 'legend');
    if (!legend?.contains(control)) return true;
  }
  return false;
};
