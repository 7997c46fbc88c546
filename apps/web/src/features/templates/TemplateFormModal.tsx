// Create/edit a template: Name, Type, Title, Message text with `{fields}` (a hint says how fields
// are written, and the fields found are listed as typed), Original language. Once saved, the
// modal shows its translations for staff to correct or review (they are made when it is saved).
import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  LANGUAGE_CODES,
  TEMPLATE_LIMITS,
  TEXT_LIMITS,
  type TTemplateRequest,
  templateFieldKind,
  templateFields,
  ZTemplateRequest,
} from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorText } from '../../api/client';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import type { TTemplate, TTemplateInput } from '../../api/templates';
import { GuardedModal } from '../../components/GuardedModal';
import { HelpText } from '../../components/LearnMore';
import { countedProps } from '../../components/TextLimit';
import { useFormGuard } from '../../components/use-guarded-modal';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { defaultOriginalLanguage } from '../../lib/original-language';
import { refusalsUnder, schemaResolver } from '../../lib/schema-resolver';
import { useSaveTemplateMutation } from './queries';
import { TemplateTranslations } from './TemplateTranslations';

type TemplateFormModalProps = {
  opened: boolean;
  /** The template to edit, or null to write a new one. */
  template: TTemplate | null;
  types: TStationMessageType[];
  languages: TStationLanguage[];
  onClose: () => void;
};

