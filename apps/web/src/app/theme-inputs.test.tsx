// A refused field's placeholder stays a placeholder: grey, not the error's red that reads as typed text.
import { TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';

describe('the theme’s fields', () => {
  it('keeps the placeholder colour on a field with an error, and the error’s red on its border', () => {
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <TextInput label="Title" placeholder="Road closure on Main Street" error="Title is required" />
      </AppProviders>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    const wrapper = input.parentElement as HTMLElement;
    expect(wrapper).toHaveAttribute('data-error', 'true');
    expect(wrapper.style.getPropertyValue('--input-placeholder-color')).toBe(
      'var(--mantine-color-placeholder)',
    );
    // The border's variable is Mantine's own: the refusal still shows on the field.
    expect(wrapper.style.getPropertyValue('--input-bd')).toBe('');
    expect(screen.getByText('Title is required')).toBeInTheDocument();
  });
});
