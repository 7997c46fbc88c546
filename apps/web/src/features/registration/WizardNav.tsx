import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type WizardNavProps = {
  /** Continue submits the step's form, so Enter in a field does the same. */
  formId: string;
  onBack: () => void;
  backDisabled: boolean;
  continueLabel: string;
  showContinue: boolean;
};

/** Back and Continue under every step. */
export function WizardNav({ formId, onBack, backDisabled, continueLabel, showContinue }: WizardNavProps) {
  const { t } = useTranslation('registration');
  return (
    <Group
      justify="space-between"
      mt="xl"
      pt="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        onClick={onBack}
        disabled={backDisabled}
      >
        {t('nav.back')}
      </Button>
      {showContinue && (
        <Button type="submit" form={formId} rightSection={<IconArrowRight size={16} aria-hidden="true" />}>
          {continueLabel}
        </Button>
      )}
    </Group>
  );
}
