// /signup: the six-step registration wizard. The draft lives in this component's
// state only (it holds a password); step 5 passes the bot check and starts the registration (the
// server texts no code without it, decision 0054), and step 6 verifies the phone.
import { Container, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { deriveStationId, type TRegisterStartResponse } from '@message-station/shared';
import { useIsMutating } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError, serverErrorText } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { PageTitle } from '../../components/PageTitle';
import { afterUsPhoneCheck } from '../../components/UsPhoneInput';
import { useBotCheck } from '../../components/use-bot-check';
import { useTranslation } from '../../i18n/react';
import { AdminAccountStep } from './AdminAccountStep';
import { BrandingStep } from './BrandingStep';
import { MessageTypesStep } from './MessageTypesStep';
import { useStartRegistrationMutation, useStationIdCheck } from './queries';
import {
  applyDraftChange,
  fromFormErrors,
  initialDraft,
  isEmailError,
  type TDraftErrors,
  TERMS_STEP,
  type TRegistrationDraft,
  type TWizardStep,
  toFormErrors,
  toStartRequest,
  VERIFY_STEP,
  validateStep,
  WIZARD_STEPS,
} from './registration-draft';
import { StationIdentityStep } from './StationIdentityStep';
import { TermsStep } from './TermsStep';
import { VerificationStep } from './VerificationStep';
import { WizardNav } from './WizardNav';

const STEP_FORM_ID = 'signup-step-form';
const STATION_STEP = WIZARD_STEPS.indexOf('station');

/** The start call found the ID taken after step 2 said it was free (another signup got there first). */
const isStationIdTaken = (error: unknown) => error instanceof ApiError && error.code === 'station_id_taken';

