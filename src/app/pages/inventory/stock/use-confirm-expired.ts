import { App } from 'antd';
import { useCallback } from 'react';
import dayjs from 'dayjs';
import type { DisplayLanguage } from '../../../../domain/i18n/languages';
import { useT } from '../../../i18n/use-t';
import { translator } from '../shared/translator';

/** The question asked before receiving a batch whose expiry date has passed (in English unless given the user's language). */
export function expiredQuestion(day: string, language: DisplayLanguage = 'en'): string {
  const t = translator(language);
  return t('batches.expired.question', { date: dayjs(day).format('DD MMM YYYY') });
}

/** Asks whether to receive an expired batch anyway: true once the person chose 'Receive expired stock'. */
export function useConfirmExpired(): (batchNo: string, day: string) => Promise<boolean> {
  const { modal } = App.useApp();
  const { t, language } = useT();
  return useCallback(
    (batchNo: string, day: string) =>
      Promise.resolve(
        modal.confirm({
          title: t('batches.expired.title', { batch: batchNo }),
          content: expiredQuestion(day, language),
          okText: t('batches.expired.receive'),
          okButtonProps: { danger: true },
          cancelText: t('buttons.cancel'),
        }),
      ),
    [modal, t, language],
  );
}
