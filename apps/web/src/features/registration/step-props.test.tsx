// A field's problem is shown in the interface language: the wizard's words, else the refusal's code
// worded from the errors catalogue (a refusal the wizard has no words of its own for).
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n, { loadNamespaces } from '../../i18n';
import type { TDraftErrors } from './registration-draft';
import { useFieldError } from './step-props';

const errors: TDraftErrors = {
  password: 'passwordTooShort',
  fullName: { code: 'field_too_long', params: { field: 'Full name', max: 100 } },
  timeZone: { code: 'time_zone_unknown', params: {} },
};

describe('useFieldError', () => {
  it('words the wizard’s keys and the catalogue’s codes in English', async () => {
    await loadNamespaces(['registration', 'errors']);
    const { result } = renderHook(() => useFieldError(errors));
    await waitFor(() =>
      expect(result.current('password')).toBe('Password must be at least 8 characters long.'),
    );
    expect(result.current('fullName')).toBe('Full name must be at most 100 characters.');
    expect(result.current('timeZone')).toBe('Choose a time zone from the list.');
    expect(result.current('email')).toBeUndefined();
  });

  it('and in Spanish', async () => {
    await i18n.changeLanguage('es');
    await loadNamespaces(['registration', 'errors']);
    const { result } = renderHook(() => useFieldError(errors));
    await waitFor(() =>
      expect(result.current('password')).toBe('La contraseña debe tener al menos 8 caracteres.'),
    );
    expect(result.current('fullName')).toBe('«Nombre completo» debe tener como máximo 100 caracteres.');
    expect(result.current('timeZone')).toBe('Elija una zona horaria de la lista.');
  });
});
