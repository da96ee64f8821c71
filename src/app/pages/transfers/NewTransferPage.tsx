import { Button } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../inventory/shared/PageHeader';
import { TransferForm } from './TransferForm';

/** `/transfers/new`: a new transfer, saved as a draft. */
export default function NewTransferPage() {
  return (
    <>
      <PageHeader
        title="New Transfer"
        subTitle="Move stock from one warehouse to another"
        extra={
          <Link to="/transfers">
            <Button>Back</Button>
          </Link>
        }
      />
      <TransferForm />
    </>
  );
}
