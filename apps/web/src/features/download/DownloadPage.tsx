// /admin/download: the desktop app: a version select with the newest marked
// '(Latest)', the system it is for (Windows, macOS, Linux: a single executable that needs no
// Node.js; or any system with Node.js 20: the script bundle), preselected from this browser and
// limited to the archives the version has; its download, release notes and facts, how to install and
// start it on that system, the first-time sign-in, and the requirements.
import { Button, Grid, Group, Select, Stack, Text } from '@mantine/core';
import { AGENT_VERSION, type TAgentDownload } from '@message-station/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadRelease } from '../../api/releases';
import { ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { DownloadFailed } from './DownloadFailed';
import { FirstTimeSetup, Requirements } from './InstallGuide';
import { InstallSteps, useRequirementItems } from './InstallSteps';
import { archiveOf, choosePlatform, detectPlatform, offeredPlatforms } from './platform';
import { useReleaseNotesQuery, useReleasesQuery, useZipDownload } from './queries';
import { ReleaseFacts } from './ReleaseFacts';
import { ReleaseNotes } from './ReleaseNotes';
import { SystemChoice } from './SystemChoice';

export function DownloadPage() {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const { t: tAdmin } = useTranslation('admin');
  const releases = useReleasesQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const [chosenPlatform, setChosenPlatform] = useState<TAgentDownload | null>(null);
  const [detected] = useState(() => detectPlatform());
  const versions = releases.data ?? [];
  // Newest first: the latest is preselected.
  const version = chosen && versions.includes(chosen) ? chosen : (versions[0] ?? null);
  const shownVersion = version ?? AGENT_VERSION;
  const release = useReleaseNotesQuery(version).data;
  const offered = offeredPlatforms(release);
  const platform = choosePlatform(offered, chosenPlatform, detected);
  const archive = archiveOf(release, shownVersion, platform);
  const requirements = useRequirementItems(platform);

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
                <GetVersion
                  versions={versions}
                  version={version}
                  onVersion={setChosen}
                  offered={offered}
                  platform={platform}
                  onPlatform={setChosenPlatform}
                  fileName={archive.fileName}
                />
              ) : (
                <Text c="dimmed">{t('get.none')}</Text>
              )}
            </SectionCard>
            <SectionCard title={t('install.title')}>
              <InstallSteps version={shownVersion} platform={platform} fileName={archive.fileName} />
            </SectionCard>
            <FirstTimeSetup />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            {version && <ReleaseNotes version={version} />}
            <Requirements items={requirements} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

type GetVersionProps = {
  versions: string[];
  version: string;
  onVersion: (version: string) => void;
  offered: readonly TAgentDownload[];
  platform: TAgentDownload;
  onPlatform: (platform: TAgentDownload) => void;
  fileName: string;
};

function GetVersion({
  versions,
  version,
  onVersion,
  offered,
  platform,
  onPlatform,
  fileName,
}: GetVersionProps) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const download = useZipDownload(({ version, platform }) => downloadRelease(version, platform));
  return (
    <Stack gap="md">
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
        maw="100%"
      />
      <SystemChoice
        offered={offered}
        value={platform}
        onChange={(next) => {
          download.reset();
          onPlatform(next);
        }}
      />
      <Group>
        <Button
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          loading={download.isPending}
          onClick={() => download.mutate({ version, platform, fileName })}
        >
          {t('get.button', { version })}
        </Button>
      </Group>
      <ReleaseFacts version={version} platform={platform} />
      {download.isError && <DownloadFailed />}
    </Stack>
  );
}
