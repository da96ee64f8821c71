import { UploadOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { retryableLazy } from '../../../routes/retryable-lazy';

const ProductImportDialog = retryableLazy(() => import('./ProductImportDialog'));

/**
 * 'Import' on Product Listing: the button, and the import dialog (ProductImportDialog.tsx), whose code is downloaded
 * when it is first opened and which then stays mounted, so it closes with antd's animation.
 */
export function ProductImportButton() {
  const { data: access } = useCan({ resource: 'product-import', action: 'create' });
  const { t, tx } = useT();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        disabled={!access?.can}
        title={access?.can || !access?.reason ? undefined : tx(access.reason)}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('buttons.import')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ProductImportDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
