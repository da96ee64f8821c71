import { SUPPORT_EMAIL } from '../../config';
import { useT } from '../../i18n/use-t';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  const { t } = useT();
  return (
    <LegalPage
      title={t('public.privacy.title')}
      sections={[
        { heading: t('public.privacy.collectHeading'), text: t('public.privacy.collect') },
        { heading: t('public.privacy.useHeading'), text: t('public.privacy.use') },
        { heading: t('public.privacy.keepHeading'), text: t('public.privacy.keep') },
        { heading: t('public.legal.contact'), text: t('public.privacy.contact', { email: SUPPORT_EMAIL }) },
      ]}
    />
  );
}
