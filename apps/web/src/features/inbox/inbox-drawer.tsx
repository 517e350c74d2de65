/**
 * The bell's drawer of messages (inbox-bell.tsx), loaded with its panel when it first opens.
 */
import { useTranslation } from 'react-i18next';
import { Drawer } from '../../ui/drawer.tsx';
import InboxPanel from './inbox-panel.tsx';
import '../../messages/inbox.ts';

export default function InboxDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
      position="right"
      size="md"
      title={t('inbox.title')}
      closeButtonProps={{ 'aria-label': t('inbox.close') }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <InboxPanel onNavigate={onClose} />
    </Drawer>
  );
}
