// The pieces both download pages explain the desktop app with: numbered steps, how to start it on
// each system, the first-time sign-in (server address, this station's ID, an API key) and the
// requirements.
import { Anchor, Code, List, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconBrandApple, IconBrandUbuntu, IconBrandWindows, IconCheck } from '@tabler/icons-react';
import type { ParseKeys, TOptions } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionUser } from '../../app/session-user';
import { CopyField } from '../../components/CopyField';
import { SectionCard } from '../../components/SectionCard';
import { Trans, useTranslation } from '../../i18n/react';

/** Where the app's status page opens (the agent's default port). */
export const STATUS_PAGE_URL = 'http://127.0.0.1:47800';
export const NODE_DOWNLOAD_URL = 'https://nodejs.org/';

export type TStep = { title: string; body: ReactNode };

export function NumberedSteps({ steps }: { steps: TStep[] }) {
  return (
    <List
      type="ordered"
      spacing="lg"
      listStyleType="none"
      styles={{ itemWrapper: { alignItems: 'flex-start' } }}
    >
      {steps.map((step, index) => (
        <List.Item
          key={step.title}
          icon={
            <ThemeIcon radius="xl" size={28} variant="light" aria-hidden="true">
              <Text fz="sm" fw={600} span>
                {index + 1}
              </Text>
            </ThemeIcon>
          }
        >
          <Stack gap={6}>
            <Text fw={600}>{step.title}</Text>
            {step.body}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}

/** A command or name set apart, wrapping rather than widening the page. */
export function CodeLine({ children }: { children: string }) {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Code>
  );
}

export function ExternalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" fz="inherit">
      {children}
    </Anchor>
  );
}

/** Inline markup the guide's texts use: <code>, <b>, and links to nodejs.org, the status page and admin pages. */
const GUIDE_COMPONENTS = {
  code: <Code />,
  b: <strong />,
  node: <ExternalLink href={NODE_DOWNLOAD_URL} />,
  status: <ExternalLink href={STATUS_PAGE_URL} />,
  users: <Anchor component={Link} to="/admin/users" fz="inherit" />,
  machines: <Anchor component={Link} to="/admin/machines" fz="inherit" />,
  contact: <Anchor component={Link} to="/admin/contact" fz="inherit" />,
};

/** A key of the download pages' texts (admin namespace, under `download`). */
export type TDownloadTextKey = ParseKeys<'admin', TOptions, 'download'>;

export function GuideText({
  i18nKey,
  values,
}: {
  i18nKey: TDownloadTextKey;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  return (
    <Text fz="sm">
      <Trans t={t} i18nKey={i18nKey} values={values} components={GUIDE_COMPONENTS} />
    </Text>
  );
}

type TSystemName = 'mac' | 'windows' | 'linux';

/** The system this browser runs on, to open its tab first. */
function thisSystem(): TSystemName {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/Windows/i.test(agent)) return 'windows';
  if (/Linux|X11/i.test(agent) && !/Android/i.test(agent)) return 'linux';
  return 'mac';
}

/** Starting the script bundle (any system with Node.js): one tab per system. */
export function StartAppTabs() {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  return (
    <Tabs defaultValue={thisSystem()} variant="outline" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="mac" leftSection={<IconBrandApple size={16} aria-hidden="true" />}>
          {t('system.mac')}
        </Tabs.Tab>
        <Tabs.Tab value="windows" leftSection={<IconBrandWindows size={16} aria-hidden="true" />}>
          {t('system.windows')}
        </Tabs.Tab>
        <Tabs.Tab value="linux" leftSection={<IconBrandUbuntu size={16} aria-hidden="true" />}>
          {t('system.linux')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="mac" pt="sm">
        <GuideText i18nKey="install.start.mac" />
      </Tabs.Panel>
      <Tabs.Panel value="windows" pt="sm">
        <GuideText i18nKey="install.start.windows" />
      </Tabs.Panel>
      <Tabs.Panel value="linux" pt="sm">
        <Stack gap={6}>
          <GuideText i18nKey="install.start.linux" />
          <CodeLine>./start-message-station.sh</CodeLine>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  return (
    <CopyField
      label={label}
      value={value}
      labelWidth={130}
      dataAttribute="data-setup-value"
      texts={{ copy: t('copy'), copied: t('copied'), copyAria: t('copyValue', { label }) }}
    />
  );
}

/** Signing the app in on its status page; the server address and Station ID are this station's. */
export function FirstTimeSetup() {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const user = useSessionUser();
  const serverAddress = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <SectionCard title={t('setup.title')}>
      <Stack gap="sm">
        <GuideText i18nKey="setup.intro" />
        <Stack gap={6}>
          <CopyValue label={t('setup.serverAddress')} value={serverAddress} />
          <CopyValue label={t('setup.stationId')} value={user.stationSlug} />
        </Stack>
        <List spacing="xs" size="sm">
          <List.Item>
            <GuideText i18nKey="setup.apiKey" />
          </List.Item>
          <List.Item>
            <GuideText i18nKey="setup.keychain" />
          </List.Item>
          <List.Item>
            <GuideText i18nKey="setup.done" />
          </List.Item>
        </List>
      </Stack>
    </SectionCard>
  );
}

export function Requirements({ items }: { items: string[] }) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  return (
    <SectionCard title={t('requirements.title')}>
      <List
        spacing="xs"
        size="sm"
        icon={
          <ThemeIcon color="teal" size={20} radius="xl" variant="light">
            <IconCheck size={14} aria-hidden="true" />
          </ThemeIcon>
        }
      >
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </SectionCard>
  );
}
