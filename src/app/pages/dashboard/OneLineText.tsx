import { Typography } from 'antd';
import type { CSSProperties } from 'react';

const ONE_LINE: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

/**
 * A panel's line cut to its width by CSS alone, the whole text on hover. Typography's `ellipsis` measures each text in
 * a copy of it to decide on its tooltip: some 30 forced layouts on the dashboard's first load.
 */
export function OneLineText({ text, secondary = false }: { text: string; secondary?: boolean }) {
  return (
    <Typography.Text type={secondary ? 'secondary' : undefined} title={text} style={ONE_LINE}>
      {text}
    </Typography.Text>
  );
}
