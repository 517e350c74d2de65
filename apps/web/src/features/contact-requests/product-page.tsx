/**
 * A product page (SPEC.md section 2: private_b_p, structured_p, investment_b): what the service is,
 * who it is for, how it works, what it offers, indicative minimums and its risks, written in the
 * `products` catalogue in each language; beside it, the request to be contacted by the company's
 * relationship manager. Sober by design: type, rules and cards, no stock images.
 */
import type { BankingProduct } from '@bank/contract/contact-requests';
import {
  Alert,
  Badge,
  Box,
  Card,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame.tsx';
import { ContactRequestCard } from './contact-request-card.tsx';
import '../../messages/contact-requests.ts';

type Titled = { title: string; text: string };
type Labelled = { label: string; value: string };

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function ProductPage({ product }: { product: BankingProduct }) {
  const { t } = useTranslation();
  const audience = Object.values(
    t(`contact_requests.${product}.who_for`, { returnObjects: true }) as Record<string, string>,
  );
  const steps = Object.values(
    t(`contact_requests.${product}.steps`, { returnObjects: true }) as Record<string, Titled>,
  );
  const services = Object.values(
    t(`contact_requests.${product}.services`, { returnObjects: true }) as Record<string, Titled>,
  );
  const minimums = Object.values(
    t(`contact_requests.${product}.minimums`, { returnObjects: true }) as Record<string, Labelled>,
  );
  return (
    <PageFrame title={t(`pages.${product}.title`)} description={t(`pages.${product}.purpose`)}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="xl">
            <Paper withBorder p="xl" radius="md" style={{ borderLeft: '4px solid var(--mantine-color-bank-7)' }}>
              <Stack gap="sm">
                <Text size="xs" fw={700} tt="uppercase" c="bank.8" style={{ letterSpacing: '0.08em' }}>
                  {t(`contact_requests.${product}.eyebrow`)}
                </Text>
                <Text fz="lg" lh={1.55} c="dark.7">
                  {t(`contact_requests.${product}.lead`)}
                </Text>
              </Stack>
            </Paper>

            <Section id="product-who-for" title={t('contact_requests.sections.who_for')}>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {audience.map((line) => (
                  <List.Item key={line}>
                    <Text size="sm">{line}</Text>
                  </List.Item>
                ))}
              </List>
            </Section>

            <Section id="product-how" title={t('contact_requests.sections.how_it_works')}>
              <SimpleGrid
                cols={{ base: 1, sm: 2 }}
                spacing="md"
                component="ol"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {steps.map((step, index) => (
                  <Card key={step.title} component="li" padding="lg">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Badge variant="light" size="lg" radius="sm" aria-hidden style={{ flexShrink: 0 }}>
                        {index + 1}
                      </Badge>
                      <Stack gap={4}>
                        <Text fw={600}>{step.title}</Text>
                        <Text size="sm" c="dimmed">
                          {step.text}
                        </Text>
                      </Stack>
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
            </Section>

            <Section id="product-services" title={t('contact_requests.sections.services')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {services.map((service) => (
                  <Card key={service.title} padding="lg">
                    <Stack gap={6}>
                      <Text fw={600}>{service.title}</Text>
                      <Text size="sm" c="dimmed">
                        {service.text}
                      </Text>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            </Section>

            <Section id="product-minimums" title={t('contact_requests.sections.minimums')}>
              <Card padding={0}>
                <Stack gap={0} component="dl" m={0}>
                  {minimums.map((minimum, index) => (
                    <Group
                      key={minimum.label}
                      justify="space-between"
                      gap="md"
                      px="lg"
                      py="md"
                      wrap="wrap"
                      style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
                    >
                      <Text component="dt" size="sm" c="dimmed">
                        {minimum.label}
                      </Text>
                      <Text component="dd" size="sm" fw={600} m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
                        {minimum.value}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Card>
              <Text size="xs" c="dimmed">
                {t('contact_requests.minimums_note')}
              </Text>
            </Section>

            <Section id="product-risks" title={t('contact_requests.sections.risks')}>
              <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
                <Text size="sm" lh={1.6}>
                  {t(`contact_requests.${product}.risks`)}
                </Text>
              </Alert>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Box style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 64px) + 16px)' }}>
            <ContactRequestCard product={product} />
          </Box>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

/** /private_b_p. The three pages are one module, so the route table names one chunk for them. */
export function PrivateBankingPage() {
  return <ProductPage product="private_banking" />;
}

/** /structured_p. */
export function StructuredProductsPage() {
  return <ProductPage product="structured_products" />;
}

/** /investment_b. */
export function InvestmentBankingPage() {
  return <ProductPage product="investment_banking" />;
}

PrivateBankingPage.isDrawnWhole = true as const;
StructuredProductsPage.isDrawnWhole = true as const;
InvestmentBankingPage.isDrawnWhole = true as const;
