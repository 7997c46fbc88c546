// Step 1: the administrator's account.
import { PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@message-station/shared';
import { UsPhoneInput } from '../../components/UsPhoneInput';
import { useTranslation } from '../../i18n/react';
import { StepHeading } from './StepHeading';
import { type TStepProps, useFieldError } from './step-props';

export function AdminAccountStep({ draft, errors, onChange }: TStepProps) {
  const { t } = useTranslation('registration');
  const errorOf = useFieldError(errors);
  const toggleProps = { 'aria-label': t('account.toggleVisibility') };

  return (
    <Stack gap="md">
      <StepHeading title={t('account.title')} intro={t('account.intro')} />
      <TextInput
        label={t('account.fullName')}
        placeholder={t('account.fullNamePlaceholder')}
        autoComplete="name"
        withAsterisk
        maxLength={TEXT_LIMITS.name}
        value={draft.fullName}
        onChange={(event) => onChange({ fullName: event.currentTarget.value })}
        error={errorOf('fullName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('account.email')}
          placeholder={t('account.emailPlaceholder')}
          type="email"
          autoComplete="email"
          withAsterisk
          maxLength={TEXT_LIMITS.email}
          value={draft.email}
          onChange={(event) => onChange({ email: event.currentTarget.value })}
          error={errorOf('email')}
        />
        <TextInput
          label={t('account.billingEmail')}
          placeholder={t('account.billingEmailPlaceholder')}
          description={t('account.billingEmailHint')}
          type="email"
          autoComplete="email"
          withAsterisk
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={TEXT_LIMITS.email}
          value={draft.billingEmail}
          onChange={(event) => onChange({ billingEmail: event.currentTarget.value })}
          error={errorOf('billingEmail')}
        />
        <PasswordInput
          label={t('account.password')}
          description={t('account.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          visibilityToggleButtonProps={toggleProps}
          maxLength={TEXT_LIMITS.password}
          value={draft.password}
          onChange={(event) => onChange({ password: event.currentTarget.value })}
          error={errorOf('password')}
        />
        <PasswordInput
          label={t('account.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          maxLength={TEXT_LIMITS.password}
          value={draft.confirmPassword}
          onChange={(event) => onChange({ confirmPassword: event.currentTarget.value })}
          error={errorOf('confirmPassword')}
        />
      </SimpleGrid>
      {/* Formats as typed and loads the phone checks on first use (decision 0062). */}
      <UsPhoneInput
        label={t('account.phoneNumber')}
        placeholder={t('account.phonePlaceholder')}
        description={t('account.phoneHint')}
        withAsterisk
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={draft.phoneNumber}
        onChange={(phoneNumber) => onChange({ phoneNumber })}
        error={errorOf('phoneNumber')}
        maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
      />
    </Stack>
  );
}
