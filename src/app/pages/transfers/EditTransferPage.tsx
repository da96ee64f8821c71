import { Alert, Button, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../inventory/shared/PageHeader';
import { TransferForm } from './TransferForm';
import { useTransfer } from './use-transfer';

/** `/transfers/:id/edit`: a draft's ends, lines and notes, loaded into the transfer form; once dispatched it is what moved. */
export default function EditTransferPage() {
  const { id = '' } = useParams();
  const { transfer, loading, error } = useTransfer(id);
  const { t, tx } = useT();
  const back = (
    <Link to={`/transfers/${id}`}>
      <Button>{t('stockTakes.show.back')}</Button>
    </Link>
  );
  if (error) {
    return <Alert type="error" showIcon role="alert" message={tx(error.message)} action={<Link to="/transfers">{t('transfers.show.backToList')}</Link>} />;
  }
  if (loading || !transfer) return <Skeleton active />;
  return (
    <>
      <PageHeader title={t('transfers.edit.title', { reference: transfer.reference })} subTitle={t('transfers.edit.subtitle')} extra={back} />
      {transfer.status === 'draft' ? (
        <TransferForm draft={transfer} />
      ) : (
        <Alert
          type="warning"
          showIcon
          role="alert"
          // The API's words for a step out of order name the status the same way: one text, its status translated.
          message={tx(`This transfer is ${transfer.status.replace('_', ' ')}: it can no longer be edited`)}
          action={back}
        />
      )}
    </>
  );
}
