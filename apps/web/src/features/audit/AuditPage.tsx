// /admin/audit (admin only): the station's audit log with filters, older pages on request, and
// the filtered log as a CSV download (decision 0021).
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileDownload, IconHistory, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { TAuditFilters } from '../../api/audit';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { useAuditExportMutation, useAuditQuery } from './queries';

export function AuditPage() {
  const { t } = useTranslation('audit');
  const [filters, setFilters] = useState<TAuditFilters>({});
  const audit = useAuditQuery(filters);
  const exporting = useAuditExportMutation();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card p={{ base: 'md', lg: 'lg' }}>
        <Group justify="space-between" mb="xs" gap="sm">
          <Title order={2} fz="h3">
            {t('cardTitle')}
          </Title>
          <Button
            variant="light"
            leftSection={<IconFileDownload size={16} aria-hidden="true" />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate(filters)}
          >
            {t('export')}
          </Button>
        </Group>
        <Text c="dimmed" fz="sm" mb="md">
          {t('intro')}
        </Text>
        {exporting.isError && (
          <Alert color="red" mb="md" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {t('exportFailed', { error: exporting.error.message })}
          </Alert>
        )}
        <AuditFilters filters={filters} onChange={setFilters} />

        {audit.isPending ? (
          <ListLoading label={t('loading')} />
        ) : audit.isError ? (
          <ListLoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => audit.refetch()} />
        ) : entries.length === 0 ? (
          <ListEmpty
            icon={filtered ? <IconSearch size={24} /> : <IconHistory size={24} />}
            title={filtered ? t('emptyFiltered') : t('empty')}
          />
        ) : (
          <Stack gap="md">
            <AuditTable entries={entries} />
            {audit.hasNextPage && (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={audit.isFetchingNextPage}
                  onClick={() => audit.fetchNextPage()}
                >
                  {t('loadMore')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Card>
    </>
  );
}
