import { App } from 'antd';
import { useCallback } from 'react';
import dayjs from 'dayjs';

/** The question asked before receiving a batch whose expiry date has passed. */
export const expiredQuestion = (day: string) => `This batch expired on ${dayjs(day).format('DD MMM YYYY')}. It will be recorded and never sold.`;

/** Asks whether to receive an expired batch anyway: true once the person chose 'Receive expired stock'. */
export function useConfirmExpired(): (batchNo: string, day: string) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback(
    (batchNo: string, day: string) =>
      Promise.resolve(
        modal.confirm({
          title: `Batch ${batchNo} is past its expiry date`,
          content: expiredQuestion(day),
          okText: 'Receive expired stock',
          okButtonProps: { danger: true },
          cancelText: 'Cancel',
        }),
      ),
    [modal],
  );
}
