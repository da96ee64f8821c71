import { ArrowLeftOutlined } from '@ant-design/icons';
import { useBack } from '@refinedev/core';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/**
 * A record page's heading after a back arrow named in the user's language. The page header's own arrow is named
 * 'back' in English by @ant-design/pro-layout whatever the language (a screen reader reads it), so the pages turn it
 * off (`goBack={false}`) and show this one instead.
 */
export function BackTitle({ children }: { children: ReactNode }) {
  const back = useBack();
  const { t } = useT();
  return (
    <Space size={8} align="center">
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('buttons.back')} title={t('buttons.back')} onClick={back} />
      {children}
    </Space>
  );
}