export function SignupPage() {
  const { t } = useTranslation('registration');
  const [active, setActive] = useState(0);
  // The draft, checked step by step with the start request's part for the step (decision 0068).
  const form = useForm<TRegistrationDraft>({
    initialValues: initialDraft(window.location.origin),
    validate: (values) => toFormErrors(validateStep(active, values)),
  });
  const draft = form.getValues();
  const errors = fromFormErrors(form.errors);
  const [registration, setRegistration] = useState<TRegisterStartResponse | null>(null);
  const start = useStartRegistrationMutation();
  const botCheck = useBotCheck();
  const stationIdCheck = useStationIdCheck();
  const registrationBusy = useIsMutating({ mutationKey: queryKeys.registration }) > 0;
  const compact = useMediaQuery('(max-width: 62em)') ?? false;

  const change = (patch: Partial<TRegistrationDraft>) => {
    form.setValues(applyDraftChange(form.getValues(), patch));
    for (const field of Object.keys(patch)) form.clearFieldError(field);
  };

  const goTo = (step: number) => {
    form.clearErrors();
    setActive(step);
    window.scrollTo({ top: 0 });
  };

  /** Back to the step that can fix the refusal: the station name for a taken ID, else step 1. */
  const askReturn = (error: unknown) => {
    const message = serverErrorText(error, t('errors.registrationFailed'));
    const stationTaken = isStationIdTaken(error);
    if (stationTaken) stationIdCheck.forget();
    const question = stationTaken
      ? t('startFailed.askReturnStation')
      : isEmailError(error)
        ? t('startFailed.askReturnEmail')
        : t('startFailed.askReturn');
    modals.openConfirmModal({
      title: t('startFailed.title'),
      children: (
        <Stack gap="xs">
          <Text>{t('startFailed.message', { error: message })}</Text>
          <Text>{question}</Text>
        </Stack>
      ),
      labels: {
        confirm: stationTaken ? t('startFailed.confirmStation') : t('startFailed.confirm'),
        cancel: t('startFailed.cancel'),
      },
      onConfirm: () => goTo(stationTaken ? STATION_STEP : 0),
    });
  };

  const startRegistration = (turnstileToken: string) => {
    setRegistration(null);
    goTo(VERIFY_STEP);
    start.mutate(
      { ...toStartRequest(draft), turnstileToken },
      {
        onSuccess: setRegistration,
        onError: (error) => {
          // The solution was spent; back to the terms: step 6 has nothing to show without a registration.
          botCheck.restartAfterFailure(error);
          setActive(TERMS_STEP);
          askReturn(error);
        },
      },
    );
  };

  /** Step 2 goes on only with a free ID; unanswered checks let it go on (the start call checks too). */
  const stationIdErrors = async (): Promise<TDraftErrors> => {
    const availability = await stationIdCheck.check(deriveStationId(draft.stationName));
    if (!availability || availability.available) return {};
    return { stationName: { code: 'station_id_taken', params: { station_id: availability.station_id } } };
  };

  const showErrors = (stepErrors: TDraftErrors) => {
    form.setErrors(toFormErrors(stepErrors));
    // Take the user to the first field that needs attention once the errors are shown.
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>(`#${STEP_FORM_ID} [aria-invalid="true"]`)?.focus();
    });
  };

  const next = async () => {
    const checked = form.validate();
    if (checked.hasErrors) return showErrors(fromFormErrors(checked.errors));
    if (active === STATION_STEP) {
      const taken = await stationIdErrors();
      if (Object.keys(taken).length > 0) return showErrors(taken);
    }
    if (active !== TERMS_STEP) return goTo(active + 1);
    const turnstileToken = botCheck.require();
    if (turnstileToken) startRegistration(turnstileToken);
  };
  // Step 1's phone is checked once its lazily loaded checks are there (UsPhoneInput, decision 0062).
  const submitStep = afterUsPhoneCheck(() => void next());

  const stepContent: Record<TWizardStep, ReactNode> = {
    account: <AdminAccountStep draft={draft} errors={errors} onChange={change} />,
    station: <StationIdentityStep draft={draft} errors={errors} onChange={change} />,
    branding: <BrandingStep draft={draft} errors={errors} onChange={change} />,
    messageTypes: <MessageTypesStep draft={draft} onChange={change} />,
    terms: <TermsStep draft={draft} errors={errors} onChange={change} botCheck={botCheck} />,
    verify: (
      <VerificationStep
        registration={registration}
        logo={draft.logo}
        onRegistrationChange={setRegistration}
      />
    ),
  };

  const currentStep = WIZARD_STEPS[active] ?? 'account';

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Stack gap={4} mb="lg" px={{ base: 'xs', sm: 0 }}>
        <PageTitle>{t('title')}</PageTitle>
        <Text c="dimmed" mt={-12}>
          {t('subtitle')}
        </Text>
      </Stack>

      <Paper withBorder shadow="xs" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stepper
          active={active}
          onStepClick={(step) => {
            if (step < active && active !== VERIFY_STEP) goTo(step);
          }}
          allowNextStepsSelect={false}
          size={compact ? 'xs' : 'sm'}
          iconSize={compact ? 28 : undefined}
          // Six steps must stay on one line on a phone.
          styles={compact ? { steps: { flexWrap: 'nowrap' }, separator: { marginInline: 4 } } : undefined}
          mb="xl"
        >
          {WIZARD_STEPS.map((step, index) => (
            <Stepper.Step
              key={step}
              label={compact ? undefined : t(`steps.${step}`)}
              // Named by what it shows (its number, and its label when there is room), so the name
              // holds the visible text (WCAG 2.5.3): "Step 1 of 6: Admin Account" on a phone.
              aria-label={
                compact
                  ? t('stepOf', { step: index + 1, total: WIZARD_STEPS.length, label: t(`steps.${step}`) })
                  : undefined
              }
            />
          ))}
        </Stepper>

        {compact && (
          <Text fz="sm" fw={600} c="dimmed" mb="md">
            {t('stepOf', {
              step: active + 1,
              total: WIZARD_STEPS.length,
              label: t(`steps.${currentStep}`),
            })}
          </Text>
        )}

        {active === VERIFY_STEP ? (
          stepContent.verify
        ) : (
          <form id={STEP_FORM_ID} onSubmit={submitStep} noValidate>
            {stepContent[currentStep]}
          </form>
        )}

        <WizardNav
          formId={STEP_FORM_ID}
          onBack={() => goTo(active - 1)}
          backDisabled={active === 0 || (active === VERIFY_STEP && registrationBusy)}
          continueLabel={active === TERMS_STEP ? t('nav.acceptAndContinue') : t('nav.continue')}
          continueLoading={stationIdCheck.checking}
          showContinue={active !== VERIFY_STEP}
        />
      </Paper>
    </Container>
  );
}
