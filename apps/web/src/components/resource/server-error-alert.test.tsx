import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ApiError } from '../../lib/api-client.js';
import { ServerErrorAlert, sinRuta } from './server-error-alert.js';

describe('ServerErrorAlert', () => {
  it("lists a 400's errors without the body paths the API writes before them (issue 14)", () => {
    const error = new ApiError(400, 'Datos inválidos', {
      errors: [
        'firma.dni: El DNI/NIE no es válido',
        'lineas[2].cantidad: La cantidad debe ser mayor que cero',
        'Línea 1: sin ruta',
      ],
    });
    render(<ServerErrorAlert error={error} fallback="No se pudo guardar." />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'El DNI/NIE no es válido',
      'La cantidad debe ser mayor que cero',
      'Línea 1: sin ruta',
    ]);
  });

  it('keeps a message that names no path as it is', () => {
    expect(sinRuta('El motivo debe tener entre 10 y 500 caracteres')).toBe(
      'El motivo debe tener entre 10 y 500 caracteres',
    );
    expect(sinRuta('Ya existe el albarán AT2026-00001: revísalo')).toBe(
      'Ya existe el albarán AT2026-00001: revísalo',
    );
  });
});
