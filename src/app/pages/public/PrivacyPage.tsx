import { SUPPORT_EMAIL } from '../../config';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      sections={[
        { heading: 'What we collect', text: 'Your name, phone number, e-mail, delivery address and order history: what we need to deliver your orders.' },
        { heading: 'How we use it', text: 'To take, deliver and support your orders. We do not sell personal data. Staff see only what their role needs.' },
        { heading: 'How long we keep it', text: 'Order records are kept as long as tax law requires; you may ask us to delete your account at any time.' },
        { heading: 'Contact', text: `Privacy questions and requests: ${SUPPORT_EMAIL}.` },
      ]}
    />
  );
}
