// Edit mode of the detail modal: title and content, which languages saving re-translates into, and
// Save, Cancel or the full form for type and languages.
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@message-station/shared';
import type { TMessage } from '../../api/messages';
import { useSmsBudgetProps } from '../../components/SmsBudget';
import { countedProps } from '../../components/TextLimit';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';

type DetailEditFormProps = {
  message: TMessage;
  title: string;
  content: string;
  onTitleChange: (title: string) => void;
  onContentChange: (content: string) => void;
  retranslateInto: string[];
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onEditAll: () => void;
};

export function DetailEditForm({
  message,
  title,
  content,
  onTitleChange,
  onContentChange,
  retranslateInto,
  saving,
  onSave,
  onCancel,
  onEditAll,
}: DetailEditFormProps) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const budgetProps = useSmsBudgetProps(content, message.original_language);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('detail.titleLabel')}
        withAsterisk
        {...countedProps(title, TEXT_LIMITS.messageTitle)}
        value={title}
        onChange={(event) => onTitleChange(event.currentTarget.value)}
      />
      <Textarea
        label={t('detail.contentLabel', { language: languageName(message.original_language) })}
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        {...budgetProps}
        value={content}
        onChange={(event) => onContentChange(event.currentTarget.value)}
      />
      <Text fz="sm" c="dimmed">
        {t('detail.retranslateNote', {
          languages: retranslateInto.map((code) => languageName(code)).join(', '),
        })}
      </Text>
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" size="compact-sm" onClick={onEditAll}>
          {t('detail.editAll')}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('detail.cancel')}
          </Button>
          <Button onClick={onSave} loading={saving}>
            {t('detail.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
