// Create/edit a template: Name, Type, Title, Message text with `{fields}` (a hint says how fields
// are written, and the fields found are listed as typed), Original language. Once saved, the
// modal shows its translations for staff to correct or review (they are made when it is saved).
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  LANGUAGE_CODES,
  TEMPLATE_LIMITS,
  TEXT_LIMITS,
  templateFieldKind,
  templateFields,
} from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/client';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import type { TTemplate, TTemplateInput } from '../../api/templates';
import { countedProps } from '../../components/TextLimit';
import { useLanguageName } from '../../i18n/use-language-name';
import { defaultOriginalLanguage } from '../../lib/original-language';
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
    <Modal
      opened={opened}
      onClose={close}
      title={template || savedNew ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
    >
      {opened && (
        <TemplateForm
          key={template?.id ?? 'new'}
          template={template}
          onClose={close}
          onSaved={() => setSavedNew(true)}
          {...rest}
        />
      )}
    </Modal>
  );
}

function initialDraft(
  template: TTemplate | null,
  types: TStationMessageType[],
  languages: TStationLanguage[],
) {
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
  onClose,
  onSaved,
}: Omit<TemplateFormModalProps, 'opened'> & { onSaved: () => void }) {
  const { t } = useTranslation('templates');
  const languageName = useLanguageName();
  const save = useSaveTemplateMutation();
  // Once saved, the modal goes on with the saved copy: its translations are there to review.
  const [saved, setSaved] = useState<TTemplate | null>(template);
  const [draft, setDraft] = useState(() => initialDraft(template, types, languages));
  const [problem, setProblem] = useState<string | null>(null);
  const fieldCount = templateFields(draft.title, draft.original).length;

  const setField = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.name.trim() || !draft.title.trim() || !draft.original.trim()) {
      setProblem(t('form.required'));
      return;
    }
    if (fieldCount > TEMPLATE_LIMITS.fields) {
      setProblem(t('form.tooManyFields', { max: TEMPLATE_LIMITS.fields }));
      return;
    }
    const input: TTemplateInput = {
      name: draft.name.trim(),
      message_type: draft.type,
      title: draft.title.trim(),
      original: draft.original.trim(),
      original_language: draft.originalLanguage,
    };
    save.mutate(
      { id: saved?.id ?? null, input },
      {
        onSuccess: (template) => {
          notifications.show({ color: 'green', message: t('form.saved', { name: template.name }) });
          setSaved(template);
          onSaved();
        },
        onError: (error) => setProblem(serverErrorText(error, t('form.saveFailed'))),
      },
    );
  };

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
              value={draft.name}
              onChange={(event) => setField('name', event.currentTarget.value)}
              miw={220}
            />
            <NativeSelect
              label={t('form.type')}
              data={types.map((type) => ({ value: type.message_type, label: type.display_name }))}
              value={draft.type}
              onChange={(event) => setField('type', event.currentTarget.value)}
              miw={160}
            />
          </Group>
          <TextInput
            label={t('form.title')}
            placeholder={t('form.titlePlaceholder')}
            withAsterisk
            {...countedProps(draft.title, TEXT_LIMITS.messageTitle)}
            value={draft.title}
            onChange={(event) => setField('title', event.currentTarget.value)}
          />
          <Textarea
            label={t('form.original')}
            placeholder={t('form.originalPlaceholder')}
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            {...countedProps(draft.original, TEXT_LIMITS.messageBody)}
            value={draft.original}
            onChange={(event) => setField('original', event.currentTarget.value)}
          />
          <Alert variant="light" color="blue" p="xs" title={t('form.fieldHintTitle')}>
            <Text fz="sm">{t('form.fieldHint')}</Text>
          </Alert>
          <FieldsFound title={draft.title} original={draft.original} />
          <NativeSelect
            label={t('form.originalLanguage')}
            data={LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) }))}
            value={draft.originalLanguage}
            onChange={(event) => setField('originalLanguage', event.currentTarget.value)}
            w={240}
          />
          {saved && (
            <Text fz="sm" c="dimmed">
              {t('form.retranslateNote')}
            </Text>
          )}
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
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