export function TemplateFormModal({ opened, template, onClose, ...rest }: TemplateFormModalProps) {
  const { t } = useTranslation('templates');
  // A new template, once saved, is being edited: the title says so.
  const [savedNew, setSavedNew] = useState(false);
  const close = () => {
    setSavedNew(false);
    onClose();
  };
  return (
    <GuardedModal
      opened={opened}
      onClose={close}
      title={template || savedNew ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
    >
      {opened && (
        <TemplateForm
          key={template?.id ?? 'new'}
          template={template}
          onSaved={() => setSavedNew(true)}
          {...rest}
        />
      )}
    </GuardedModal>
  );
}

type TDraft = { name: string; type: string; title: string; original: string; originalLanguage: string };

function initialDraft(
  template: TTemplate | null,
  types: TStationMessageType[],
  languages: TStationLanguage[],
): TDraft {
  if (template) {
    return {
      name: template.name,
      type: template.message_type,
      title: template.title,
      original: template.original,
      originalLanguage: template.original_language,
    };
  }
  const keys = types.map((type) => type.message_type);
  return {
    name: '',
    type: keys.includes('informational') ? 'informational' : (keys[0] ?? 'informational'),
    title: '',
    original: '',
    originalLanguage: defaultOriginalLanguage(languages),
  };
}

function templateInput(draft: TDraft): TTemplateInput {
  return {
    name: draft.name.trim(),
    message_type: draft.type,
    title: draft.title.trim(),
    original: draft.original.trim(),
    original_language: draft.originalLanguage,
  };
}

const checkTemplate = schemaResolver(ZTemplateRequest);
/** The draft's field each field of the body comes from. */
const DRAFT_FIELDS = {
  name: 'name',
  message_type: 'type',
  title: 'title',
  original: 'original',
  original_language: 'originalLanguage',
} as const satisfies Record<keyof TTemplateInput, keyof TDraft>;

/**
 * The form's `validate`: what the server refuses the body with (ZTemplateRequest, by its codes,
 * decision 0068), under the draft's fields, in the schema's order; then the server's own limit on
 * the number of fields (template_too_many_fields).
 */
function draftErrors(draft: TDraft, tooMany: string): Partial<Record<keyof TDraft, string>> {
  // The form holds plain strings; the schema checks the type and language keys as the server does.
  const refused = checkTemplate(templateInput(draft) as TTemplateRequest);
  const errors = refusalsUnder(refused, (path) => DRAFT_FIELDS[path as keyof TTemplateInput]);
  if (
    Object.keys(errors).length === 0 &&
    templateFields(draft.title, draft.original).length > TEMPLATE_LIMITS.fields
  ) {
    errors.original = tooMany;
  }
  return errors;
}

/** The fields found as staff type, each saying how its value will be written. */
export function FieldsFound({ title, original }: { title: string; original: string }) {
  const { t } = useTranslation('templates');
  const fields = templateFields(title, original);
  if (!fields.length) {
    return (
      <Text fz="sm" c="dimmed">
        {t('form.noFields')}
      </Text>
    );
  }
  return (
    <Group gap={6} aria-label={t('form.fieldsFound')} role="list">
      <Text fz="sm">{t('form.fieldsFound')}</Text>
      {fields.map((field) => (
        <Badge key={field} role="listitem" variant="light" tt="none" data-kind={templateFieldKind(field)}>
          {t(`fieldKind.${templateFieldKind(field)}`, { field: `{${field}}` })}
        </Badge>
      ))}
    </Group>
  );
}

function TemplateForm({
  template,
  types,
  languages,
  onSaved,
}: Omit<TemplateFormModalProps, 'opened' | 'onClose'> & { onSaved: () => void }) {
  const { t } = useTranslation('templates');
  const languageName = useLanguageName();
  const save = useSaveTemplateMutation();
  // Once saved, the modal goes on with the saved copy: its translations are there to review.
  const [saved, setSaved] = useState<TTemplate | null>(template);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TDraft>({
    initialValues: initialDraft(template, types, languages),
    validate: (values) => draftErrors(values, t('form.tooManyFields', { max: TEMPLATE_LIMITS.fields })),
    // A change clears the server's refusal; the field's own is cleared by the form.
    onValuesChange: () => setFailure(null),
  });
  const draft = form.getValues();
  // Closing with an unsaved change asks first (decision 0076).
  const { close } = useFormGuard({ dirty: form.isDirty() });
  // One line says what is wrong (the first refusal, in the schema's order); the fields it names are marked.
  const problem = Object.values(form.errors)[0] ?? failure;

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: saved?.id ?? null, input: templateInput(values) },
      {
        onSuccess: (template) => {
          // What is saved is no longer a change to lose.
          form.resetDirty(values);
          notifications.show({ color: 'green', message: t('form.saved', { name: template.name }) });
          setSaved(template);
          onSaved();
        },
        onError: (error) => setFailure(serverErrorText(error, t('form.saveFailed'))),
      },
    );
  });

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('form.name')}
              placeholder={t('form.namePlaceholder')}
              withAsterisk
              {...countedProps(draft.name, TEMPLATE_LIMITS.name)}
              {...form.getInputProps('name')}
              error={Boolean(form.errors.name)}
              miw={220}
            />
            <NativeSelect
              label={t('form.type')}
              data={types.map((type) => ({ value: type.message_type, label: type.display_name }))}
              {...form.getInputProps('type')}
              error={Boolean(form.errors.type)}
              miw={160}
            />
          </Group>
          <TextInput
            label={t('form.title')}
            placeholder={t('form.titlePlaceholder')}
            withAsterisk
            {...countedProps(draft.title, TEXT_LIMITS.messageTitle)}
            {...form.getInputProps('title')}
            error={Boolean(form.errors.title)}
          />
          <Textarea
            label={t('form.original')}
            placeholder={t('form.originalPlaceholder')}
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            {...countedProps(draft.original, TEXT_LIMITS.messageBody)}
            {...form.getInputProps('original')}
            error={Boolean(form.errors.original)}
          />
          <Alert variant="light" color="blue" p="xs" title={t('form.fieldHintTitle')}>
            <Text fz="sm">
              <HelpText short={t('form.fieldHint')} more={t('form.fieldHintMore')} />
            </Text>
          </Alert>
          <FieldsFound title={draft.title} original={draft.original} />
          <NativeSelect
            label={t('form.originalLanguage')}
            data={LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) }))}
            {...form.getInputProps('originalLanguage')}
            error={Boolean(form.errors.originalLanguage)}
            w={240}
          />
          {saved && (
            <Text fz="sm" c="dimmed">
              <HelpText short={t('form.retranslateNote')} more={t('form.retranslateNoteMore')} />
            </Text>
          )}
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {saved ? t('form.close') : t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {saved ? t('form.update') : t('form.create')}
            </Button>
          </Group>
          {save.isPending && (
            <Text fz="sm" c="dimmed" ta="right" role="status">
              {t('form.translating')}
            </Text>
          )}
        </Stack>
      </form>
      {saved && <TemplateTranslations template={saved} onSaved={setSaved} />}
    </Stack>
  );
}
