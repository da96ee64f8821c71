import { Button } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../inventory/shared/PageHeader';
import { TransferForm } from './TransferForm';

/** `/transfers/new`: a new transfer, saved as a draft. */
export default function NewTransferPage() {
  const { t } = useT();
  return (
    <>
      <PageHeader
        title={t('transfers.new')}
        subTitle={t('transfers.newSubtitle')}
        extra={
          <Link to="/transfers">
            <Button>{t('stockTakes.show.back')}</Button>
          </Link>
        }
      />
      <TransferForm />
    </>
  );
}
