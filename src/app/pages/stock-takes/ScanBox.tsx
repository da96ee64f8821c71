import { LoadingOutlined, ScanOutlined } from '@ant-design/icons';
import { Flex, Input, Select, Typography, type InputRef } from 'antd';
import { useState, type RefObject } from 'react';
import { useT } from '../../i18n/use-t';
import type { ScanCandidate } from './scan-match';
import type { StockTakeLine } from './types';
import { useScanResolver } from './use-scan-resolver';

type Props = {
  takeId: string;
  /** The lines shown: a code among them is answered at once. */
  lines: StockTakeLine[];
  onPick: (product: ScanCandidate) => void;
  /** The box itself, so the sheet can hand the focus back to it for the next scan. */
  inputRef: RefObject<InputRef>;
};

const choiceLabel = (p: ScanCandidate, notOnSheet: string) => [p.productname, p.sku ?? p.barcode, p.onSheet ? null : notOnSheet].filter(Boolean).join(' · ');

/**
 * The count sheet's scan box: a barcode, an SKU or a name, then Enter. One match is picked; several are offered in a
 * list to pick from (arrow keys and Enter); an unknown code is said plainly and stays in the box, selected, so that
 * the next scan replaces it.
 */
export function ScanBox({ takeId, lines, onPick, inputRef }: Props) {
  const resolve = useScanResolver(takeId, lines);
  const { t, tx } = useT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [choices, setChoices] = useState<{ code: string; products: ScanCandidate[] } | null>(null);

  const backToBox = () => inputRef.current?.focus({ cursor: 'all' });
  const pick = (product: ScanCandidate) => {
    setChoices(null);
    setText('');
    onPick(product);
  };

  const scan = async () => {
    const code = text.trim();
    if (!code || busy) return;
    setBusy(true);
    setProblem(null);
    setChoices(null);
    try {
      const found = await resolve(code);
      if (found.kind === 'one') pick(found.product);
      else if (found.kind === 'several') setChoices({ code, products: found.products });
      else {
        setProblem(t('stockTakes.scan.notFound', { code }));
        backToBox();
      }
    } catch (error) {
      setProblem((error as Error).message);
      backToBox();
    } finally {
      setBusy(false);
    }
  };

  const closeChoices = () => {
    setChoices(null);
    backToBox();
  };

  return (
    <Flex vertical gap={4} style={{ marginBottom: 12, maxWidth: 480 }}>
      <Input
        ref={inputRef}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onPressEnter={() => void scan()}
        placeholder={t('stockTakes.scan.placeholder')}
        aria-label={t('stockTakes.scan.label')}
        prefix={busy ? <LoadingOutlined /> : <ScanOutlined />}
        status={problem ? 'error' : undefined}
        autoComplete="off"
        allowClear
        autoFocus
      />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {tx(problem)}
        </Typography.Text>
      )}
      {choices && (
        <>
          <Typography.Text>{t('stockTakes.scan.several', { n: choices.products.length, code: choices.code })}</Typography.Text>
          <Select<string>
            aria-label={t('stockTakes.scan.which')}
            open
            autoFocus
            placeholder={t('stockTakes.scan.pick')}
            options={choices.products.map((p) => ({ value: p._id, label: choiceLabel(p, t('stockTakes.scan.notOnSheet')) }))}
            onChange={(id) => {
              const product = choices.products.find((p) => p._id === id);
              if (product) pick(product);
            }}
            // Escape or a click elsewhere: no choice, back to the box for another scan.
            onOpenChange={(open) => !open && closeChoices()}
          />
        </>
      )}
    </Flex>
  );
}
