import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { nombresSeleccionados, SelectorArchivo } from './selector-archivo.js';

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('SelectorArchivo (issue 14)', () => {
  it('speaks Spanish: a button to choose and "Ningún archivo seleccionado", no "Choose file"', () => {
    render(<SelectorArchivo label="Subir documento" onChange={() => {}} />);
    const boton = screen.getByRole('button', { name: 'Seleccionar archivo' });
    expect(boton.getAttribute('type')).toBe('button');
    expect(screen.getByText('Ningún archivo seleccionado')).toBeTruthy();
    // The button is described by the field's label and by what it holds.
    const descritoPor = (boton.getAttribute('aria-describedby') ?? '').split(' ');
    expect(descritoPor.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Subir documento',
      'Ningún archivo seleccionado',
    ]);
    expect(document.body.textContent).not.toMatch(/choose|no file/i);
  });

  it('keeps a real file input, named by the label, hidden from sight but not from the DOM', () => {
    render(
      <SelectorArchivo
        label="Subir foto"
        accept="image/jpeg,image/png"
        multiple
        boton="Seleccionar fotos"
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Subir foto');
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png');
    expect(input.multiple).toBe(true);
    expect(input.className).toContain('visually-hidden');
    expect(input.hidden).toBe(false);
    // Out of the tab order: the button stands for it.
    expect(input.tabIndex).toBe(-1);
    expect(screen.getByRole('button', { name: 'Seleccionar fotos' })).toBeTruthy();
  });

  it('shows the chosen file name and hands the files over', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<SelectorArchivo label="Archivo" onChange={onChange} />);
    await user.upload(screen.getByLabelText('Archivo'), pdf('plan-seguridad.pdf'));
    expect(screen.getByText('plan-seguridad.pdf')).toBeTruthy();
    expect(screen.queryByText('Ningún archivo seleccionado')).toBeNull();
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'plan-seguridad.pdf' }),
    ]);
  });

  it('names several files, or counts them', async () => {
    const user = userEvent.setup();
    render(<SelectorArchivo label="Archivos" multiple onChange={() => {}} />);
    await user.upload(screen.getByLabelText('Archivos'), [pdf('a.pdf'), pdf('b.pdf')]);
    expect(screen.getByText('a.pdf, b.pdf')).toBeTruthy();
    expect(nombresSeleccionados(['a', 'b', 'c', 'd'])).toBe('4 archivos seleccionados');
  });

  it('opens the input from the keyboard: Enter and Space on the button click it', async () => {
    const user = userEvent.setup();
    render(<SelectorArchivo label="Subir informe" onChange={() => {}} />);
    const input = screen.getByLabelText<HTMLInputElement>('Subir informe');
    const click = vi.spyOn(input, 'click');
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Seleccionar archivo' }),
    );
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('keeps disabled on both the button and the input', () => {
    render(<SelectorArchivo label="Subir" disabled onChange={() => {}} />);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Seleccionar archivo' }).disabled,
    ).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Subir').disabled).toBe(true);
  });

  it('shows what the parent keeps, and nothing once it lets go', async () => {
    const user = userEvent.setup();
    const Padre = () => {
      const [archivo, setArchivo] = useState<File | undefined>();
      return (
        <>
          <SelectorArchivo
            label="Archivo"
            seleccion={archivo ?? null}
            onChange={(files) => setArchivo(files[0])}
          />
          <button type="button" onClick={() => setArchivo(undefined)}>
            Subir
          </button>
        </>
      );
    };
    render(<Padre />);
    await user.upload(screen.getByLabelText('Archivo'), pdf('acta.pdf'));
    expect(screen.getByText('acta.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Subir' }));
    expect(screen.getByText('Ningún archivo seleccionado')).toBeTruthy();
  });

  it('shows its error and marks the field invalid', () => {
    render(<SelectorArchivo label="Archivo" error="Elige un archivo." onChange={() => {}} />);
    const input = screen.getByLabelText('Archivo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Elige un archivo.',
    );
  });
});
