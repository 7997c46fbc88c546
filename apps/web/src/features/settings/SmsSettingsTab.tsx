// The SMS Settings tab: the SMS switch and its banner, the public subscribe and unsubscribe links,
// credits, public subscriptions, the two required policy links and the
// station's wording of its subscriber texts (saved on their own, not with Save SMS Settings).
import {
  ActionIcon,
  Alert,
  Anchor,
  Checkbox,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { TEXT_LIMITS } from '@message-station/shared';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CopyField } from '../../components/CopyField';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { SubscriberTextsSection } from './SubscriberTextsSection';
import type { TSettingsTabProps } from './settings-draft';

export function SmsSettingsTab({ saved, draft, onChange }: TSettingsTabProps) {
  const { t } = useTranslation('settings');

  return (
    <Stack gap="lg">
      <Switch
        size="md"
        label={t('sms.enable')}
        checked={draft.sms_enabled}
        onChange={(event) => onChange({ ...draft, sms_enabled: event.currentTarget.checked })}
      />
      {draft.sms_enabled ? (
        <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden="true" />}>
          {t('sms.enabledBanner')}
        </Alert>
      ) : (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          {t('sms.disabledBanner')}
        </Alert>
      )}

      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h5" mb={4}>
          {t('sms.publicLinks')}
        </Title>
        <Text fz="sm" c="dimmed" mb="sm">
          {t('sms.publicLinksHint')}
        </Text>
        <Stack gap="xs">
          <PublicLink label={t('sms.joinUrl')} url={saved.join_url} />
          <PublicLink label={t('sms.unsubscribeUrl')} url={saved.unsubscribe_url} />
        </Stack>
      </Paper>

      <Text fz="sm">
        {t('sms.credits', { credits: formatCount(saved.sms_credits) })}{' '}
        <Anchor component={Link} to="/admin/billing" fz="sm">
          {t('sms.creditsLink')}
        </Anchor>
      </Text>

      <Checkbox
        label={t('sms.signupEnabled')}
        description={t('sms.signupEnabledHint')}
        checked={draft.signup_enabled}
        onChange={(event) => onChange({ ...draft, signup_enabled: event.currentTarget.checked })}
      />

      <Stack gap="sm" maw={640}>
        <TextInput
          label={t('sms.privacyUrl')}
          type="url"
          required
          maxLength={TEXT_LIMITS.url}
          value={draft.privacy_policy_url}
          onChange={(event) => onChange({ ...draft, privacy_policy_url: event.currentTarget.value })}
        />
        <TextInput
          label={t('sms.termsUrl')}
          description={t('sms.urlsHint')}
          inputWrapperOrder={['label', 'input', 'description']}
          type="url"
          required
          maxLength={TEXT_LIMITS.url}
          value={draft.terms_url}
          onChange={(event) => onChange({ ...draft, terms_url: event.currentTarget.value })}
        />
      </Stack>

      <SubscriberTextsSection />
    </Stack>
  );
}

function PublicLink({ label, url }: { label: string; url: string }) {
  const { t } = useTranslation('settings');
  return (
    <CopyField
      label={label}
      value={url}
      labelWidth={150}
      dataAttribute="data-public-link"
      texts={{ copy: t('sms.copy'), copied: t('sms.copied'), copyAria: `${t('sms.copy')}: ${label}` }}
    >
      <Tooltip label={t('sms.open')} withArrow>
        <ActionIcon
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          aria-label={`${t('sms.open')}: ${label}`}
        >
          <IconExternalLink size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </CopyField>
  );
}
