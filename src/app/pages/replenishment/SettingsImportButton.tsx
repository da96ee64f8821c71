import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useCan, useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, App, Button, Flex, Modal, Table, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { PRODUCT_IMPORT_MAX_BYTES } from '../../../domain/product-csv';
import { REPLENISHMENT_CSV_COLUMNS, type SettingsImportAnswer } from '../../../domain/schemas/replenishment';
import { useT } from '../../i18n/use-t';
import { newIdempotencyKey } from '../inventory/stock/idempotency-key';
import { downloadCsv } from '../reports/shared/csv';

const TEMPLATE = [['Jaipur Central Warehouse', 'GRC-0001', '20', '120', '5', '12', 'seller@demo.local']];

/** POST /inventory/replenishment-settings/import with the file as text/csv: a dry run, then the import (one key per file). */
function useSettingsImport() {
  const { mutateAsync, mutation } = useCustomMutation<SettingsImportAnswer>();
  const invalidate = useInvalidate();
  const key = useRef(newIdempotencyKey());
  const post = async (csv: string, dryRun: boolean) =>
    (
      await mutateAsync({
        url: `/inventory/replenishment-settings/import?dry_run=${dryRun}`,
        method: 'post',
        values: csv as unknown as object,
        config: { headers: { 'content-type': 'text/csv', ...(dryRun ? {} : { 'idempotency-key': key.current }) } },
        successNotification: false,
        errorNotification: false,
      })
    ).data;
  return {
    busy: mutation.isPending,
    newFile: () => (key.current = newIdempotencyKey()),
    dryRun: (csv: string) => post(csv, true),
    apply: async (csv: string) => {
      const answer = await post(csv, false);
      void invalidate({ resource: 'inventory', invalidates: ['list'] });
      return answer;
    },
  };
}

type Step = { file: string; csv: string; check: SettingsImportAnswer | null; done: SettingsImportAnswer | null };

/**
 * 'Import settings': minimum and maximum stock, lead time, pack size and preferred seller of many inventory records from
 * a CSV file. The dry run lists what would change and each bad cell (row and column); only a clean file is imported,
 * all of it or nothing. For a role that may edit inventory records.
 */
export function SettingsImportButton() {
  const { message } = App.useApp();
  const { t, tx } = useT();
  const allowed = useCan({ resource: 'inventory', action: 'edit' }).data?.can === true;
  const imports = useSettingsImport();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (file: File) => {
    setFailure(null);
    if (file.size > PRODUCT_IMPORT_MAX_BYTES) {
      setFailure(t('replenishment.import.tooLarge', { size: (file.size / 1048576).toFixed(1), max: PRODUCT_IMPORT_MAX_BYTES / 1048576 }));
      return;
    }
    const csv = await file.text();
    imports.newFile();
    setStep({ file: file.name, csv, check: null, done: null });
    try {
      setStep({ file: file.name, csv, check: await imports.dryRun(csv), done: null });
    } catch (e) {
      setFailure((e as Error).message);
    }
  };
  const apply = async () => {
    if (!step) return;
    setFailure(null);
    try {
      const done = await imports.apply(step.csv);
      setStep({ ...step, done });
      void message.success(t('replenishment.import.done', { count: done.updated }));
    } catch (e) {
      setFailure((e as Error).message);
      const check = await imports.dryRun(step.csv).catch(() => null);
      if (check) setStep({ ...step, check });
    }
  };
  const close = () => {
    setOpen(false);
    setStep(null);
    setFailure(null);
  };
  if (!allowed) return null;
  const check = step?.check;
  const ready = !!check && check.errors.length === 0 && check.updated > 0 && !step?.done;

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('replenishment.import.open')}
      </Button>
      <Modal
        open={open}
        title={step ? t('replenishment.import.titleOf', { file: step.file }) : t('replenishment.import.title')}
        width={760}
        onCancel={close}
        maskClosable={false}
        footer={
          <Flex justify="space-between" wrap gap={8}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                downloadCsv(
                  'replenishment-settings.csv',
                  REPLENISHMENT_CSV_COLUMNS.map((c) => c.header),
                  TEMPLATE,
                )
              }
            >
              {t('replenishment.import.template')}
            </Button>
            <Flex gap={8}>
              <Button onClick={close}>{step?.done ? t('replenishment.import.close') : t('buttons.cancel')}</Button>
              {!step?.done && (
                <Button type="primary" disabled={!ready} loading={imports.busy && !!check} onClick={() => void apply()}>
                  {t('buttons.import')}
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
            <p className="ant-upload-text">{step ? t('replenishment.import.another') : t('replenishment.import.drop')}</p>
          </Upload.Dragger>
        )}
        {failure && <Alert type="error" showIcon role="alert" message={tx(failure)} style={{ marginBottom: 12 }} />}
        {step?.done && (
          <Alert type="success" showIcon message={t('replenishment.import.imported', { updated: step.done.updated, unchanged: step.done.unchanged })} />
        )}
        {check && !step?.done && (
          <>
            <Flex gap={8} wrap style={{ marginBottom: 12 }} aria-label={t('replenishment.import.summary')}>
              <Tag color="blue">{`${check.updated} ${t('replenishment.import.toChange')}`}</Tag>
              <Tag>{`${check.unchanged} ${t('replenishment.import.unchanged')}`}</Tag>
              <Tag color={check.errors.length ? 'red' : 'default'}>{`${check.errors.length} ${t('replenishment.import.errors')}`}</Tag>
            </Flex>
            {check.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(e) => `${e.row}/${e.field}/${e.message}`}
                dataSource={check.errors}
                scroll={{ x: true }}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                columns={[
                  { key: 'row', title: t('replenishment.import.row'), dataIndex: 'row', width: 70 },
                  // The CSV's own column names stay as the file spells them; the whole file and a whole row are named in words.
                  {
                    key: 'field',
                    title: t('replenishment.import.column'),
                    dataIndex: 'field',
                    width: 150,
                    render: (field: string) =>
                      field === 'file' ? t('replenishment.import.wholeFile') : field === 'row' ? t('replenishment.import.wholeRow') : field,
                  },
                  // The dry run's answer (a 200) is in English: its messages read in the user's language here.
                  { key: 'message', title: t('replenishment.import.message'), dataIndex: 'message', render: (text: string) => tx(text) },
                ]}
              />
            )}
          </>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('replenishment.import.help')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
