// The frame of the privacy policy and the terms: title, dates, contents, numbered sections.
import { Box, Grid, List, Stack, Text, Title } from '@mantine/core';
import { PublicPage } from '../../components/PublicPage';
import { useTranslation } from '../../i18n/react';
import { SectionJumpMenu, SectionList } from './LegalContents';
import type { TLegalSection } from './legal-section';

type LegalDocumentProps = {
  title: string;
  /** Already written out in the UI language, e.g. 'August 26, 2025'. */
  effective: string;
  updated: string;
  intro?: string;
  sections: readonly TLegalSection[];
};

function LegalSectionView({ section, number }: { section: TLegalSection; number: number }) {
  return (
    <Stack component="section" aria-labelledby={section.id} gap="xs">
      <Title order={2} fz="h4" id={section.id} tabIndex={-1} style={{ scrollMarginTop: 80, outline: 'none' }}>
        {number}. {section.title}
      </Title>
      {section.paragraphs.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {section.items && (
        <List spacing={6} withPadding>
          {section.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
      {section.closing?.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {section.action && <Box mt={4}>{section.action}</Box>}
    </Stack>
  );
}

export function LegalDocument({ title, effective, updated, intro, sections }: LegalDocumentProps) {
  const { t } = useTranslation('legal');
  return (
    <PublicPage title={title}>
      <Stack gap={2} mt={-8} mb="lg">
        <Text c="dimmed">{t('dates.effective', { date: effective })}</Text>
        <Text c="dimmed">{t('dates.updated', { date: updated })}</Text>
      </Stack>
      {intro && (
        <Text fz="lg" mb="lg" maw={820}>
          {intro}
        </Text>
      )}
      <Box hiddenFrom="md" mb="lg">
        <SectionJumpMenu sections={sections} />
      </Box>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }} visibleFrom="md">
          <SectionList sections={sections} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="xl" maw={820}>
            {sections.map((section, index) => (
              <LegalSectionView key={section.id} section={section} number={index + 1} />
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </PublicPage>
  );
}
