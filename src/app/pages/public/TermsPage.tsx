import { SUPPORT_EMAIL } from '../../config';
import { useT } from '../../i18n/use-t';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  const { t } = useT();
  return (
    <LegalPage
      title={t('public.terms.title')}
      sections={[
        { heading: t('public.terms.useHeading'), text: t('public.terms.use') },
        { heading: t('public.terms.pricesHeading'), text: t('public.terms.prices') },
        { heading: t('public.terms.deliveryHeading'), text: t('public.terms.delivery') },
        { heading: t('public.legal.contact'), text: t('public.terms.contact', { email: SUPPORT_EMAIL }) },
      ]}
    />
  );
}
