// "Use template": fill in its fields (a date picker for dates, a time picker for times), see the
// message in every language as it will be created, and create it. Languages the template has no
// finished translation for are translated by machine once the message exists, as any message's.
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  checkFieldValues,
  fillTemplate,
  TEMPLATE_LIMITS,
  type TTemplateField,
  templateFields,
  ZTemplateUseRequest,
} from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { serverErrorText } from '../../api/client';
import type { TMessage } from '../../api/messages';
import type { TStationLanguage } from '../../api/sms-contacts';
import type { TTemplate } from '../../api/templates';
import { ReviewBadge } from '../../components/ReviewBadge';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { schemaResolver } from '../../lib/schema-resolver';
import { useCreateMessageFromTemplateMutation } from './queries';

type UseTemplateModalProps = {
  template: TTemplate | null;
  languages: TStationLanguage[];
  onClose: () => void;
  onCreated: (message: TMessage) => void;
};

export function UseTemplateModal({ template, onClose, ...rest }: UseTemplateModalProps) {
  const { t } = useTranslation('templates');
  // Messages' "New from template" is on the phone layout too (decision 0043): the whole screen there.
  const phone = useAdminPhone();
  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      title={template ? t('use.title', { name: template.name }) : ''}
      size="lg"
      fullScreen={phone}
    >
      {template && <UseTemplateForm key={template.id} template={template} onClose={onClose} {...rest} />}
    </Modal>
  );
}

const INPUT_TYPES = { date: 'date', time: 'time', text: 'text' } as const;

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: TTemplateField;
  value: string;
  error: ReactNode;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('templates');
  return (
    <TextInput
      label={`{${field.name}}`}
      description={t(`use.kindHelp.${field.kind}`)}
      type={INPUT_TYPES[field.kind]}
      withAsterisk
      maxLength={TEMPLATE_LIMITS.fieldValue}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

/** The message in one language as it will be created: a template translation filled in, or a note. */
function PreviewItem({
  template,
  language,
  values,
}: {
  template: TTemplate;
  language: string;
  values: Record<string, string>;
}) {
  const { t } = useTranslation('templates');
  const languageName = useLanguageName();
  const isOriginal = language === template.original_language;
  const translation = template.translations.find(
    (candidate) => candidate.language_code === language && candidate.translation_status === 'completed',
  );
  const text = isOriginal ? template.original : translation?.translated_text;
  return (
    <Paper withBorder p="sm" radius="md" data-preview={language}>
      <Group gap="xs">
        <Text fw={600} fz="sm">
          {languageName(language)}
        </Text>
        {isOriginal ? (
          <Badge size="sm" variant="light" tt="none">
            {t('use.original')}
          </Badge>
        ) : (
          translation && <ReviewBadge review={translation.review_status} />
        )}
      </Group>
      {text ? (
        <Text fz="sm" mt="xs" lang={language} style={{ whiteSpace: 'pre-wrap' }}>
          {fillTemplate(text, language, values)}
        </Text>
      ) : (
        <Text fz="sm" mt="xs" c="dimmed">
          {t('use.machineLater')}
        </Text>
      )}
    </Paper>
  );
}

type TValues = { values: Record<string, string> };

const checkUse = schemaResolver(ZTemplateUseRequest);

/**
 * What the server refuses: the body's schema (ZTemplateUseRequest, by its codes, decision 0068),
 * then its rule that every field is filled in and a date or time is one (checkFieldValues, which
 * the server answers as template_fields_missing / template_fields_invalid for all fields at once;
 * here each field says its own).
 */
function templateErrors(template: TTemplate, words: { required: string; invalid: string }) {
  return ({ values }: TValues): FormErrors => {
    const errors = checkUse({ values });
    const { missing, invalid } = checkFieldValues(templateFields(template.title, template.original), values);
    for (const field of missing) errors[`values.${field}`] ??= words.required;
    for (const field of invalid) errors[`values.${field}`] ??= words.invalid;
    return errors;
  };
}

function UseTemplateForm({
  template,
  languages,
  onClose,
  onCreated,
}: Omit<UseTemplateModalProps, 'template'> & { template: TTemplate }) {
  const { t } = useTranslation('templates');
  const create = useCreateMessageFromTemplateMutation();
  // The fields are checked once the form is submitted, then as each changes.
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TValues>({
    initialValues: { values: {} },
    validate: templateErrors(template, { required: t('use.fieldRequired'), invalid: t('use.fieldInvalid') }),
    validateInputOnChange: checked,
    onValuesChange: () => setProblem(null),
  });
  const { values } = form.getValues();
  const previewLanguages = [
    template.original_language,
    ...languages
      .map((language) => language.language_code)
      .filter((code) => code !== template.original_language),
  ];

  const submit = form.onSubmit(
    (submitted) => {
      create.mutate(
        { id: template.id, values: submitted.values },
        {
          onSuccess: (message) => {
            notifications.show({ color: 'green', message: t('use.created', { title: message.title }) });
            onCreated(message);
          },
          onError: (error) => setProblem(serverErrorText(error, t('use.failed'))),
        },
      );
    },
    () => setChecked(true),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {template.fields.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('use.noFields')}
          </Text>
        ) : (
          template.fields.map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              value={values[field.name] ?? ''}
              error={form.errors[`values.${field.name}`]}
              onChange={(value) => form.setFieldValue(`values.${field.name}`, value)}
            />
          ))
        )}
        <Stack gap="xs" component="section" aria-label={t('use.preview')}>
          <Title order={3} fz="md">
            {t('use.preview')}
          </Title>
          <Text fz="sm" fw={600}>
            {fillTemplate(template.title, template.original_language, values)}
          </Text>
          {previewLanguages.map((language) => (
            <PreviewItem key={language} template={template} language={language} values={values} />
          ))}
        </Stack>
        {problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('use.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
