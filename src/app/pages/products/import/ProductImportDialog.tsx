import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Progress, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { PRODUCT_CSV_EXAMPLES, PRODUCT_IMPORT_MAX_BYTES, productCsv } from '../../../../domain/product-csv';
import { useT } from '../../../i18n/use-t';
import { downloadCsvText } from '../../reports/shared/csv';
import { useProductImport, type ImportAnswer } from './use-product-import';

const MAX_MB = PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024;

type Step = { file: string; csv: string; check: ImportAnswer | null; done: ImportAnswer | null };

/**
 * The import dialog of Product Listing: choose a CSV (the template has the columns and two example rows), see the dry
 * run — what will be created and updated, or every error by row and column — and only then import, all rows or none.
 * (Refine's useImport posts row by row from the browser; this import is validated and applied by the API in one
 * transaction, so the file goes to it whole.) Its own chunk: the list does not carry Upload, Progress and Table for it.
 */
export default function ProductImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const { t, tx } = useT();
  const imports = useProductImport();
  const [step, setStep] = useState<Step | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (file: File) => {
    setFailure(null);
    if (file.size > PRODUCT_IMPORT_MAX_BYTES) {
      setStep({ file: file.name, csv: '', check: null, done: null });
      setFailure(t('products.import.fileTooLarge', { size: (file.size / 1024 / 1024).toFixed(1), max: MAX_MB }));
      return;
    }
    const csv = await file.text();
    imports.newFile();
    setStep({ file: file.name, csv, check: null, done: null });
    try {
      const check = await imports.dryRun(csv);
      setStep({ file: file.name, csv, check, done: null });
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  const apply = async () => {
    if (!step) return;
    setFailure(null);
    try {
      const done = await imports.apply(step.csv);
      setStep({ ...step, done });
      void message.success(t('products.import.imported', { created: done.created, updated: done.updated }));
    } catch (error) {
      setFailure((error as Error).message);
      // The catalogue changed since the dry run: show what is wrong now.
      const check = await imports.dryRun(step.csv).catch(() => null);
      if (check) setStep({ ...step, check });
    }
  };

  const close = () => {
    onClose();
    setStep(null);
    setFailure(null);
  };

  const check = step?.check;
  const ready = !!check && check.errors.length === 0 && !step?.done;

  return (
    <Modal
      open={open}
      title={step ? t('products.import.titleOfFile', { file: step.file }) : t('products.import.title')}
      width={860}
      onCancel={close}
      maskClosable={false}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Button icon={<DownloadOutlined />} onClick={() => downloadCsvText('products-template.csv', productCsv(PRODUCT_CSV_EXAMPLES))}>
            {t('products.import.template')}
          </Button>
          <Flex gap={8}>
            <Button onClick={close}>{step?.done ? t('products.import.close') : t('buttons.cancel')}</Button>
            {!step?.done && (
              <Button type="primary" disabled={!ready} loading={imports.busy && !!check} onClick={() => void apply()}>
                {check ? t('products.import.importCount', { total: check.created + check.updated }) : t('products.import.title')}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      {!step?.done && (
        <Upload.Dragger
          accept=".csv,text/csv"
          showUploadList={false}
          multiple={false}
          disabled={imports.busy}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
          style={{ marginBottom: 12 }}
        >
          <p className="ant-upload-text">{step ? t('products.import.chooseAnother') : t('products.import.choose')}</p>
        </Upload.Dragger>
      )}
      {failure && <Alert type="error" showIcon role="alert" message={tx(failure)} style={{ marginBottom: 12 }} />}
      {imports.busy && <Progress percent={100} status="active" showInfo={false} aria-label={t('products.import.inProgress')} />}
      {step?.done && <Alert type="success" showIcon message={t('products.import.complete', { created: step.done.created, updated: step.done.updated })} />}
      {check && !step?.done && (
        <>
          <Flex gap={8} wrap style={{ marginBottom: 12 }} aria-label={t('products.import.summary')}>
            <Tag color="green">{t('products.import.newCount', { n: check.created })}</Tag>
            <Tag color="blue">{t('products.import.updatedCount', { n: check.updated })}</Tag>
            <Tag color={check.errors.length ? 'red' : 'default'}>{t('products.import.errorCount', { n: check.errors.length })}</Tag>
          </Flex>
          {check.errors.length > 0 ? (
            <>
              <Typography.Paragraph type="danger">{t('products.import.fixErrors')}</Typography.Paragraph>
              <Table
                size="small"
                rowKey={(e) => `${e.row}/${e.field}/${e.message}`}
                dataSource={check.errors}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                scroll={{ x: true }}
                columns={[
                  { key: 'row', title: t('products.import.row'), dataIndex: 'row', width: 70 },
                  { key: 'field', title: t('products.import.column'), dataIndex: 'field', width: 140 },
                  // The API's words (services/product-import.ts), in the user's language.
                  { key: 'message', title: t('products.import.message'), dataIndex: 'message', render: (text: string) => tx(text) },
                ]}
              />
            </>
          ) : (
            <Typography.Paragraph>{t('products.import.valid')}</Typography.Paragraph>
          )}
        </>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('products.import.help', { max: MAX_MB })}
      </Typography.Paragraph>
    </Modal>
  );
}
