import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

/** SPEC 5: errors appear from touched state; a submit attempt reveals them all. */
export const useVisibleError = <V extends FieldValues>() => {
  const { getFieldState, formState } = useFormContext<V>();
  return (name: FieldPath<V>): string | undefined => {
    const state = getFieldState(name, formState);
    return state.isTouched || formState.isSubmitted ? state.error?.message : undefined;
  };
};
