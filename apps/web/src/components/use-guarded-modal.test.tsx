// A modal with a form the user types into (decision 0076): a clean form closes at once on Escape,
// a click outside, Cancel or Back; a dirty one asks "Discard this draft?" first. What is typed is
// kept in localStorage under the user's and the station's key, comes back after the form is gone
// and opened again, and is deleted by a create, by Discard and by the user's sign-out.
import type { TSessionUser } from '@message-station/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { SessionUserContext } from '../app/session-user';
import { loadNamespaces } from '../i18n';
import { draftKey, forgetDrafts } from '../lib/draft-keys';
import { sessionUser } from '../test/render-app';
import { expectShown } from '../test/shown';
import { DraftRestoredNotice, GuardedModal } from './GuardedModal';
import { DRAFT_SAVE_MS, differs, shapedLike, useAutosave, useDraft } from './use-draft';
import { useFormGuard } from './use-guarded-modal';

type TNote = { text: string };
const EMPTY: TNote = { text: '' };

/** A form as the message form is built: a draft, autosaved, guarded, created. */
function NoteForm({ onCreated }: { onCreated: () => void }) {
  const saved = useDraft<TNote>('note:new', (stored) => shapedLike(stored, EMPTY));
  const [text, setText] = useState(saved.restored?.text ?? '');
  const [restoredShown, setRestoredShown] = useState(saved.restored !== null);
  const dirty = differs({ text }, EMPTY);
  useAutosave(saved, { text }, dirty);
  const { close } = useFormGuard({ dirty, onDiscard: saved.clear });
  return (
    <>
      {restoredShown && (
        <DraftRestoredNotice
          onDiscard={() => {
            saved.clear();
            setText('');
            setRestoredShown(false);
          }}
        />
      )}
      <label>
        Note
        <input value={text} onChange={(event) => setText(event.currentTarget.value)} />
      </label>
      <button type="button" onClick={close}>
        Cancel
      </button>
      <button
        type="button"
        onClick={() => {
          saved.clear();
          onCreated();
        }}
      >
        Create
      </button>
    </>
  );
}

function NotePage({ user }: { user: TSessionUser }) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <SessionUserContext value={user}>
      <button type="button" onClick={() => setOpened(true)}>
        New Note
      </button>
      <GuardedModal opened={opened} onClose={close} title="New Note">
        {opened && <NoteForm onCreated={close} />}
      </GuardedModal>
    </SessionUserContext>
  );
}

function renderPage(user = sessionUser()) {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <NotePage user={user} />
    </AppProviders>,
  );
}

