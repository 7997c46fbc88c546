// Test helpers for the contact pages: filling the form the way a visitor does.

import type { TContactCategory } from '@message-station/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export type TContactEntry = {
  name?: string;
  email?: string;
  category?: TContactCategory;
  subject?: string;
  message?: string;
};

export const FILLED: Required<TContactEntry> = {
  name: 'Maria Lopez',
  email: 'maria@kxyz.org',
  category: 'billing',
  subject: 'Invoice question',
  message: 'Can I get last month’s invoice again?',
};

export function contactField(label: 'Name' | 'Email' | 'Subject' | 'Message' | 'Category'): HTMLInputElement {
  // The page's header also has labelled elements starting with "Message" (the brand).
  return screen.getByLabelText(new RegExp(`^${label}`), {
    selector: 'input, textarea, select',
  }) as HTMLInputElement;
}

/** Types each given field; the name and email are left alone when not given (e.g. locked). */
export async function fillContactForm(user: UserEvent, entry: TContactEntry) {
  if (entry.name !== undefined) await user.type(contactField('Name'), entry.name);
  if (entry.email !== undefined) await user.type(contactField('Email'), entry.email);
  if (entry.category !== undefined) await user.selectOptions(contactField('Category'), entry.category);
  if (entry.subject !== undefined) await user.type(contactField('Subject'), entry.subject);
  if (entry.message !== undefined) await user.type(contactField('Message'), entry.message);
}

export function sendButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement;
}
