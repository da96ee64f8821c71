import { Alert, Button, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../inventory/shared/PageHeader';
import { TransferForm } from './TransferForm';
import { useTransfer } from './use-transfer';

/** `/transfers/:id/edit`: a draft's ends, lines and notes, loaded into the transfer form; once dispatched it is what moved. */
export default function EditTransferPage() {
  const { id = '' } = useParams();
  const { transfer, loading, error } = useTransfer(id);
  const back = (
    <Link to={`/transfers/${id}`}>
      <Button>Back</Button>
    </Link>
  );
  if (error) return <Alert type="error" showIcon role="alert" message={error.message} action={<Link to="/transfers">Back to Transfers</Link>} />;
  if (loading || !transfer) return <Skeleton active />;
  return (
    <>
      <PageHeader title={`Edit Transfer ${transfer.reference}`} subTitle="A draft: nothing has moved yet" extra={back} />
      {transfer.status === 'draft' ? (
        <TransferForm draft={transfer} />
      ) : (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={`This transfer is ${transfer.status.replace('_', ' ')}: it can no longer be edited`}
          action={back}
        />
      )}
    </>
  );
}