async function openNote(user = sessionUser()) {
  const view = renderPage(user);
  const clicks = userEvent.setup({ delay: null });
  await clicks.click(screen.getByRole('button', { name: 'New Note' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Note' });
  return {
    ...view,
    clicks,
    dialog: within(dialog),
    note: within(dialog).getByRole('textbox', { name: 'Note' }),
  };
}

const question = () => screen.queryByRole('dialog', { name: 'Discard this draft?' });

async function expectClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Note' })).not.toBeInTheDocument());
}

/** The draft as stored, or null. */
function storedNote(user = sessionUser()): TNote | null {
  const text = localStorage.getItem(draftKey(user, 'note:new'));
  return text ? ((JSON.parse(text) as { values: TNote }).values ?? null) : null;
}

beforeEach(async () => {
  await loadNamespaces(['drafts']);
});

describe('a guarded modal', () => {
  it('closes a clean form at once on Escape', async () => {
    const { clicks } = await openNote();
    await clicks.keyboard('{Escape}');
    await expectClosed();
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before Escape throws a dirty form away; Keep editing keeps it, Discard deletes its draft', async () => {
    const { clicks, note } = await openNote();
    await clicks.type(note, 'Road closed');
    await clicks.keyboard('{Escape}');
    const asked = within(await screen.findByRole('dialog', { name: 'Discard this draft?' }));
    expectShown(asked.getByText('What you typed here will be lost.'));
    await clicks.click(asked.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Road closed');

    // Escape on the question is Keep editing too.
    await clicks.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Discard this draft?' });
    await clicks.keyboard('{Escape}');
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Road closed');

    await clicks.click(screen.getByRole('button', { name: 'Cancel' }));
    await clicks.click(
      within(await screen.findByRole('dialog', { name: 'Discard this draft?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await expectClosed();
    expect(storedNote()).toBeNull();
  });

  it('asks before a click outside or the close button throws a dirty form away', async () => {
    const { clicks, note } = await openNote();
    await clicks.type(note, 'Road closed');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.click(overlay as Element);
    const asked = within(await screen.findByRole('dialog', { name: 'Discard this draft?' }));
    await clicks.click(asked.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());

    const dialog = within(screen.getByRole('dialog', { name: 'New Note' }));
    await clicks.click(dialog.getByRole('button', { name: 'Close dialog' }));
    expect(await screen.findByRole('dialog', { name: 'Discard this draft?' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Note' })).toBeInTheDocument();
  });

  it('closes on Back instead of leaving the page, pops the entry it pushed, and asks first when dirty', async () => {
    const routerHeard = vi.fn();
    // Registered after the modal's own listener, as the router's is: a Back of the modal's must not reach it.
    window.addEventListener('popstate', routerHeard);
    try {
      const { clicks } = await openNote();
      await waitFor(() => expect(window.history.state).toMatchObject({ messageStationModal: true }));

      // Clean: Back closes it at once, and the router hears nothing.
      act(() => window.history.back());
      await expectClosed();
      expect(routerHeard).not.toHaveBeenCalled();

      // Dirty: Back asks and, kept, the entry is back; a second Back while asked keeps editing too.
      await clicks.click(screen.getByRole('button', { name: 'New Note' }));
      await clicks.type(screen.getByRole('textbox', { name: 'Note' }), 'Road closed');
      await waitFor(() => expect(window.history.state).toMatchObject({ messageStationModal: true }));
      act(() => window.history.back());
      await screen.findByRole('dialog', { name: 'Discard this draft?' });
      expect(window.history.state).toMatchObject({ messageStationModal: true });
      act(() => window.history.back());
      await waitFor(() => expect(question()).not.toBeInTheDocument());
      expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Road closed');
      expect(window.history.state).toMatchObject({ messageStationModal: true });

      act(() => window.history.back());
      await clicks.click(
        within(await screen.findByRole('dialog', { name: 'Discard this draft?' })).getByRole('button', {
          name: 'Discard',
        }),
      );
      await expectClosed();
      // The entry is gone: the page is where it was before the modal opened.
      await waitFor(() => expect(window.history.state?.messageStationModal).toBeUndefined());
      expect(routerHeard).not.toHaveBeenCalled();

      // Closed another way (Escape, clean), the modal pops its own entry.
      await clicks.click(screen.getByRole('button', { name: 'New Note' }));
      await waitFor(() => expect(window.history.state).toMatchObject({ messageStationModal: true }));
      await clicks.keyboard('{Escape}');
      await expectClosed();
      await waitFor(() => expect(window.history.state?.messageStationModal).toBeUndefined());
      expect(routerHeard).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('popstate', routerHeard);
    }
  });
});

describe('a form draft', () => {
  it('is saved half a second after typing stops and comes back, with a notice, once the form opens again', async () => {
    const { clicks, note, unmount } = await openNote();
    await clicks.type(note, 'Road closed');
    expect(storedNote()).toBeNull();
    await waitFor(() => expect(storedNote()).toEqual({ text: 'Road closed' }), {
      timeout: DRAFT_SAVE_MS * 4,
    });
    unmount();

    const reopened = await openNote();
    expect(reopened.note).toHaveValue('Road closed');
    expectShown(reopened.dialog.getByText('Draft restored'));

    // Discard draft: the form starts over and nothing is kept.
    await reopened.clicks.click(reopened.dialog.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('');
    expect(reopened.dialog.queryByText('Draft restored')).not.toBeInTheDocument();
    expect(storedNote()).toBeNull();
  });

  it('is saved at once when the form goes before half a second passed (a closed page)', async () => {
    const { clicks, note, unmount } = await openNote();
    await clicks.type(note, 'Bridge out');
    unmount();
    expect(storedNote()).toEqual({ text: 'Bridge out' });
  });

  it('is deleted by a create: the form opens empty again', async () => {
    const { clicks, note } = await openNote();
    await clicks.type(note, 'Road closed');
    await waitFor(() => expect(storedNote()).not.toBeNull(), { timeout: DRAFT_SAVE_MS * 4 });
    await clicks.click(screen.getByRole('button', { name: 'Create' }));
    await expectClosed();
    expect(storedNote()).toBeNull();

    await clicks.click(screen.getByRole('button', { name: 'New Note' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Note' }));
    expect(dialog.getByRole('textbox', { name: 'Note' })).toHaveValue('');
    expect(dialog.queryByText('Draft restored')).not.toBeInTheDocument();
  });

  it('belongs to one user at one station: another user, or the same at another station, opens empty', async () => {
    const ana = sessionUser();
    const { clicks, note, unmount } = await openNote(ana);
    await clicks.type(note, 'Ana’s note');
    unmount();
    expect(storedNote(ana)).toEqual({ text: 'Ana’s note' });

    for (const other of [sessionUser({ id: 'user-2' }), sessionUser({ stationId: 'station-2' })]) {
      const view = await openNote(other);
      expect(view.note).toHaveValue('');
      expect(view.dialog.queryByText('Draft restored')).not.toBeInTheDocument();
      view.unmount();
    }
    expect(storedNote(ana)).toEqual({ text: 'Ana’s note' });
  });

  it("is forgotten with the user's other drafts when they sign out, and no one else's is", () => {
    const ana = sessionUser();
    const ben = sessionUser({ id: 'user-2' });
    localStorage.setItem(draftKey(ana, 'note:new'), JSON.stringify({ values: { text: 'a' } }));
    localStorage.setItem(draftKey({ ...ana, stationId: 'station-2' }, 'message:m-1'), '{}');
    localStorage.setItem(draftKey(ben, 'note:new'), JSON.stringify({ values: { text: 'b' } }));
    localStorage.setItem('i18nextLng', 'es');
    forgetDrafts(ana.id);
    expect(localStorage.getItem(draftKey(ana, 'note:new'))).toBeNull();
    expect(localStorage.getItem(draftKey({ ...ana, stationId: 'station-2' }, 'message:m-1'))).toBeNull();
    expect(storedNote(ben)).toEqual({ text: 'b' });
    expect(localStorage.getItem('i18nextLng')).toBe('es');
  });
});
