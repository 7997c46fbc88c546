// /admin/download: the desktop app (spec §2 Download pages): a version select with the newest marked
// '(Latest)', its download, release notes and facts, how to install and start it on macOS, Windows
// and Linux, the first-time sign-in, and the requirements.
import { Button, Grid, Group, Select, Stack, Text } from '@mantine/core';
import { AGENT_VERSION } from '@message-station/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadRelease } from '../../api/releases';
import { ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { SectionCard } from '../../components/SectionCard';
import { DownloadFailed } from './DownloadFailed';
import {
  CodeLine,
  FirstTimeSetup,
  GuideText,
  NumberedSteps,
  Requirements,
  StartAppTabs,
} from './InstallGuide';
import { useReleasesQuery, useZipDownload } from './queries';
import { ReleaseFacts } from './ReleaseFacts';
import { ReleaseNotes } from './ReleaseNotes';

export function DownloadPage() {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const { t: tAdmin } = useTranslation('admin');
  const releases = useReleasesQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const versions = releases.data ?? [];
  // Newest first: the latest is preselected.
  const version = chosen && versions.includes(chosen) ? chosen : (versions[0] ?? null);
  const shownVersion = version ?? AGENT_VERSION;

  return (
    <>
      <PageTitle description={t('intro')}>{tAdmin('pages.download')}</PageTitle>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <SectionCard title={t('get.title')}>
              {releases.isPending ? (
                <ListLoading label={t('get.loading')} />
              ) : version ? (
                <GetVersion versions={versions} version={version} onVersion={setChosen} />
              ) : (
                <Text c="dimmed">{t('get.none')}</Text>
              )}
            </SectionCard>
            <SectionCard title={t('install.title')}>
              <NumberedSteps
                steps={[
                  {
                    title: t('install.node.title'),
                    body: (
                      <Stack gap={6}>
                        <GuideText i18nKey="install.node.text" />
                        <GuideText i18nKey="install.node.linux" />
                        <CodeLine>sudo apt install espeak-ng lame</CodeLine>
                      </Stack>
                    ),
                  },
                  {
                    title: t('install.unzip.title'),
                    body: <GuideText i18nKey="install.unzip.text" values={{ version: shownVersion }} />,
                  },
                  { title: t('install.start.title'), body: <StartAppTabs /> },
                  { title: t('install.status.title'), body: <GuideText i18nKey="install.status.text" /> },
                ]}
              />
            </SectionCard>
            <FirstTimeSetup />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            {version && <ReleaseNotes version={version} />}
            <Requirements
              items={[t('requirements.systems'), t('requirements.node'), t('requirements.credentials')]}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

type GetVersionProps = { versions: string[]; version: string; onVersion: (version: string) => void };

function GetVersion({ versions, version, onVersion }: GetVersionProps) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const download = useZipDownload(downloadRelease);
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('get.version')}
          data={versions.map((value, index) => ({
            value,
            label: index === 0 ? t('get.latest', { version: value }) : value,
          }))}
          value={version}
          onChange={(value) => {
            if (!value) return;
            download.reset();
            onVersion(value);
          }}
          allowDeselect={false}
          w={240}
        />
        <Button
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          loading={download.isPending}
          onClick={() => download.mutate(version)}
        >
          {t('get.button', { version })}
        </Button>
      </Group>
      <ReleaseFacts version={version} />
      {download.isError && <DownloadFailed />}
    </Stack>
  );
}
