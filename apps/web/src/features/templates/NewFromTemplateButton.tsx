// The Messages page's "New from template": the station's templates in a menu (read when opened),
// then the same fill-in-and-preview dialog as the Templates page; the new message opens at once.
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TTemplate } from '../../api/templates';
import { useTranslation } from '../../i18n/react';
import type { TNewFromTemplateProps } from '../../lib/message-page-slots';
import { useTemplatesQuery } from './queries';
import { UseTemplateModal } from './UseTemplateModal';

export function NewFromTemplateButton({ languages, onCreated }: TNewFromTemplateProps) {
  const { t } = useTranslation('templates');
  const [opened, setOpened] = useState(false);
  const [using, setUsing] = useState<TTemplate | null>(null);
  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-end" width={280}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconTemplate size={16} aria-hidden="true" />}
            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          >
            {t('menu.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {opened && <TemplateChoices onChoose={setUsing} />}
          <Menu.Divider />
          <Menu.Item component={Link} to="/admin/templates">
            {t('menu.manage')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <UseTemplateModal
        template={using}
        languages={languages}
        onClose={() => setUsing(null)}
        onCreated={(message) => {
          setUsing(null);
          onCreated(message);
        }}
      />
    </>
  );
}

/** Read only once the menu opens: the Messages page itself does not wait for templates. */
function TemplateChoices({ onChoose }: { onChoose: (template: TTemplate) => void }) {
  const { t } = useTranslation('templates');
  const templates = useTemplatesQuery();
  if (templates.isPending) return <Menu.Label>{t('loading')}</Menu.Label>;
  if (templates.isError)
    return <Menu.Label>{t('loadFailed', { error: templates.error.message })}</Menu.Label>;
  if (templates.data.length === 0) return <Menu.Label>{t('menu.none')}</Menu.Label>;
  return templates.data.map((template) => (
    <Menu.Item key={template.id} onClick={() => onChoose(template)}>
      {template.name}
    </Menu.Item>
  ));
}
