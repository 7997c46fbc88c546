// A new station's first-run checklist on the dashboard: each step done or not as the
// server reads it from the station's data, a link to where it is done, and for the first
// subscriber the join link to copy and its QR code. Gone once every step is done or an admin hid it.
// Loaded by FirstRunChecklist.tsx only when there is a checklist to show (its progress bar's
// styles are the admin area's first view's, app/admin/first-view-styles.ts: 0.3 KiB there, a file
// of their own here); the join link with its QR code and copy button only while the first
// subscriber is still to come (FirstRunJoinLink.tsx, decision 0062).
import { Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TFirstRun, TFirstRunStep } from '@message-station/shared';
import { IconCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { useHideFirstRunMutation } from './queries';

const JoinLink = lazy(() => import('./FirstRunJoinLink').then((module) => ({ default: module.JoinLink })));

/** Where each step is done (Create a message opens the New alert compose, decision 0082). */
const STEP_LINKS: Record<TFirstRunStep, string> = {
  sms_enabled: '/admin/settings?tab=sms',
  languages: '/admin/settings?tab=branding',
  message_types: '/admin/settings?tab=messageTypes',
  first_subscriber: '/admin/sms-contacts',
  first_message: '/admin/alert',
  desktop_app: '/admin/download',
};

type FirstRunCardProps = {
  firstRun: TFirstRun;
  /** The station's public join page, as this browser reaches the service. */
  joinUrl: string;
};

export function FirstRunCard({ firstRun, joinUrl }: FirstRunCardProps) {
  const { t } = useTranslation('dashboard', { keyPrefix: 'firstRun' });
  const hide = useHideFirstRunMutation();
  if (firstRun.complete || firstRun.hidden) return null;
  const done = firstRun.steps.filter((step) => step.done).length;
  const total = firstRun.steps.length;

  return (
    <SectionCard
      title={t('title')}
      aside={
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          onClick={() => hide.mutate()}
          loading={hide.isPending}
        >
          {t('hide')}
        </Button>
      }
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text fz="sm" c="gray.8">
            {t('progress', { done, total })}
          </Text>
          <Progress value={(done / total) * 100} color="green" size="sm" radius="xl" aria-hidden="true" />
        </Stack>
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {firstRun.steps.map((step) => (
            <FirstRunStep key={step.key} step={step.key} done={step.done} joinUrl={joinUrl} />
          ))}
        </Stack>
      </Stack>
    </SectionCard>
  );
}

function FirstRunStep({ step, done, joinUrl }: { step: TFirstRunStep; done: boolean; joinUrl: string }) {
  const { t } = useTranslation('dashboard', { keyPrefix: 'firstRun' });
  return (
    <li data-first-run-step={step} data-done={done}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon
          size={26}
          radius="xl"
          color={done ? 'green.8' : 'gray.4'}
          variant={done ? 'filled' : 'outline'}
          aria-hidden="true"
        >
          {done ? <IconCheck size={16} /> : null}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Text fw={600} td={done ? 'line-through' : undefined}>
                {t(`steps.${step}.title`)}
              </Text>
              <Text fz="xs" fw={600} c={done ? 'green' : 'gray.8'}>
                {done ? t('done') : t('notDone')}
              </Text>
            </Group>
            {!done && (
              <Button component={Link} to={STEP_LINKS[step]} size="compact-sm" variant="light">
                {t(`steps.${step}.action`)}
              </Button>
            )}
          </Group>
          {!done && (
            <Text fz="sm" c="gray.8">
              {t(`steps.${step}.text`)}
            </Text>
          )}
          {!done && step === 'first_subscriber' && (
            <Suspense fallback={null}>
              <JoinLink url={joinUrl} />
            </Suspense>
          )}
        </Stack>
      </Group>
    </li>
  );
}
