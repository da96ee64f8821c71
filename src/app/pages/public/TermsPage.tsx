import { SUPPORT_EMAIL } from '../../config';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      sections={[
        {
          heading: 'Use of the service',
          text: 'By ordering through our apps you agree to these terms. Orders are accepted subject to stock in the warehouse serving your address.',
        },
        {
          heading: 'Prices and payment',
          text: 'Prices are in Indian Rupees and include the applicable GST. Handling charges, when they apply, are shown before you confirm an order.',
        },
        {
          heading: 'Delivery and returns',
          text: 'We deliver to the addresses our warehouses serve. Damaged or wrong items can be returned at delivery or reported to support the same day.',
        },
        { heading: 'Contact', text: `Questions about these terms: ${SUPPORT_EMAIL}.` },
      ]}
    />
  );
}
