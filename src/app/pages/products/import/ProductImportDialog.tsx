import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Progress, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { PRODUCT_CSV_EXAMPLES, PRODUCT_IMPORT_MAX_BYTES, productCsv } from '../../../../domain/product-csv';
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
  const imports = useProductImport();
  const [step, setStep] = useState<Step | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (file: File) => {
    setFailure(null);
    if (file.size > PRODUCT_IMPORT_MAX_BYTES) {
      setStep({ file: file.name, csv: '', check: null, done: null });
      setFailure(`The file is ${(file.size / 1024 / 1024).toFixed(1)} MB: at most ${MAX_MB} MB per import. Split it in parts.`);
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
      void message.success(`Imported: ${done.created} new, ${done.updated} updated`);
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
      title={`Import products${step ? `: ${step.file}` : ''}`}
      width={860}
      onCancel={close}
      maskClosable={false}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Button icon={<DownloadOutlined />} onClick={() => downloadCsvText('products-template.csv', productCsv(PRODUCT_CSV_EXAMPLES))}>
            Download template
          </Button>
          <Flex gap={8}>
            <Button onClick={close}>{step?.done ? 'Close' : 'Cancel'}</Button>
            {!step?.done && (
              <Button type="primary" disabled={!ready} loading={imports.busy && !!check} onClick={() => void apply()}>
                Import {check ? check.created + check.updated : ''} products
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
          <p className="ant-upload-text">{step ? 'Choose another CSV file' : 'Click or drop a CSV file here'}</p>
        </Upload.Dragger>
      )}
      {failure && <Alert type="error" showIcon role="alert" message={failure} style={{ marginBottom: 12 }} />}
      {imports.busy && <Progress percent={100} status="active" showInfo={false} aria-label="Import in progress" />}
      {step?.done && <Alert type="success" showIcon message={`Import complete: ${step.done.created} new, ${step.done.updated} updated.`} />}
      {check && !step?.done && (
        <>
          <Flex gap={8} wrap style={{ marginBottom: 12 }} aria-label="Import summary">
            <Tag color="green">{check.created} new</Tag>
            <Tag color="blue">{check.updated} updated by SKU</Tag>
            <Tag color={check.errors.length ? 'red' : 'default'}>{check.errors.length} errors</Tag>
          </Flex>
          {check.errors.length > 0 ? (
            <>
              <Typography.Paragraph type="danger">
                Nothing is imported while the file has errors: fix these rows and choose the file again.
              </Typography.Paragraph>
              <Table
                size="small"
                rowKey={(e) => `${e.row}/${e.field}/${e.message}`}
                dataSource={check.errors}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                scroll={{ x: true }}
                columns={[
                  { key: 'row', title: 'Row', dataIndex: 'row', width: 70 },
                  { key: 'field', title: 'Column', dataIndex: 'field', width: 140 },
                  { key: 'message', title: 'Message', dataIndex: 'message' },
                ]}
              />
            </>
          ) : (
            <Typography.Paragraph>The file is valid. Import creates and updates all of it in one go, or nothing.</Typography.Paragraph>
          )}
        </>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        CSV with a header row (at most {MAX_MB} MB). Rows whose SKU is in the catalogue update that product; others create one. Category and subcategory by
        name; unit from the unit list; barcode EAN-13, EAN-8 or UPC-A.
      </Typography.Paragraph>
    </Modal>
  );
}
