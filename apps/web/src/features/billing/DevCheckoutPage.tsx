// /dev/checkout (development only): where the server's test Payment Links lead when no Stripe
// links are configured. Paying asks the server to sign a Stripe event and run it through its webhook.
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CREDIT_PACK,
  formatUsd,
  PLAN_TIERS,
  type TDevCheckoutRequest,
  TEXT_LIMITS,
  type TPlanTier,
  ZDevCheckoutRequest,
} from '@message-station/shared';
import { IconAlertCircle, IconCircleCheck, IconFlask } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { TCheckoutKind } from '../../api/billing';
import { serverErrorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { schemaResolver } from '../../lib/schema-resolver';
import { useDevCheckoutMutation } from './queries';

export const MAX_PACKS = 10;
const TIERS = Object.keys(PLAN_TIERS) as TPlanTier[];

function checkoutKind(value: string | null): TCheckoutKind | null {
  return value === 'subscription' || value === 'credits' ? value : null;
}

export function DevCheckoutPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const kind = checkoutKind(params.get('kind'));
  const stationId = params.get('client_reference_id') ?? '';

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <PageTitle>{t('checkout.title')}</PageTitle>
      {kind && stationId ? (
        <CheckoutForm
          kind={kind}
          stationId={stationId}
          prefilledEmail={params.get('prefilled_email') ?? ''}
        />
      ) : (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {t('checkout.invalidLink')}
        </Alert>
      )}
    </Container>
  );
}

type CheckoutFormProps = { kind: TCheckoutKind; stationId: string; prefilledEmail: string };

type TCheckoutValues = { client_reference_id: string; email: string; tier: TPlanTier; packs: number };

/** What the server refuses in a checkout (decision 0068), field by field as the request names them. */
const checkCheckout = schemaResolver(ZDevCheckoutRequest);

/** The request for this checkout: the plan's tier or the number of packs, as the kind asks. */
function checkoutRequest(kind: TCheckoutKind, values: TCheckoutValues): TDevCheckoutRequest {
  return {
    kind,
    client_reference_id: values.client_reference_id,
    email: values.email.trim(),
    ...(kind === 'subscription' ? { tier: values.tier } : { packs: values.packs }),
  };
}

function CheckoutForm({ kind, stationId, prefilledEmail }: CheckoutFormProps) {
  const { t } = useTranslation(['billing', 'errors']);
  const checkout = useDevCheckoutMutation();
  const form = useForm<TCheckoutValues>({
    initialValues: { client_reference_id: stationId, email: prefilledEmail, tier: 'basic', packs: 1 },
    validate: (values) => {
      const errors = checkCheckout(checkoutRequest(kind, values));
      // The server takes a checkout without an email; this page asks for the one Stripe would collect.
      if (!errors.email && !values.email.trim()) errors.email = t('checkout.emailRequired');
      return errors;
    },
  });
  const { tier, packs } = form.getValues();
  const totalCents = kind === 'subscription' ? PLAN_TIERS[tier].priceCents : packs * CREDIT_PACK.priceCents;

  const submit = form.onSubmit((values) => checkout.mutate(checkoutRequest(kind, values)));

  if (checkout.isSuccess) {
    return (
      <Alert
        color="green"
        title={t('checkout.succeeded')}
        icon={<IconCircleCheck size={20} aria-hidden="true" />}
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('checkout.succeededText', { eventId: checkout.data.event_id })}</Text>
          <Button component={Link} to="/admin/billing">
            {t('checkout.backToBilling')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Card p="lg" component="section" aria-labelledby="checkout-card-title">
      <Group gap="xs" mb={4}>
        <IconFlask size={22} aria-hidden="true" color="var(--mantine-color-orange-6)" />
        <Title order={2} fz="h3" id="checkout-card-title">
          {t('checkout.cardTitle')}
        </Title>
      </Group>
      <Badge color="orange" variant="light">
        {kind === 'subscription' ? t('checkout.subscriptionHeading') : t('checkout.creditsHeading')}
      </Badge>
      <Text fz="sm" c="dimmed" mt="sm" mb="md">
        {t('checkout.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('checkout.station')} readOnly {...form.getInputProps('client_reference_id')} />
          <TextInput
            label={t('checkout.email')}
            type="email"
            withAsterisk
            maxLength={TEXT_LIMITS.email}
            {...form.getInputProps('email')}
          />
          {kind === 'subscription' ? (
            <NativeSelect
              label={t('checkout.tier')}
              value={tier}
              onChange={(event) => form.setFieldValue('tier', event.currentTarget.value as TPlanTier)}
              error={form.errors.tier}
              data={TIERS.map((value) => ({
                value,
                label: t('checkout.tierOption', {
                  label: PLAN_TIERS[value].label,
                  price: formatUsd(PLAN_TIERS[value].priceCents),
                }),
              }))}
            />
          ) : (
            <NumberInput
              label={t('checkout.packs')}
              description={t('checkout.packsDescription', {
                credits: formatCount(CREDIT_PACK.credits),
                price: formatUsd(CREDIT_PACK.priceCents),
              })}
              min={1}
              max={MAX_PACKS}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              value={packs}
              onChange={(value) =>
                form.setFieldValue('packs', Math.min(MAX_PACKS, Math.max(1, Number(value) || 1)))
              }
              error={form.errors.packs}
            />
          )}
          {kind === 'credits' && (
            <Text fw={600}>
              {t('checkout.total', {
                price: formatUsd(totalCents),
                credits: formatCount(packs * CREDIT_PACK.credits),
              })}
            </Text>
          )}
          {checkout.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {serverErrorText(checkout.error, t('checkout.failed'))}
            </Alert>
          )}
          <Button type="submit" loading={checkout.isPending} size="md">
            {t('checkout.pay', { price: formatUsd(totalCents) })}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
