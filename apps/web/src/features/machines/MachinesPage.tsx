// /admin/machines: the station computers running the desktop app, live: the title with its live
// indicator, how to connect one, and the table.
import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListEmpty, ListLoading } from '../../components/ListStates';
import { LiveIndicator } from '../../components/LiveIndicator';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useDocumentTitle } from '../../components/use-document-title';
import { Trans, useTranslation } from '../../i18n/react';
import { useStationLanguagesQuery } from '../../lib/station-queries';
import { useConnectedClients } from '../../lib/use-connected-clients';
import { MachineCards } from './MachineCards';
import { MachinesTable } from './MachinesTable';

export function MachinesPage() {
  const { t } = useTranslation('admin', { keyPrefix: 'machines' });
  useDocumentTitle(t('title'));
  const { clients, status } = useConnectedClients('reload');
  const count = clients.data?.length ?? 0;
  // On a phone (decision 0043) one card per machine instead of the wide table.
  const phone = useAdminPhone();
  const stationLanguages = useStationLanguageCodes();

  return (
    <>
      <Group gap="md" mb="xs" align="center">
        <Title order={1}>{t('title')}</Title>
        <LiveIndicator status={status} />
      </Group>
      <Text c="dimmed" mb="lg" maw={820}>
        <Trans
          t={t}
          i18nKey="intro"
          components={{ download: <Anchor component={Link} to="/admin/download" /> }}
        />
      </Text>

      <Card p={{ base: 'md', lg: 'lg' }}>
        <Title order={2} fz="h3" mb="md">
          {clients.data ? t('cardTitle', { count }) : t('cardTitleLoading')}
        </Title>
        {clients.isPending ? (
          <ListLoading label={t('loading')} />
        ) : count === 0 ? (
          <ListEmpty
            icon={<IconDeviceDesktop size={24} />}
            title={t('empty')}
            action={
              <Button
                component={Link}
                to="/admin/download"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
              >
                {t('getApp')}
              </Button>
            }
          />
        ) : phone ? (
          <MachineCards clients={clients.data ?? []} stationLanguages={stationLanguages} />
        ) : (
          <MachinesTable clients={clients.data ?? []} stationLanguages={stationLanguages} />
        )}
      </Card>
    </>
  );
}

/**
 * The station's languages, for which skipped languages matter: none while they load (no warning
 * that then vanishes), null when they cannot be read (every skipped language is shown).
 */
function useStationLanguageCodes(): readonly string[] | null {
  const languages = useStationLanguagesQuery();
  if (languages.isError) return null;
  return (languages.data ?? []).map((language) => language.language_code);
}
