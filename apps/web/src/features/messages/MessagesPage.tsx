// /admin/messages: the station's messages, live: live indicator, type filter,
// search, Emergency templates (the vetted phrasebook, decision 0050), Add Message, the table, and
// the create/edit and detail modals. An empty station's list leads to writing its first alert; a
// filtered-to-nothing list says so and clears the filters (decision 0085).
import { Button, Card, Group, NativeSelect, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessages, IconPlus, IconSearch, IconTemplate, IconUrgent } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TMessage } from '../../api/messages';
import { EmptyState } from '../../components/EmptyState';
import { ListLoadFailed, ListLoading } from '../../components/ListStates';
import { LiveIndicator } from '../../components/LiveIndicator';
import { SearchInput } from '../../components/SearchInput';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useDocumentTitle } from '../../components/use-document-title';
import { useTranslation } from '../../i18n/react';
import { useMessagePageSlots } from '../../lib/message-page-slots';
import type { TNewMessageState, TOpenMessageState } from '../../lib/open-message';
import { useAllMessageTypesQuery, useStationLanguagesQuery } from '../../lib/station-queries';
import { PendingApprovalsNotice } from './approvals/PendingApprovalsNotice';
import { MessageCards } from './MessageCards';
import { MessageDetailModal } from './MessageDetailModal';
import { MessageFormModal } from './MessageFormModal';
import { MessagesTable } from './MessagesTable';
import { PhrasebookModal } from './PhrasebookModal';
import { useMessagesQuery } from './queries';
import { SendRequestsNotice } from './send-requests/SendRequestsNotice';
import { useMessageStream } from './use-message-stream';

export const SEARCH_DEBOUNCE_MS = 300;

/** The form modal: closed, creating, or editing a message. */
type TFormState = { open: false } | { open: true; message: TMessage | null };

export function MessagesPage() {
  const { t } = useTranslation('messages');
  const { NewFromTemplateButton } = useMessagePageSlots();
  useDocumentTitle(t('title'));
  const streamStatus = useMessageStream();
  const phone = useAdminPhone();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState('');
  const messages = useMessagesQuery({ type, search: debouncedSearch });
  const types = useAllMessageTypesQuery();
  const languages = useStationLanguagesQuery();
  const [form, setForm] = useState<TFormState>({ open: false });
  const [phrasebook, setPhrasebook] = useState(false);
  // The open message: the list's live copy, else the last one seen (deleted, or filtered out).
  // A message just made from a template (the Templates page hands it over) opens at once.
  const location = useLocation();
  const navigate = useNavigate();
  const handedOver = (location.state as Partial<TOpenMessageState> | null)?.openMessage ?? null;
  const [selected, setSelected] = useState<TMessage | null>(handedOver);
  // Asked for New Message (the first-run checklist): open it once the types and languages are
  // here, and forget the ask so Back or a reload does not open it again.
  const asksNew = (location.state as Partial<TNewMessageState> | null)?.newMessage === true;
  const ready = Boolean(types.data && languages.data);
  useEffect(() => {
    if (!asksNew || !ready) return;
    setForm({ open: true, message: null });
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [asksNew, ready, navigate, location.pathname, location.search]);
  const shown = selected ? (messages.data?.find((m) => m.id === selected.id) ?? selected) : null;
  // ?message=<id> (a request to send's email) opens that message once the list has it.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get('message');
  useEffect(() => {
    const found = linked ? messages.data?.find((m) => m.id === linked) : undefined;
    if (!found) return;
    setSelected(found);
    setSearchParams({}, { replace: true });
  }, [linked, messages.data, setSearchParams]);
  const open = (id: string) => setSelected(messages.data?.find((m) => m.id === id) ?? null);

  const activeTypes = (types.data ?? []).filter((candidate) => candidate.is_active);
  const typeOptions = [
    { value: '', label: t('allTypes') },
    ...activeTypes.map((candidate) => ({ value: candidate.message_type, label: candidate.display_name })),
  ];
  const filtered = Boolean(debouncedSearch || type);
  // The empty state's "Write the first alert" is then the page's one filled action.
  const empty = !filtered && messages.data?.length === 0;

  return (
    <>
      <Group gap="md" mb="lg" align="center">
        <Title order={1}>{t('title')}</Title>
        <LiveIndicator status={streamStatus} />
      </Group>
      <Card p={{ base: 'md', lg: 'lg' }}>
        <Group justify="space-between" mb="md" gap="sm" align="flex-end">
          <Group gap="sm" align="flex-end">
            <SearchInput
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              value={search}
              onChange={setSearch}
            />
            <NativeSelect
              aria-label={t('typeFilter')}
              data={typeOptions}
              value={type}
              onChange={(event) => setType(event.currentTarget.value)}
              w={200}
            />
          </Group>
          <Group gap="sm">
            <Button
              variant="outline"
              color="red"
              leftSection={<IconUrgent size={16} aria-hidden="true" />}
              onClick={() => setPhrasebook(true)}
              disabled={!types.data || !languages.data}
            >
              {t('phrasebook.open')}
            </Button>
            <NewFromTemplateButton languages={languages.data ?? []} onCreated={setSelected} />
            <Button
              variant={empty ? 'default' : 'filled'}
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setForm({ open: true, message: null })}
              disabled={!types.data || !languages.data}
            >
              {t('addMessage')}
            </Button>
          </Group>
        </Group>

        <SendRequestsNotice onOpen={open} />
        <PendingApprovalsNotice onOpen={open} />
        {messages.isPending || types.isPending ? (
          <ListLoading label={t('loading')} />
        ) : messages.isError ? (
          <ListLoadFailed
            message={t('loadFailed', { error: messages.error.message })}
            retryLabel={t('retry')}
            onRetry={() => void messages.refetch()}
          />
        ) : messages.data.length === 0 && filtered ? (
          <EmptyState
            icon={<IconSearch size={24} />}
            title={t('noMatches')}
            action={
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setType('');
                }}
              >
                {t('clearFilters')}
              </Button>
            }
          />
        ) : messages.data.length === 0 ? (
          <EmptyState
            icon={<IconMessages size={24} />}
            title={t('empty')}
            hint={t('emptyHint')}
            primary={{ to: '/admin/alert', label: t('writeFirst') }}
            secondary={{
              to: '/admin/templates',
              label: t('fromTemplate'),
              icon: <IconTemplate size={16} aria-hidden="true" />,
            }}
          />
        ) : (
          <div style={{ opacity: messages.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {phone ? (
              <MessageCards messages={messages.data} types={types.data ?? []} onDetails={setSelected} />
            ) : (
              <MessagesTable messages={messages.data} types={types.data ?? []} onDetails={setSelected} />
            )}
          </div>
        )}
      </Card>

      <MessageFormModal
        opened={form.open}
        message={form.open ? form.message : null}
        types={activeTypes}
        languages={languages.data ?? []}
        onClose={() => setForm({ open: false })}
      />
      <PhrasebookModal
        opened={phrasebook}
        types={activeTypes}
        languages={languages.data ?? []}
        onClose={() => setPhrasebook(false)}
        onCreated={setSelected}
      />
      <MessageDetailModal
        message={form.open || phrasebook ? null : shown}
        types={types.data ?? []}
        onClose={() => setSelected(null)}
        onSaved={setSelected}
        onEditAll={(message) => setForm({ open: true, message })}
      />
    </>
  );
}
