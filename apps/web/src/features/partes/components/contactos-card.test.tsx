import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { LIMITS } from '@tvsistema/domain';
import { BLANK_CONTACTO, BLANK_OBSERVACION, type ParteFormValues } from '../utils/form-rules.js';
import { ContactosCard } from './contactos-card.js';
import { ObservacionesCard } from './observaciones-card.js';

const WithForm = ({
  values,
  children,
}: {
  values: Partial<ParteFormValues>;
  children: ReactNode;
}) => {
  const form = useForm<ParteFormValues>({ defaultValues: values as ParteFormValues });
  return <FormProvider {...form}>{children}</FormProvider>;
};

const addButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the add buttons stop at the list maxima the server keeps', () => {
  it(`contactos: enabled below ${LIMITS.contactos.max}, disabled at it`, () => {
    const { unmount } = render(
      <WithForm values={{ contactos: [{ ...BLANK_CONTACTO }] }}>
        <ContactosCard readOnly={false} />
      </WithForm>,
    );
    expect(addButton('Añadir contacto').disabled).toBe(false);
    unmount();
    render(
      <WithForm
        values={{
          contactos: Array.from({ length: LIMITS.contactos.max }, () => ({ ...BLANK_CONTACTO })),
        }}
      >
        <ContactosCard readOnly={false} />
      </WithForm>,
    );
    expect(addButton('Añadir contacto').disabled).toBe(true);
  });

  it(`observaciones: disabled at ${LIMITS.observaciones.max}`, () => {
    render(
      <WithForm
        values={{
          observaciones: Array.from({ length: LIMITS.observaciones.max }, () => ({
            ...BLANK_OBSERVACION,
          })),
        }}
      >
        <ObservacionesCard readOnly={false} />
      </WithForm>,
    );
    expect(addButton('Añadir observación').disabled).toBe(true);
  });
});
