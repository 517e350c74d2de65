/**
 * /blockchain_d/deposit_jmhb: receiving digital assets. The user picks the asset and, for USDT and
 * USDC, the network; the page shows the company's address on it (deposit/details) as text to copy
 * and as a QR code, with the network's warning and the confirmations after which coins are
 * credited. Assets and networks come from deposit/getConfig. Below, the company's recent deposits
 * with their confirmations (recent-deposits.tsx).
 */
import { type DepositConfig, getDepositConfig, getDepositDetails } from '@bank/contract/deposit';
import type { DigitalAsset, Network } from '@bank/contract/money';
import { Alert, Card, Group, Image, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { CopyValueButton } from '../../ui/copy-value-button.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { svgDataUrl } from '../../ui/svg-data-url.ts';
import { firstAssetOf, firstNetworkOf } from './crypto-deposit-page-data.ts';
import { RecentDeposits } from './recent-deposits.tsx';
import '../../messages/deposits.ts';

function AddressCard({ asset, network }: { asset: DigitalAsset; network: Network }) {
  const { t } = useTranslation();
  const details = useScreenQuery(getDepositDetails, { asset, network });
  return (
    <QueryState
      isReasonHidden
      query={details}
      skeleton={
        <Card role="status" aria-busy="true" aria-label={t('shell.loading')}>
          <Group gap="xl" align="flex-start">
            <Skeleton height={184} width={184} radius="md" />
            <Stack gap="sm" style={{ flex: 1 }}>
              <Skeleton height={16} width="50%" radius="sm" />
              <Skeleton height={40} radius="sm" />
              <Skeleton height={60} radius="sm" />
            </Stack>
          </Group>
        </Card>
      }
    >
      {(data) => (
        <Card component="section" aria-labelledby="deposit-address-title">
          <Stack gap="md">
            <Text component="h2" id="deposit-address-title" fw={600} fz="md" m={0}>
              {t('deposits.crypto.address_title', { asset: data.asset, network: data.network })}
            </Text>
            <Group gap="xl" align="flex-start" wrap="wrap">
              <Image
                src={svgDataUrl(data.qr_svg)}
                alt={t('deposits.crypto.qr_alt', { network: data.network })}
                w={184}
                h={184}
                fit="contain"
                radius="md"
                style={{ border: '1px solid var(--mantine-color-gray-3)' }}
              />
              <Stack gap="sm" style={{ flex: '1 1 280px', minWidth: 0 }}>
                <Text size="sm" c="dimmed" id="deposit-address-label">
                  {t('deposits.crypto.address_label')}
                </Text>
                <Group gap="xs" wrap="nowrap" align="center">
                  <Text
                    ff="monospace"
                    fz="md"
                    fw={500}
                    aria-labelledby="deposit-address-label"
                    data-testid="deposit-address"
                    style={{ wordBreak: 'break-all' }}
                  >
                    {data.address}
                  </Text>
                  <CopyValueButton
                    value={data.address}
                    label={t('deposits.crypto.copy')}
                    copiedLabel={t('deposits.crypto.copied')}
                  />
                </Group>
                <Text size="sm">{t('deposits.crypto.confirmations', { count: data.confirmations })}</Text>
                {data.asset === 'USDT' || data.asset === 'USDC' ? (
                  <Text size="sm" c="dimmed">
                    {t('deposits.crypto.shared_address', { network: data.network })}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              // Mantine's orange title on its light background reads below 4.5:1: the text colour does not.
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
              title={t('deposits.crypto.warning_title', { asset: data.asset, network: data.network })}
            >
              <Text size="sm">{t('deposits.crypto.warning')}</Text>
            </Alert>
          </Stack>
        </Card>
      )}
    </QueryState>
  );
}

/** A few options side by side (SegmentedControl, keyboard-operable), named by its label. */
function LabelledChoice(props: {
  id: string;
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`${props.id}-label`}>
        {props.label}
      </Text>
      <SegmentedControl
        aria-labelledby={`${props.id}-label`}
        value={props.value}
        onChange={props.onChange}
        data={props.options}
      />
    </Stack>
  );
}

function DepositChooser({ config }: { config: DepositConfig }) {
  const { t } = useTranslation();
  const [asset, setAsset] = useState<DigitalAsset>(firstAssetOf(config));
  const networksOfChosen = config.assets.find((entry) => entry.asset === asset)?.networks ?? [];
  const [chosenNetwork, setNetwork] = useState<Network | null>(null);
  const network =
    networksOfChosen.find((entry) => entry.network === chosenNetwork)?.network ?? firstNetworkOf(config, asset);
  return (
    <Stack gap="lg">
      <Card>
        <Group gap="xl" wrap="wrap" align="flex-end">
          <LabelledChoice
            id="deposit-asset"
            label={t('deposits.crypto.asset')}
            value={asset}
            options={config.assets.map((entry) => entry.asset)}
            onChange={(value) => setAsset(value as DigitalAsset)}
          />
          <LabelledChoice
            id="deposit-network"
            label={t('deposits.crypto.network')}
            value={network ?? ''}
            options={networksOfChosen.map((entry) => entry.network)}
            onChange={(value) => setNetwork(value as Network)}
          />
        </Group>
      </Card>
      {network ? <AddressCard key={`${asset}-${network}`} asset={asset} network={network} /> : null}
      <RecentDeposits />
    </Stack>
  );
}

export function CryptoDepositPage() {
  const { t } = useTranslation();
  const config = useScreenQuery(getDepositConfig, {});
  return (
    <PageFrame title={t('pages.crypto_deposit.title')} description={t('pages.crypto_deposit.purpose')}>
      <QueryState isReasonHidden query={config}>
        {(data) => <DepositChooser config={data} />}
      </QueryState>
    </PageFrame>
  );
}
