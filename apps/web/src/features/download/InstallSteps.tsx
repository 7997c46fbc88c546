// The Download page's installation steps and requirements for the chosen archive: the single
// executable for Windows, macOS or Linux (no Node.js needed), or the script bundle for any system
// with Node.js 20.
import { Stack } from '@mantine/core';
import { AGENT_EXECUTABLE_NAMES, type TAgentDownload } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';
import { CodeLine, GuideText, NumberedSteps, StartAppTabs, type TStep } from './InstallGuide';

/** The folder every archive unpacks to. */
export function releaseFolderName(version: string): string {
  return `Message Station-${version}`;
}

/** The Terminal command that removes macOS's quarantine flag from the unpacked folder in Downloads. */
export function macQuarantineCommand(version: string): string {
  return `xattr -dr com.apple.quarantine ~/Downloads/"${releaseFolderName(version)}"`;
}

export const ROSETTA_COMMAND = 'softwareupdate --install-rosetta --agree-to-license';
export const LINUX_SPEECH_COMMAND = 'sudo apt install espeak-ng lame';

/** The last step of both download pages: the status page, and starting the app at login. */
export function StatusStepBody() {
  return (
    <Stack gap={6}>
      <GuideText i18nKey="install.status.text" />
      <GuideText i18nKey="install.status.login" />
    </Stack>
  );
}

type InstallStepsProps = { version: string; platform: TAgentDownload; fileName: string };

export function InstallSteps({ version, platform, fileName }: InstallStepsProps) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const folder = releaseFolderName(version);
  const status: TStep = { title: t('install.status.title'), body: <StatusStepBody /> };
  const unzipTitle = t('install.unzip.title');
  const startTitle = t('install.start.title');
  const steps: Record<TAgentDownload, TStep[]> = {
    'windows-x64': [
      {
        title: unzipTitle,
        body: <GuideText i18nKey="install.windows.unzip" values={{ file: fileName, folder }} />,
      },
      {
        title: startTitle,
        body: (
          <Stack gap={6}>
            <GuideText i18nKey="install.windows.start" />
            <GuideText i18nKey="install.windows.window" />
          </Stack>
        ),
      },
      status,
    ],
    'macos-x64': [
      {
        title: unzipTitle,
        body: <GuideText i18nKey="install.mac.unzip" values={{ file: fileName, folder }} />,
      },
      {
        title: t('install.mac.rosettaTitle'),
        body: (
          <Stack gap={6}>
            <GuideText i18nKey="install.mac.rosetta" />
            <CodeLine>{ROSETTA_COMMAND}</CodeLine>
            <GuideText i18nKey="install.mac.native" />
          </Stack>
        ),
      },
      {
        title: t('install.mac.quarantineTitle'),
        body: (
          <Stack gap={6}>
            <GuideText i18nKey="install.mac.quarantine" />
            <CodeLine>{macQuarantineCommand(version)}</CodeLine>
            <GuideText i18nKey="install.mac.quarantineOther" />
            <GuideText i18nKey="install.mac.applications" />
          </Stack>
        ),
      },
      { title: startTitle, body: <GuideText i18nKey="install.mac.start" /> },
      status,
    ],
    'linux-x64': [
      {
        title: t('install.linux.speechTitle'),
        body: (
          <Stack gap={6}>
            <GuideText i18nKey="install.linux.speech" />
            <CodeLine>{LINUX_SPEECH_COMMAND}</CodeLine>
          </Stack>
        ),
      },
      {
        title: unzipTitle,
        body: (
          <Stack gap={6}>
            <GuideText i18nKey="install.linux.unzip" />
            <CodeLine>{`unzip "${fileName}"`}</CodeLine>
          </Stack>
        ),
      },
      {
        title: startTitle,
        body: (
          <Stack gap={6}>
            <GuideText i18nKey="install.linux.start" />
            <CodeLine>{`cd "${folder}"\n./${AGENT_EXECUTABLE_NAMES['linux-x64']}`}</CodeLine>
          </Stack>
        ),
      },
      status,
    ],
    node: [
      {
        title: t('install.node.title'),
        body: (
          <Stack gap={6}>
            <GuideText i18nKey="install.node.when" />
            <GuideText i18nKey="install.node.text" />
            <GuideText i18nKey="install.node.linux" />
            <CodeLine>{LINUX_SPEECH_COMMAND}</CodeLine>
          </Stack>
        ),
      },
      { title: unzipTitle, body: <GuideText i18nKey="install.unzip.text" values={{ version }} /> },
      { title: startTitle, body: <StartAppTabs /> },
      status,
    ],
  };
  return <NumberedSteps steps={steps[platform]} />;
}

/** What the chosen archive needs, for the Requirements card. */
export function useRequirementItems(platform: TAgentDownload): string[] {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const credentials = t('requirements.credentials');
  const noNode = t('requirements.noNode');
  switch (platform) {
    case 'windows-x64':
      return [t('requirements.windows'), noNode, credentials];
    case 'macos-x64':
      return [t('requirements.mac'), noNode, credentials];
    case 'linux-x64':
      return [t('requirements.linux'), noNode, credentials];
    case 'node':
      return [t('requirements.any'), t('requirements.node'), credentials];
  }
}
