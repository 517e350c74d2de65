/**
 * /admin/cards: an honest frame until the cards capability (issue 14) fills it. Until slice B's page
 * is merged, `?card=<id>` shows that card's money controls of the processor simulator.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { CardMoneySimulator } from './card-money-simulator.tsx';

export function CardOperationsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const cardId = params.get('card');
  if (!cardId) return <NotYetAvailablePage pageId="admin_cards" />;
  return (
    <PageFrame title={t('pages.admin_cards.title')} description={t('pages.admin_cards.purpose')}>
      <CardMoneySimulator cardId={cardId} />
    </PageFrame>
  );
}
