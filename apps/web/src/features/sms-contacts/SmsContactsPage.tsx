// /admin/sms-contacts: the station's subscribers, searched and filtered on the server, 50 a page,
// with preferences, pause/resume, Add Contact and Import, and for admins
// Export CSV of what the search and filter show.
import { Alert, Button, Card, Group, NativeSelect, Pagination, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { actsAsStationAdmin, type TContactStatus, type TSmsContact } from '@message-station/shared';
import {
  IconAddressBook,
  IconAlertCircle,
  IconFileDownload,
  IconFileImport,
  IconSearch,
  IconUserPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { smsContactsCsvPath } from '../../api/sms-contacts';
import { useSessionUser } from '../../app/session-user';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { SearchInput } from '../../components/SearchInput';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useTranslation } from '../../i18n/react';
import { useFileExportMutation } from '../../lib/save-file';
import { useStationLanguagesQuery } from '../../lib/station-queries';
import { AddContactModal } from './AddContactModal';
import { ContactCards } from './ContactCards';
import { ContactsTable } from './ContactsTable';
import { ImportContactsModal } from './ImportContactsModal';
import { PreferencesModal } from './PreferencesModal';
import { CONTACTS_PER_PAGE, useMessageTypesQuery, useSmsContactsQuery } from './queries';

export const SEARCH_DEBOUNCE_MS = 300;

const UNFILTERED = { search: '', status: '', page: 1 } as const;

/**
 * The status filter's choices, in this order. Spelled out here (a Record must name every status)
 * rather than imported: the shared module exporting CONTACT_STATUSES also builds zod schemas,
 * which would come along into the bundle.
 */
const STATUS_LABELLED: Record<TContactStatus, true> = {
  active: true,
  pending: true,
  paused: true,
  opted_out: true,
};
const STATUS_FILTERS = Object.keys(STATUS_LABELLED) as TContactStatus[];

export function SmsContactsPage() {
  const { t } = useTranslation('smsContacts');
  const phone = useAdminPhone();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<TContactStatus | ''>('');
  // The page belongs to one search and filter: a new search starts again at page 1.
  const filterKey = `${debouncedSearch}\u0000${status}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const contacts = useSmsContactsQuery({ search: debouncedSearch, status, page });
  const filtered = Boolean(debouncedSearch || status);
  // The card's count is the station's, whatever the search: the unfiltered first page's total,
  // asked only while a search or filter is on (and usually still cached from the first view).
  const everyone = useSmsContactsQuery(UNFILTERED, { enabled: filtered });
  const types = useMessageTypesQuery();
  const languages = useStationLanguagesQuery();
  const [editing, setEditing] = useState<TSmsContact | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const isAdmin = actsAsStationAdmin(useSessionUser());
  const exporting = useFileExportMutation('sms-contacts.csv');

  const total = contacts.data?.total;
  const stationTotal = filtered ? everyone.data?.total : total;
  const pages = Math.max(1, Math.ceil((total ?? 0) / CONTACTS_PER_PAGE));
  const statusOptions = [
    { value: '', label: t('allStatuses') },
    ...STATUS_FILTERS.map((value) => ({ value, label: t(`status.${value}`) })),
  ];

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card p={{ base: 'md', lg: 'lg' }}>
        <Group justify="space-between" mb="md" gap="sm">
          <Group gap="sm" align="baseline">
            <Title order={2} fz="h3">
              {stationTotal === undefined ? t('cardTitleLoading') : t('cardTitle', { count: stationTotal })}
            </Title>
            {filtered && total !== undefined && (
              <Text c="dimmed" fz="sm" role="status">
                {t('shownCount', { count: total })}
              </Text>
            )}
          </Group>
          <Group gap="sm">
            {isAdmin && (
              <Button
                variant="default"
                leftSection={<IconFileDownload size={16} aria-hidden="true" />}
                loading={exporting.isPending}
                onClick={() => exporting.mutate(smsContactsCsvPath({ search: debouncedSearch, status }))}
              >
                {t('exportButton')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden="true" />}
              onClick={() => setImporting(true)}
            >
              {t('importButton')}
            </Button>
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              onClick={() => setAdding(true)}
              disabled={!types.data || !languages.data}
            >
              {t('addContact')}
            </Button>
          </Group>
        </Group>

        {exporting.isError && (
          <Alert color="red" mb="md" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {t('exportFailed', { error: exporting.error.message })}
          </Alert>
        )}
        <Group mb="md" gap="sm" align="flex-end">
          <SearchInput
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={setSearch}
          />
          <NativeSelect
            aria-label={t('statusFilter')}
            data={statusOptions}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as TContactStatus | '')}
            w={200}
          />
        </Group>

        {contacts.isPending || types.isPending ? (
          <ListLoading label={t('loading')} />
        ) : contacts.isError ? (
          <ListLoadFailed
            message={t('loadFailed', { error: contacts.error.message })}
            retryLabel={t('retry')}
            onRetry={() => void contacts.refetch()}
          />
        ) : contacts.data.contacts.length === 0 ? (
          <ListEmpty
            icon={filtered ? <IconSearch size={24} /> : <IconAddressBook size={24} />}
            title={filtered ? t('noMatches') : t('empty')}
          />
        ) : (
          <div style={{ opacity: contacts.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {phone ? (
              <ContactCards
                contacts={contacts.data.contacts}
                types={types.data ?? []}
                onPreferences={setEditing}
              />
            ) : (
              <ContactsTable
                contacts={contacts.data.contacts}
                types={types.data ?? []}
                onPreferences={setEditing}
              />
            )}
          </div>
        )}

        {total !== undefined && total > 0 && (
          <Group justify="space-between" mt="md" gap="sm">
            <Text fz="sm" c="dimmed">
              {t('range', {
                from: (page - 1) * CONTACTS_PER_PAGE + 1,
                to: Math.min(page * CONTACTS_PER_PAGE, total),
                total,
              })}
            </Text>
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => setPaging({ filterKey, page: next })}
              hideWithOnePage
            />
          </Group>
        )}
      </Card>

      <PreferencesModal
        contact={editing}
        types={types.data ?? []}
        languages={languages.data ?? []}
        onClose={() => setEditing(null)}
      />
      <AddContactModal
        opened={adding}
        types={types.data ?? []}
        languages={languages.data ?? []}
        onClose={() => setAdding(false)}
      />
      <ImportContactsModal opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
