// /admin/app-pilot: the early build of the Mac app as a single executable:
// an early-release notice, the fixed version 2.0.1, its download (the macOS x64 archive, saved as
// 'Message Station-2.0.1.zip'), the steps (Rosetta 2 on Apple Silicon; the build is unsigned, so a
// Terminal command removes the quarantine flag), the setup and the requirements.
import { Alert, Badge, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { APP_PILOT_VERSION, releaseZipName } from '@message-station/shared';
import { IconDownload, IconFlask } from '@tabler/icons-react';
import { downloadAppPilot } from '../../api/releases';
import { PageTitle } from '../../components/PageTitle';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { DownloadFailed } from './DownloadFailed';
import { CodeLine, FirstTimeSetup, GuideText, NumberedSteps, Requirements } from './InstallGuide';
import { macQuarantineCommand, ROSETTA_COMMAND, StatusStepBody } from './InstallSteps';
import { useZipDownload } from './queries';

/** The folder the zip unpacks to in Downloads, as the quarantine command names it. */
export const APP_PILOT_QUARANTINE_COMMAND = macQuarantineCommand(APP_PILOT_VERSION);

export function AppPilotPage() {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const { t: tAdmin } = useTranslation('admin');
  const download = useZipDownload(() => downloadAppPilot());
  const version = APP_PILOT_VERSION;
  const fileName = releaseZipName(version);

  return (
    <>
      <PageTitle>{tAdmin('pages.appPilot')}</PageTitle>
      <Alert
        color="yellow"
        variant="light"
        icon={<IconFlask size={20} aria-hidden="true" />}
        title={t('pilot.noticeTitle')}
        mb="lg"
        maw={900}
      >
        <GuideText i18nKey="pilot.notice" />
      </Alert>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <SectionCard
              title={t('pilot.getTitle')}
              aside={<Badge variant="light">{t('pilot.version', { version })}</Badge>}
            >
              <Stack gap="sm">
                <Text fz="sm" c="dimmed">
                  {t('pilot.file', { name: fileName })}
                </Text>
                <Group>
                  <Button
                    leftSection={<IconDownload size={18} aria-hidden="true" />}
                    loading={download.isPending}
                    onClick={() => download.mutate({ version, platform: 'macos-x64', fileName })}
                  >
                    {t('get.button', { version })}
                  </Button>
                </Group>
                {download.isError && <DownloadFailed />}
              </Stack>
            </SectionCard>
            <SectionCard title={t('install.title')}>
              <NumberedSteps
                steps={[
                  {
                    title: t('install.unzip.title'),
                    body: <GuideText i18nKey="pilot.steps.unzip" values={{ version }} />,
                  },
                  {
                    title: t('install.mac.rosettaTitle'),
                    body: (
                      <Stack gap={6}>
                        <GuideText i18nKey="install.mac.rosetta" />
                        <CodeLine>{ROSETTA_COMMAND}</CodeLine>
                      </Stack>
                    ),
                  },
                  {
                    title: t('install.mac.quarantineTitle'),
                    body: (
                      <Stack gap={6}>
                        <GuideText i18nKey="pilot.steps.quarantine" />
                        <CodeLine>{APP_PILOT_QUARANTINE_COMMAND}</CodeLine>
                      </Stack>
                    ),
                  },
                  { title: t('install.start.title'), body: <GuideText i18nKey="install.mac.start" /> },
                  { title: t('install.status.title'), body: <StatusStepBody /> },
                ]}
              />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <FirstTimeSetup />
            <Requirements
              items={[
                t('requirements.mac'),
                t('requirements.noNode'),
                t('requirements.credentials'),
                t('pilot.requirements.usa'),
              ]}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
