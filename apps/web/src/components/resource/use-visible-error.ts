import { useFormContext, type FieldPath } from 'react-hook-form';
import type { ParteFormValues } from '../../features/partes/utils/form-rules.js';

/** SPEC 5: errors appear from touched state; a submit attempt reveals them all. */
export const useVisibleError = () => {
  const { getFieldState, formState } = useFormContext<ParteFormValues>();
  return (name: FieldPath<ParteFormValues>): string | undefined => {
    const state = getFieldState(name, formState);
    return state.isTouched || formState.isSubmitted ? state.error?.message : undefined;
  };
};
