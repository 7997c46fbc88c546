import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

type WizardNavProps = {
  /** Continue submits the step's form, so Enter in a field does the same. */
  formId: string;
  onBack: () => void;
  backDisabled: boolean;
  continueLabel: string;
  showContinue: boolean;
  /** While Continue waits for a check (step 2's Station ID). */
  continueLoading?: boolean;
};

/** Back and Continue under every step. */
export function WizardNav({
  formId,
  onBack,
  backDisabled,
  continueLabel,
  showContinue,
  continueLoading = false,
}: WizardNavProps) {
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
        <Button
          type="submit"
          form={formId}
          loading={continueLoading}
          rightSection={<IconArrowRight size={16} aria-hidden="true" />}
        >
          {continueLabel}
        </Button>
      )}
    </Group>
  );
}
