// /admin/templates: the station's saved messages with `{fields}`: New template, and for
// each its type, fields and translations, Use (fill in, preview, create the message and open it on
// the Messages page), Edit (with its translations to correct or review), and Delete for admins in
// the row's More actions menu. New template is the page's one filled button (docs/design.md "Actions").
import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { actsAsStationAdmin } from '@message-station/shared';
import { IconPlayerPlay, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { serverErrorText } from '../../api/client';
import type { TMessage } from '../../api/messages';
import type { TTemplate } from '../../api/templates';
import { useSessionUser } from '../../app/session-user';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { destructive, MoreActionsMenu } from '../../components/MoreActionsMenu';
import { PageTitle } from '../../components/PageTitle';
import { TypeBadge } from '../../components/TypeBadge';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import type { TOpenMessageState } from '../../lib/open-message';
import { useAllMessageTypesQuery, useStationLanguagesQuery } from '../../lib/station-queries';
import { useDeleteTemplateMutation, useTemplatesQuery } from './queries';
import { TemplateFormModal } from './TemplateFormModal';
import { UseTemplateModal } from './UseTemplateModal';

type TFormState = { open: false } | { open: true; template: TTemplate | null };

function TranslationSummary({ template }: { template: TTemplate }) {
  const languageName = useLanguageName();
  const { t } = useTranslation('templates');
  return (
    <Group gap={4}>
      {template.translations.map((translation) => (
        <Badge
          key={translation.language_code}
          size="sm"
          tt="none"
          variant="light"
          color={
            translation.translation_status === 'failed'
              ? 'red'
              : translation.review_status === 'machine'
                ? 'gray'
                : 'teal'
          }
          title={t(
            translation.translation_status === 'failed'
              ? 'translations.failed'
              : `review.${translation.review_status}`,
          )}
        >
          {languageName(translation.language_code)}
        </Badge>
      ))}
    </Group>
  );
}

export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const user = useSessionUser();
  const navigate = useNavigate();
  const templates = useTemplatesQuery();
  const types = useAllMessageTypesQuery();
  const languages = useStationLanguagesQuery();
  const remove = useDeleteTemplateMutation();
  const [form, setForm] = useState<TFormState>({ open: false });
  const [using, setUsing] = useState<TTemplate | null>(null);
  const activeTypes = (types.data ?? []).filter((type) => type.is_active);

  const askDelete = (template: TTemplate) =>
    modals.openConfirmModal({
      title: t('delete.title'),
      children: <Text fz="sm">{t('delete.text', { name: template.name })}</Text>,
      labels: { confirm: t('delete.confirm'), cancel: t('form.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t('delete.done', { name: template.name }) }),
          onError: (error) =>
            notifications.show({ color: 'red', message: serverErrorText(error, t('delete.failed')) }),
        }),
    });

  const opened = (message: TMessage) => {
    setUsing(null);
    navigate('/admin/messages', { state: { openMessage: message } satisfies TOpenMessageState });
  };

  return (
    <>
      <PageTitle description={t('intro')}>{t('title')}</PageTitle>
      <Card p={{ base: 'md', lg: 'lg' }}>
        <Group justify="flex-end" mb="md">
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setForm({ open: true, template: null })}
            disabled={!types.data || !languages.data}
          >
            {t('add')}
          </Button>
        </Group>
        {templates.isPending || types.isPending ? (
          <ListLoading label={t('loading')} />
        ) : templates.isError ? (
          <ListLoadFailed
            message={t('loadFailed', { error: templates.error.message })}
            retryLabel={t('retry')}
            onRetry={() => void templates.refetch()}
          />
        ) : templates.data.length === 0 ? (
          <ListEmpty icon={<IconTemplate size={24} />} title={t('empty')} />
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.type')}</Table.Th>
                  <Table.Th>{t('columns.fields')}</Table.Th>
                  <Table.Th>{t('columns.translations')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {templates.data.map((template) => (
                  <Table.Tr key={template.id} data-template-id={template.id}>
                    <Table.Td maw={320}>
                      <Text fz="sm" fw={500}>
                        {template.name}
                      </Text>
                      <Text fz="xs" c="dimmed" lineClamp={2}>
                        {template.original}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TypeBadge type={template.message_type} types={types.data ?? []} />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" ff="monospace">
                        {template.fields.map((field) => `{${field.name}}`).join(' ') || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TranslationSummary template={template} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
                          aria-label={t('useLabel', { name: template.name })}
                          onClick={() => setUsing(template)}
                        >
                          {t('use.button')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('editLabel', { name: template.name })}
                          onClick={() => setForm({ open: true, template })}
                        >
                          {t('edit')}
                        </Button>
                        {actsAsStationAdmin(user) && (
                          <MoreActionsMenu
                            label={t('moreLabel', { name: template.name })}
                            row
                            actions={[
                              destructive(
                                t('delete.button'),
                                () => askDelete(template),
                                t('deleteLabel', { name: template.name }),
                              ),
                            ]}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <TemplateFormModal
        opened={form.open}
        template={form.open ? form.template : null}
        types={activeTypes}
        languages={languages.data ?? []}
        onClose={() => setForm({ open: false })}
      />
      <UseTemplateModal
        template={using}
        languages={languages.data ?? []}
        onClose={() => setUsing(null)}
        onCreated={opened}
      />
    </>
  );
}
