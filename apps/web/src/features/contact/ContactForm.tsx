// The contact form of /contact and /admin/contact: fields, checks, the bot check for visitors, and
// the idle, sending, success and error states.
import { Alert, Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CONTACT_CATEGORIES, type TContactCategory, TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { ApiError, serverErrorText } from '../../api/client';
import { BotCheckField } from '../../components/BotCheck';
import { countedProps, exceededLimit } from '../../components/TextLimit';
import { useBotCheck } from '../../components/use-bot-check';
import { useTranslation } from '../../i18n/react';
import { useSendContactMessageMutation } from './queries';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TContactAccount = { name: string; email: string };

type TContactFormProps = {
  /** The signed-in user: name and email come from the account and are locked; no bot check. */
  account?: TContactAccount;
};

type TContactValues = {
  name: string;
  email: string;
  category: TContactCategory | '';
  subject: string;
  message: string;
};

function sendErrorText(error: unknown, t: TFunction<'contact'>): string {
  if (error instanceof ApiError && error.status === 0) return t('errors.network');
  return serverErrorText(error, t('errors.sendFailed'));
}

/** "At most {max} characters." when `value` is over `max`, else `otherwise` (the field's other checks). */
const within = (value: string, max: number, tooLong: (max: string) => string, otherwise: string | null) => {
  const limit = exceededLimit([value, max]);
  return limit ? tooLong(limit) : otherwise;
};

export function ContactForm({ account }: TContactFormProps) {
  const { t } = useTranslation('contact');
  const { t: tc } = useTranslation();
  const tooLong = (max: string) => tc('textLimit.tooLong', { max });
  const mutation = useSendContactMessageMutation();
  const needsBotCheck = !account;
  const botCheck = useBotCheck();
  const form = useForm<TContactValues>({
    initialValues: {
      name: account?.name ?? '',
      email: account?.email ?? '',
      category: '',
      subject: '',
      message: '',
    },
    // Checked before the bot check is asked for: nothing over the server's limits is ever sent.
    validate: {
      name: (value) =>
        within(value, TEXT_LIMITS.name, tooLong, value.trim() ? null : t('validation.nameRequired')),
      email: (value) => {
        if (!value.trim()) return t('validation.emailRequired');
        const invalid = EMAIL_PATTERN.test(value.trim()) ? null : t('validation.emailInvalid');
        return within(value, TEXT_LIMITS.email, tooLong, invalid);
      },
      category: (value) => (value ? null : t('validation.categoryRequired')),
      subject: (value) =>
        within(
          value,
          TEXT_LIMITS.contactSubject,
          tooLong,
          value.trim() ? null : t('validation.subjectRequired'),
        ),
      message: (value) =>
        within(
          value,
          TEXT_LIMITS.contactMessage,
          tooLong,
          value.trim() ? null : t('validation.messageRequired'),
        ),
    },
  });

  const submit = form.onSubmit((values) => {
    const turnstileToken = needsBotCheck ? botCheck.require() : null;
    if (needsBotCheck && !turnstileToken) return;
    mutation.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        category: values.category as TContactCategory,
        subject: values.subject.trim(),
        message: values.message.trim(),
        ...(turnstileToken ? { turnstileToken } : {}),
      },
      {
        onSuccess: () => {
          form.reset();
          if (needsBotCheck) botCheck.restart();
        },
        onError: (error) => {
          if (needsBotCheck) botCheck.restartAfterFailure(error);
        },
      },
    );
  });

  const categoryOptions = [
    { value: '', label: t('form.categoryPlaceholder'), disabled: true },
    ...CONTACT_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })),
  ];
  const lockedProps = account
    ? {
        readOnly: true,
        variant: 'filled' as const,
        description: t('form.fromAccount'),
        rightSection: <IconLock size={16} aria-hidden="true" />,
      }
    : {};

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {mutation.isSuccess && (
          <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden="true" />} role="status">
            {t('success')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('form.name')}
            placeholder={t('form.namePlaceholder')}
            autoComplete="name"
            withAsterisk
            maxLength={TEXT_LIMITS.name}
            {...form.getInputProps('name')}
            {...lockedProps}
          />
          <TextInput
            label={t('form.email')}
            placeholder={t('form.emailPlaceholder')}
            type="email"
            autoComplete="email"
            withAsterisk
            maxLength={TEXT_LIMITS.email}
            {...form.getInputProps('email')}
            {...lockedProps}
          />
        </SimpleGrid>
        <NativeSelect
          label={t('form.category')}
          data={categoryOptions}
          withAsterisk
          {...form.getInputProps('category')}
        />
        <TextInput
          label={t('form.subject')}
          placeholder={t('form.subjectPlaceholder')}
          withAsterisk
          maxLength={TEXT_LIMITS.contactSubject}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={t('form.message')}
          placeholder={t('form.messagePlaceholder')}
          rows={6}
          withAsterisk
          {...countedProps(form.values.message, TEXT_LIMITS.contactMessage)}
          {...form.getInputProps('message')}
        />
        {needsBotCheck && <BotCheckField botCheck={botCheck} />}
        {mutation.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {sendErrorText(mutation.error, t)}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          loading={mutation.isPending}
          disabled={needsBotCheck && !botCheck.token}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
